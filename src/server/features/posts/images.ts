import crypto from 'node:crypto'
import { POST_IMAGE_ASPECT, POST_IMAGE_WIDTHS } from '~/shared/posts/schemas'
import type { Platform } from '../../platform'
import { processUpload } from '../../platform/images'
import { FILES_PREFIX } from '../../platform/storage'

const LARGEST = POST_IMAGE_WIDTHS.at(-1)!
const VARIANT = /^(\/api\/files\/posts\/[\w-]+\/[\w-]+)-w(\d+)\.webp$/

/** The srcset of an uploaded post image (its stored width variants), or null for other images. */
export function srcSetOf(url: string) {
  const m = VARIANT.exec(url)
  return m ? POST_IMAGE_WIDTHS.map((w) => `${m[1]}-w${w}.webp ${w}w`).join(', ') : null
}

/** Storage keys of every variant of an uploaded post image. */
export function variantKeysOf(url: string) {
  const m = VARIANT.exec(url)
  return m ? POST_IMAGE_WIDTHS.map((w) => `${m[1]!.slice(FILES_PREFIX.length)}-w${w}.webp`) : []
}

/** True when `url` is one of the user's own uploaded post images. */
export const isOwnUpload = (url: string, userId: string) => VARIANT.test(url) && url.startsWith(`${FILES_PREFIX}posts/${userId}/`)

/**
 * Stores a photo for a post: checked by content, cropped to 4:5, stripped of metadata and
 * re-encoded as WebP at each card width under `posts/{userId}/{id}-w{width}.webp`.
 */
export async function storePostImage(p: Pick<Platform, 'storage'>, userId: string, file: Buffer) {
  const image = await processUpload(file, { widths: [...POST_IMAGE_WIDTHS], aspect: POST_IMAGE_ASPECT, quality: 72 })
  const id = crypto.randomUUID()
  await Promise.all(image.variants.map((v, i) => p.storage.put(`posts/${userId}/${id}-w${POST_IMAGE_WIDTHS[i]}.webp`, v.data, v.contentType)))
  const url = p.storage.url(`posts/${userId}/${id}-w${LARGEST}.webp`)
  return { url, srcSet: srcSetOf(url) }
}
