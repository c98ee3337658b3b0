import * as tf from '@tensorflow/tfjs-core'
import { dist, mid } from './geometry'
import { EYE_CORNERS, type FaceMesh } from './face-landmarks'
import type { Pose } from './pose'
import type { Rgb } from './raster'
import { type Roi, fromRoi, humanGraphModel, roiAround, roiTensor } from './tfjs-models'

/**
 * The face from MediaPipe's face mesh (468 points). It looks where the pose's eyes say the face
 * is, then again around the mesh it found there; its own face score decides whether a face is there.
 */
const INPUT = 192
const PRESENT = 0.5

const meshModel = () => humanGraphModel('facemesh')

async function meshIn(img: Rgb, roi: Roi): Promise<FaceMesh> {
  const net = await meshModel()
  const input = roiTensor(img, roi, INPUT)
  const [flag, mesh] = net.execute(input, ['Identity_1', 'Identity_2']) as tf.Tensor[]
  const [score = 0] = flag ? await flag.data() : []
  const values = mesh ? await mesh.data() : new Float32Array(468 * 3)
  tf.dispose([input, flag, mesh].filter((t) => t !== undefined))
  // (the face flag is already a probability, the points crop pixels: human/src/face/facemesh.ts)
  return { score, points: Array.from({ length: 468 }, (_, k) => fromRoi(roi, INPUT, values[k * 3] ?? 0, values[k * 3 + 1] ?? 0)) }
}

/** Where the pose's eyes put the face: a square of four eye distances, the eye line level. */
function aroundEyes(pose: Pose): Roi | null {
  const seen = 0.3
  if (pose.leftEye.score < seen || pose.rightEye.score < seen) return null
  const [l, r] = pose.leftEye.x <= pose.rightEye.x ? [pose.leftEye, pose.rightEye] : [pose.rightEye, pose.leftEye]
  const ears = pose.leftEar.score >= seen && pose.rightEar.score >= seen ? dist(pose.leftEar, pose.rightEar) * 0.55 : 0
  const across = Math.max(dist(l, r), ears)
  const angle = Math.atan2(r.y - l.y, r.x - l.x)
  const centre = mid(l, r)
  return { centre: { x: centre.x - Math.sin(angle) * across * 0.5, y: centre.y + Math.cos(angle) * across * 0.5 }, side: across * 4, angle }
}

/** The face mesh of the person (image pixels), or null when the model sees no face where the pose puts it. */
export async function detectFace(img: Rgb, pose: Pose): Promise<FaceMesh | null> {
  const roi = aroundEyes(pose)
  if (!roi) return null
  const first = await meshIn(img, roi)
  if (first.score < PRESENT) return null
  const [a, b] = EYE_CORNERS.map((k) => first.points[k] ?? roi.centre)
  const level = a && b ? Math.atan2(b.y - a.y, b.x - a.x) : roi.angle
  const second = await meshIn(img, roiAround(first.points, level, 1.5))
  return second.score >= PRESENT ? second : first
}

/** Loads the model and runs it once (its first run compiles kernels, slower than the next ones). */
export const warmFaceMesh = async () => void (await meshIn({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }, { centre: { x: 32, y: 32 }, side: 64, angle: 0 }))
