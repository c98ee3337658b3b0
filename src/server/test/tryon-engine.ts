import sharp from 'sharp'
import { z } from 'zod'
import type { Storage } from '../platform/storage'
import { analysisKeys, createAnalysisStore } from '../tryon/analysis-store'
import type { StoredImage, TryOnEngine, TryOnInput, TryOnOutput } from '../tryon/engine'
import { TryOnError } from '../tryon/engine'

/**
 * Test double only: lays the garment over the person's torso with sharp, so that tests get a real
 * image derived from both inputs. Never used by the app itself.
 */
export async function composeTryOn(person: Buffer, garment: Buffer, width: number, height: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg') {
  const base = await sharp(person).resize(width, height, { fit: 'cover' }).toBuffer()
  const overlay = await sharp(garment)
    .resize(Math.round(width * 0.5), Math.round(height * 0.4), { fit: 'inside' })
    .ensureAlpha(0.85)
    .png()
    .toBuffer()
  return sharp(base)
    .composite([{ input: overlay, top: Math.round(height * 0.28), left: Math.round(width * 0.25) }])
    .toFormat(format)
    .toBuffer()
}

const PhotoAnalysisSchema = z.object({ mean: z.array(z.number()) })
type PhotoAnalysis = z.infer<typeof PhotoAnalysisSchema>
const StoredSchema = PhotoAnalysisSchema.extend({ source: z.string() })

/**
 * Photo analyses like the on-device engine's (through the same store, written next to the photo
 * as `<key>.analysis.json` and `<key>.analysis.png`) but cheap: `computed` lists each computation.
 */
function testAnalyses(computed: string[]) {
  const store = createAnalysisStore<PhotoAnalysis>(
    {
      async load(storage, key, source) {
        const json = await storage.get(analysisKeys(key).json)
        const value = json && StoredSchema.safeParse(JSON.parse(json.body.toString('utf8'))).data
        return value?.source === source && (await storage.get(analysisKeys(key).masks)) ? { mean: value.mean } : null
      },
      async save(storage, key, source, value) {
        const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: value.mean[0]!, g: value.mean[1]!, b: value.mean[2]! } } }).png().toBuffer()
        await storage.put(analysisKeys(key).masks, png, 'image/png')
        await storage.put(analysisKeys(key).json, Buffer.from(JSON.stringify({ ...value, source })), 'application/json')
      },
    },
    { memory: 4 },
  )
  return (image: StoredImage, storage: Storage) =>
    store.get(
      image,
      async () => {
        computed.push(image.key)
        const { channels } = await sharp(image.data).stats()
        return { mean: channels.slice(0, 3).map((c) => Math.round(c.mean)) }
      },
      storage,
    )
}

export type TestEngine = TryOnEngine & { calls: TryOnInput[]; prepared: string[]; computed: string[]; /** Ends every call still waiting. */ release(): void }

/**
 * A TryOnEngine for tests: composes, or fails with `fail`, or waits `delayMs` (abortable). With
 * `analyses` (the storage it keeps them in), it analyses each photo at upload and at try-on.
 */
export function createTestEngine(opts: { fail?: TryOnError; delayMs?: number; hang?: boolean; analyses?: Storage } = {}): TestEngine {
  const calls: TryOnInput[] = []
  const prepared: string[] = []
  const computed: string[] = []
  const waiting = new Set<() => void>()
  const analyse = testAnalyses(computed)
  return {
    name: 'http',
    calls,
    prepared,
    computed,
    release: () => {
      for (const end of waiting) end()
    },
    async generate(input): Promise<TryOnOutput> {
      calls.push(input)
      if (opts.analyses) {
        const [person, garment] = await Promise.all([analyse(input.person, opts.analyses), analyse(input.garment, opts.analyses)])
        await Promise.all([person.saved, garment.saved])
      }
      if (opts.hang || opts.delayMs) {
        await new Promise<void>((resolve, reject) => {
          const timer = opts.hang ? undefined : setTimeout(resolve, opts.delayMs)
          const end = () => {
            clearTimeout(timer)
            waiting.delete(end)
            reject(new TryOnError('aborted', true))
          }
          waiting.add(end)
          input.signal?.addEventListener('abort', end)
        })
      }
      if (opts.fail) throw opts.fail
      const images = await Promise.all(
        Array.from({ length: input.numberResults }, async () => ({ data: await composeTryOn(input.person.data, input.garment.data, input.width, input.height), contentType: 'image/jpeg' })),
      )
      return { images, model: 'test-composer' }
    },
    async prepare(image) {
      prepared.push(`${image.kind}:${image.key}`)
      if (opts.analyses) await (await analyse(image, opts.analyses)).saved
    },
    async check() {},
  }
}
