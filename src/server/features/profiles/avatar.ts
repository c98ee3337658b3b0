import type { Platform } from '../../platform'
import { processUpload } from '../../platform/images'

/** Avatar sizes: the profile header uses 320, lists and cards 96 (same name plus '-w96'). */
const AVATAR_WIDTHS = [96, 320]

/**
 * Stores an uploaded avatar at `avatars/{userId}/{timestamp}.webp` (spec part 1 §7): checked by
 * content, squared, re-encoded without metadata. Returns the URL for the profile's avatar_url.
 */
export async function uploadAvatar(p: Pick<Platform, 'storage'>, userId: string, file: Buffer) {
  const image = await processUpload(file, { widths: AVATAR_WIDTHS, aspect: 1, quality: 80 })
  const stamp = Date.now()
  const [small, large] = image.variants
  const key = `avatars/${userId}/${stamp}.${large!.ext}`
  await p.storage.put(`avatars/${userId}/${stamp}-w96.${small!.ext}`, small!.data, small!.contentType)
  await p.storage.put(key, large!.data, large!.contentType)
  return { url: p.storage.url(key) }
}
