import * as tf from '@tensorflow/tfjs-core'
import type { BodyFrame, Hand } from './analysis-schemas'
import { type Point, add, dist, norm, scale, sub } from './geometry'
import type { Rgb } from './raster'
import { type Roi, fromRoi, humanGraphModel, roiAround, roiTensor, upAlong } from './tfjs-models'

/**
 * Hands from MediaPipe's hand landmark model (21 points a hand). It looks where the pose says a
 * hand is, past each wrist along the forearm (as MediaPipe Holistic does), then again around the
 * hand it found there; its own hand score decides whether a hand is there at all.
 */
const INPUT = 224
/** The hand score from which a hand counts as found. */
const PRESENT = 0.5

const handModel = () => humanGraphModel('handlandmark-full')

/** Landmark indices: the wrist and the middle finger's knuckle (the hand's up). */
const WRIST = 0
const MIDDLE_KNUCKLE = 9

async function handIn(img: Rgb, roi: Roi): Promise<Hand> {
  const net = await handModel()
  const input = roiTensor(img, roi, INPUT)
  const [flag, coords] = net.execute(input, ['Identity_1', 'Identity']) as tf.Tensor[]
  const [score = 0] = flag ? await flag.data() : []
  const values = coords ? await coords.data() : new Float32Array(63)
  tf.dispose([input, flag, coords].filter((t) => t !== undefined))
  // (Identity_1 is the hand's presence, 0..1, Identity its points in crop pixels: human/src/hand/handtrack.ts)
  const landmarks = Array.from({ length: 21 }, (_, k) => fromRoi(roi, INPUT, values[k * 3] ?? 0, values[k * 3 + 1] ?? 0))
  return { score, landmarks }
}

/** Where a hand would be seen past the wrist: a square of about a hand and a half, the forearm's direction up. */
function pastTheWrist(elbow: Point, wrist: Point, shoulderWidth: number): Roi {
  const along = norm(sub(wrist, elbow))
  return { centre: add(wrist, scale(along, shoulderWidth * 0.22)), side: shoulderWidth * 0.9, angle: upAlong(elbow, wrist) }
}

async function handPastWrist(img: Rgb, elbow: Point, wrist: Point, shoulderWidth: number): Promise<Hand | null> {
  const first = await handIn(img, pastTheWrist(elbow, wrist, shoulderWidth))
  if (first.score < PRESENT) return null
  const { landmarks } = first
  const [w, k] = [landmarks[WRIST], landmarks[MIDDLE_KNUCKLE]]
  if (!w || !k) return null
  const second = await handIn(img, roiAround(landmarks, upAlong(w, k), 1.6))
  return second.score >= PRESENT ? second : first
}

const centroid = (points: Point[]) => scale(points.reduce(add, { x: 0, y: 0 }), 1 / (points.length || 1))

/** The hands seen past the body's wrists (one where both arms lead to the same hand, the surer). */
export async function detectHands(img: Rgb, body: BodyFrame): Promise<Hand[]> {
  const sw = body.shoulderWidth
  const left = await handPastWrist(img, body.elbowL, body.wristL, sw)
  const right = await handPastWrist(img, body.elbowR, body.wristR, sw)
  if (left && right && dist(centroid(left.landmarks), centroid(right.landmarks)) < sw * 0.1) return [left.score >= right.score ? left : right]
  return [left, right].filter((h) => h !== null)
}

/** Loads the model and runs it once (its first run compiles kernels, slower than the next ones). */
export const warmHands = async () => void (await handIn({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }, { centre: { x: 32, y: 32 }, side: 64, angle: 0 }))
