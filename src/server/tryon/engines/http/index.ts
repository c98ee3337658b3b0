import { z } from 'zod'
import { type TryOnEngine, TryOnError, type TryOnInput } from '../../engine'
import { engineSignal } from '../shared'

/** The answer of a try-on server (docs/tryon-http-protocol.md). */
const ResponseSchema = z.object({
  model: z.string().max(200).optional(),
  images: z
    .array(z.object({ contentType: z.enum(['image/jpeg', 'image/png', 'image/webp']), data: z.base64().max(40_000_000) }))
    .min(1)
    .max(4),
})
const ErrorSchema = z.object({ error: z.object({ message: z.string().max(500), retryable: z.boolean().optional() }) })

export type HttpEngineOptions = { url: string; timeoutMs?: number }

/** A self-hosted GPU try-on server speaking the JSON protocol of docs/tryon-http-protocol.md. */
export function createHttpEngine(opts: HttpEngineOptions): TryOnEngine {
  const base = opts.url.replace(/\/$/, '')
  const timeoutMs = opts.timeoutMs ?? 4 * 60_000

  async function post(body: unknown, signal: AbortSignal) {
    try {
      return await fetch(`${base}/v1/tryon`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body), signal })
    } catch {
      if (signal.aborted) throw new TryOnError('The try-on server took too long to answer. Please try again.', true)
      throw new TryOnError('Could not reach the try-on server. Please try again in a moment.', true)
    }
  }

  return {
    name: 'http',
    async generate(input: TryOnInput, onProgress) {
      const signal = engineSignal(input.signal, timeoutMs)
      onProgress?.('submitting')
      const res = await post(
        {
          person: { contentType: input.person.contentType, data: input.person.data.toString('base64') },
          garment: { contentType: input.garment.contentType, data: input.garment.data.toString('base64'), category: input.garment.category ?? null },
          size: input.size ?? null,
          measurements: input.measurements ?? {},
          width: input.width,
          height: input.height,
          numberResults: input.numberResults,
          outputFormat: input.outputFormat,
          prompt: input.prompt ?? null,
          model: input.model ?? null,
          options: input.customJson ?? {},
        },
        signal,
      )
      const json = (await res.json().catch(() => null)) as unknown
      if (!res.ok) {
        const err = ErrorSchema.safeParse(json)
        const retryable = err.success ? Boolean(err.data.error.retryable) : res.status === 429 || res.status >= 500
        throw new TryOnError(err.success ? err.data.error.message : `The try-on server answered with an error (HTTP ${res.status}).`, retryable)
      }
      const parsed = ResponseSchema.safeParse(json)
      if (!parsed.success) throw new TryOnError('The try-on server sent an answer we could not read.')
      return {
        model: parsed.data.model ?? 'http',
        images: parsed.data.images.map((i) => ({ data: Buffer.from(i.data, 'base64'), contentType: i.contentType })),
      }
    },
    async check() {
      const res = await fetch(`${base}/v1/health`, { signal: AbortSignal.timeout(3000) })
      if (!res.ok) throw new Error(`try-on server health: HTTP ${res.status}`)
    },
  }
}
