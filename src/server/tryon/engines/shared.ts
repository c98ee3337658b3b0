import type { OutputFormat, StoredImage } from '../engine'

/** An image as a base64 data URI, the way hosted engines take inline images. */
export const dataUri = (image: Pick<StoredImage, 'data' | 'contentType'>) => `data:${image.contentType};base64,${image.data.toString('base64')}`

export const contentTypeOf = (format: OutputFormat | string) => {
  const f = format.toUpperCase()
  return f === 'PNG' ? 'image/png' : f === 'WEBP' ? 'image/webp' : 'image/jpeg'
}

/** The caller's abort signal combined with the engine's own time limit. */
export const engineSignal = (signal: AbortSignal | undefined, timeoutMs: number) =>
  signal ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : AbortSignal.timeout(timeoutMs)
