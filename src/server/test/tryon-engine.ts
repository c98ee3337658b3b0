import sharp from 'sharp'
import type { TryOnEngine, TryOnInput, TryOnOutput } from '../tryon/engine'
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

export type TestEngine = TryOnEngine & { calls: TryOnInput[]; prepared: string[]; /** Ends every call still waiting. */ release(): void }

/** A TryOnEngine for tests: composes, or fails with `fail`, or waits `delayMs` (abortable). */
export function createTestEngine(opts: { fail?: TryOnError; delayMs?: number; hang?: boolean } = {}): TestEngine {
  const calls: TryOnInput[] = []
  const prepared: string[] = []
  const waiting = new Set<() => void>()
  return {
    name: 'http',
    calls,
    prepared,
    release: () => {
      for (const end of waiting) end()
    },
    async generate(input): Promise<TryOnOutput> {
      calls.push(input)
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
    },
    async check() {},
  }
}
