import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { PRODUCT_IMAGE_DEFAULT_WIDTH, PRODUCT_IMAGE_WIDTHS, productImageKey } from '~/shared/marketplace/images'
import { AppError } from '../../../http/errors'
import { MAX_UPLOAD_BYTES, processUpload } from '../../../platform/images'
import type { Storage } from '../../../platform/storage'
import { hasProductImages } from '../images'

const URL_TIMEOUT_MS = 15_000

export type ImageSourceOptions = {
  /** Folder of the product file: local paths are read from it and may not leave it. */
  baseDir: string
  /** Only for an operator's own file (the CLI): images may also come from http(s) URLs. */
  allowUrls: boolean
  storage: Storage
  /** Check every image but store nothing. */
  dryRun: boolean
  fetch?: typeof fetch
}

/** A stored image set (`products/<imageId>/<width>.webp`); `stored` is false when it was already there. */
export type StoredProductImage = { imageId: string; url: string; garmentKey: string; stored: boolean }

export class ImageSourceError extends Error {}

async function readLocal(source: string, baseDir: string) {
  const file = path.resolve(baseDir, source)
  const relative = path.relative(baseDir, file)
  if (relative.startsWith('..') || path.isAbsolute(relative)) throw new ImageSourceError('Image paths must stay inside the folder of the product file')
  const stat = await fs.stat(file).catch(() => null)
  if (!stat?.isFile()) throw new ImageSourceError(`No image file at ${source}`)
  if (stat.size > MAX_UPLOAD_BYTES) throw new ImageSourceError(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)
  return fs.readFile(file)
}

/** Downloads an image with a timeout and a size bound, reading no more than the bound. */
async function download(url: URL, fetchImpl: typeof fetch) {
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(URL_TIMEOUT_MS), redirect: 'follow' }).catch((err: Error) => {
    throw new ImageSourceError(err.name === 'TimeoutError' ? `The image did not arrive within ${URL_TIMEOUT_MS / 1000} s` : `The image could not be fetched (${(err.cause as Error | undefined)?.message ?? err.message})`)
  })
  if (!response.ok || !response.body) throw new ImageSourceError(`The image could not be fetched (HTTP ${response.status})`)
  if (Number(response.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw new ImageSourceError(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)
  const reader = response.body.getReader()
  const chunks: Buffer[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) return Buffer.concat(chunks)
    size += value.length
    if (size > MAX_UPLOAD_BYTES) {
      await reader.cancel()
      throw new ImageSourceError(`The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`)
    }
    chunks.push(Buffer.from(value))
  }
}

function readSource(source: string, opts: ImageSourceOptions) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(source) && !/^[a-z]:[\\/]/i.test(source)) {
    const url = URL.canParse(source) ? new URL(source) : null
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ImageSourceError('Images are local paths or http(s) URLs')
    if (!opts.allowUrls) throw new ImageSourceError('Images from URLs are only read from an operator’s file (the import command)')
    return download(url, opts.fetch ?? fetch)
  }
  return readLocal(source, opts.baseDir)
}

/**
 * Product images by source, each read, checked and re-encoded once per import (the same file or
 * URL used by several products or colours is one image). Images are stored by their content
 * (`products/img-<sha256>/…`), so importing the same photo again stores and analyses nothing new.
 */
export function createImageImporter(opts: ImageSourceOptions) {
  const bySource = new Map<string, Promise<StoredProductImage>>()
  const byContent = new Map<string, Promise<StoredProductImage>>()

  async function store(data: Buffer, hash: string): Promise<StoredProductImage> {
    const imageId = `img-${hash.slice(0, 32)}`
    const result = { imageId, url: opts.storage.url(productImageKey(imageId, PRODUCT_IMAGE_DEFAULT_WIDTH)), garmentKey: productImageKey(imageId, PRODUCT_IMAGE_DEFAULT_WIDTH) }
    if (await hasProductImages(opts.storage, imageId)) return { ...result, stored: false }
    const widths = [...PRODUCT_IMAGE_WIDTHS].sort((a, b) => a - b)
    const processed = await processUpload(data, { widths, format: 'webp', quality: 82 })
    if (!opts.dryRun) {
      // Largest last: its presence marks a complete set (see hasProductImages).
      for (const variant of processed.variants) await opts.storage.put(productImageKey(imageId, variant.requested), variant.data, variant.contentType)
    }
    return { ...result, stored: true }
  }

  return {
    /** The stored image of `source`, or an ImageSourceError / AppError saying why it cannot be used. */
    image(source: string): Promise<StoredProductImage> {
      let pending = bySource.get(source)
      if (!pending) {
        pending = readSource(source, opts).then((data) => {
          const hash = crypto.createHash('sha256').update(data).digest('hex')
          let stored = byContent.get(hash)
          if (!stored) {
            stored = store(data, hash)
            byContent.set(hash, stored)
          }
          return stored
        })
        bySource.set(source, pending)
      }
      return pending
    },
  }
}

/** Why an image could not be used, in words for the report. */
export const imageErrorReason = (err: unknown) => (err instanceof ImageSourceError || err instanceof AppError ? err.message : `The image could not be read (${(err as Error).message})`)
