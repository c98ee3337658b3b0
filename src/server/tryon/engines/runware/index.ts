import crypto from 'node:crypto'
import { runwareTask } from '~/shared/tryon/runware-task'
import { type TryOnEngine, TryOnError, type TryOnImage, type TryOnInput } from '../../engine'
import { contentTypeOf, dataUri, engineSignal } from '../shared'

export type RunwareOptions = {
  apiKey: string
  /** The REST endpoint, `https://api.runware.ai/v1` in production. */
  url: string
  pollIntervalMs?: number
  timeoutMs?: number
}

type RunwareItem = { taskType?: string; taskUUID?: string; status?: string; imageBase64Data?: string; imageDataURI?: string; imageURL?: string; error?: string; message?: string }
type RunwareError = { code?: string; message?: string; parameter?: string; taskUUID?: string }
type RunwareBody = { data?: RunwareItem[]; errors?: RunwareError[]; error?: RunwareError }

/** Runware's error codes and statuses as messages a shopper can act on. */
function runwareError(status: number, body: RunwareBody | null): TryOnError {
  const err = body?.errors?.[0] ?? body?.error
  const detail = err?.message?.trim()
  if (status === 401 || status === 403 || err?.code === 'invalidApiKey' || err?.code === 'missingApiKey') return new TryOnError('The try-on service refused our API key. Please contact support.')
  if (status === 402 || err?.code === 'insufficientCredits') return new TryOnError('The try-on service is out of credits right now. Please try again later.')
  if (status === 429) return new TryOnError('The try-on service is busy right now. Please try again in a moment.', true)
  if (status >= 500) return new TryOnError('The try-on service is unavailable right now. Please try again in a moment.', true)
  if (err?.code === 'contentModerated' || /safety|moderat|nsfw/i.test(detail ?? '')) return new TryOnError('The try-on service declined these photos. Please try different photos.')
  return new TryOnError(detail ? `The try-on service could not create the image: ${detail}` : `The try-on service answered with an error (HTTP ${status}).`)
}

function decodeImage(item: RunwareItem, contentType: string): TryOnImage | null {
  if (item.imageBase64Data) return { data: Buffer.from(item.imageBase64Data, 'base64'), contentType }
  const [, type, base64] = (item.imageDataURI && /^data:([^;]+);base64,(.+)$/.exec(item.imageDataURI)) || []
  return type && base64 ? { data: Buffer.from(base64, 'base64'), contentType: type } : null
}

/**
 * The hosted Runware API: one `imageInference` task sent with `deliveryMethod: async`, then
 * `getResponse` polled until every requested image is there (or an error). Images travel as data
 * URIs both ways, so nothing is fetched from any URL.
 */
export function createRunwareEngine(opts: RunwareOptions): TryOnEngine {
  const pollIntervalMs = opts.pollIntervalMs ?? 2000
  const timeoutMs = opts.timeoutMs ?? 4 * 60_000

  async function call(tasks: Record<string, unknown>[], signal: AbortSignal): Promise<RunwareItem[]> {
    let res: Response
    try {
      res = await fetch(opts.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.apiKey}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(tasks),
        signal,
      })
    } catch {
      if (signal.aborted) throw new TryOnError('The try-on service took too long to answer. Please try again.', true)
      throw new TryOnError('Could not reach the try-on service. Please try again in a moment.', true)
    }
    const body = (await res.json().catch(() => null)) as RunwareBody | null
    if (!res.ok || body?.errors?.length || body?.error) throw runwareError(res.status, body)
    return body?.data ?? []
  }

  return {
    name: 'runware',
    async generate(input: TryOnInput, onProgress) {
      const signal = engineSignal(input.signal, timeoutMs)
      const taskUUID = crypto.randomUUID()
      const task = runwareTask({
        taskUUID,
        model: input.model ?? 'runware:106@1',
        prompt: input.prompt ?? '',
        width: input.width,
        height: input.height,
        numberResults: input.numberResults,
        outputFormat: input.outputFormat,
        person: dataUri(input.person),
        garment: dataUri(input.garment),
        customJson: input.customJson,
      })
      const wanted = task.numberResults as number
      const contentType = contentTypeOf(String(task.outputFormat ?? input.outputFormat))
      const images: TryOnImage[] = []
      const collect = (items: RunwareItem[]) => {
        for (const item of items) {
          if (item.taskUUID && item.taskUUID !== taskUUID) continue
          if (item.status === 'error') throw new TryOnError(item.message || item.error || 'The try-on service could not create the image.')
          const image = decodeImage(item, contentType)
          if (image) images.push(image)
        }
      }
      onProgress?.('submitting')
      collect(await call([task], signal))
      onProgress?.('waiting')
      while (images.length < wanted) {
        await new Promise((resolve) => setTimeout(resolve, pollIntervalMs))
        if (signal.aborted) throw new TryOnError('The try-on service took too long to answer. Please try again.', true)
        // A dropped poll (network blip, 5xx, 429) is retried at the next tick until the time limit.
        const items = await call([{ taskType: 'getResponse', taskUUID }], signal).catch((err: unknown) => {
          if (err instanceof TryOnError && err.retryable && !signal.aborted) return null
          throw err
        })
        if (!items) continue
        images.length = 0
        collect(items)
      }
      return { images: images.slice(0, wanted), model: String(task.model) }
    },
    async check() {
      if (!opts.apiKey) throw new Error('RUNWARE_API_KEY is not set')
    },
  }
}
