import * as ort from 'onnxruntime-node'
import sharp from 'sharp'
import { engineThreads, readIsnetModel } from './model-files'
import { withInputSize } from './onnx-input-size'
import { type Plane, type Rgb, resizePlane } from './raster'

/** ISNet's own input size, and the size it runs at here (masks as good for try-on, 2.5x faster). */
const EXPORTED_SIZE = 1024
const SIZE = 640

let session: Promise<ort.InferenceSession> | null = null

/** The ISNet session, created once per process and reused (kept warm). */
function isnet() {
  process.env.ORT_DISABLE_TELEMETRY = '1'
  session ??= readIsnetModel('medium').then((model) =>
    ort.InferenceSession.create(withInputSize(model, EXPORTED_SIZE, SIZE), {
      intraOpNumThreads: engineThreads(),
      interOpNumThreads: 1,
      executionMode: 'sequential',
      graphOptimizationLevel: 'all',
      // No arena: memory goes back after each run.
      enableCpuMemArena: false,
      enableMemPattern: false,
      // (shape inference notes the rewritten sizes differ from the export's: expected)
      logSeverityLevel: 3,
    }),
  )
  session.catch(() => (session = null))
  return session
}


/** Foreground (salient object: the person, the garment) as a 0..1 plane at the image's size. */
export async function segmentForeground(img: Rgb): Promise<Plane> {
  const { data } = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } })
    .resize(SIZE, SIZE, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const n = SIZE * SIZE
  const input = new Float32Array(3 * n)
  for (let i = 0; i < n; i++) {
    input[i] = (data[i * 3]! - 128) / 256
    input[i + n] = (data[i * 3 + 1]! - 128) / 256
    input[i + 2 * n] = (data[i * 3 + 2]! - 128) / 256
  }
  const s = await isnet()
  const result = await s.run({ [s.inputNames[0]!]: new ort.Tensor('float32', input, [1, 3, SIZE, SIZE]) })
  const output = result[s.outputNames[0]!]!.data as Float32Array
  return resizePlane({ width: SIZE, height: SIZE, data: Float32Array.from(output) }, img.width, img.height)
}

/** Loads ISNet and runs it once (its first run allocates and packs weights, slower than the next ones). */
export const warmSegmenter = async () => void (await segmentForeground({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) }))
