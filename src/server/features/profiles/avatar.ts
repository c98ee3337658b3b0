import type { Db, Tx } from '../../db/client'
import type { Platform } from '../../platform'
import { processUpload, variantOf } from '../../platform/images'
import { logger } from '../../platform/logger'
import { claimUpload, holdUpload } from '../../platform/pending-uploads'
import { FILES_PREFIX, type Storage } from '../../platform/storage'

/** Avatar sizes: the profile header uses 320, lists and cards 96 (same name plus '-w96'). */
const [SMALL, LARGE] = [96, 320]
const AVATAR_URL = /^\/api\/files\/(avatars\/[\w-]+\/\d+)\.webp$/

/** Storage keys of both sizes of one of the user's uploaded avatars; [] for any other URL. */
function avatarKeysOf(url: string, userId: string) {
  const base = AVATAR_URL.exec(url)?.[1]
  return base?.startsWith(`avatars/${userId}/`) ? [`${base}.webp`, `${base}-w96.webp`] : []
}

/**
 * Stores an avatar at `avatars/{userId}/{timestamp}.webp` (spec part 1 §7): checked by content,
 * squared, re-encoded without metadata. Returns the URL for the profile's avatar_url.
 */
export async function storeAvatar(p: Pick<Platform, 'storage'>, userId: string, file: Buffer) {
  const image = await processUpload(file, { widths: [SMALL, LARGE], aspect: 1, quality: 80 })
  const stamp = Date.now()
  const [small, large] = [variantOf(image, SMALL), variantOf(image, LARGE)]
  const key = `avatars/${userId}/${stamp}.${large.ext}`
  await p.storage.put(`avatars/${userId}/${stamp}-w96.${small.ext}`, small.data, small.contentType)
  await p.storage.put(key, large.data, large.contentType)
  return { key, url: p.storage.url(key) }
}

/** An avatar uploaded from the profile editor: pending until the profile is saved with it, deleted after a day otherwise. */
export async function uploadAvatar(p: Pick<Platform, 'storage' | 'db'>, userId: string, file: Buffer) {
  const { key, url } = await storeAvatar(p, userId, file)
  await holdUpload(p.db, userId, key, avatarKeysOf(url, userId))
  return { url }
}

/** Takes a pending avatar upload of the user into use (in the saving transaction); false when it is not one. */
export const claimAvatar = (db: Db | Tx, userId: string, url: string) =>
  url.startsWith(FILES_PREFIX) ? claimUpload(db, userId, url.slice(FILES_PREFIX.length)) : Promise.resolve(false)

/** Deletes every size of a replaced or removed avatar (only the user's own uploads; other URLs are left alone). */
export async function deleteAvatarFiles(storage: Storage, userId: string, url: string) {
  await Promise.all(avatarKeysOf(url, userId).map((key) => storage.delete(key))).catch((err: unknown) => logger.warn('old avatar not deleted', { err }))
}
