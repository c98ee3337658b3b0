import crypto from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import type { Photo, PhotoType } from '~/shared/tryon/schemas'
import { userPhotos } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { processUpload, variantOf } from '../../platform/images'
import { logger } from '../../platform/logger'
import { forgetAnalysis } from '../../tryon'
import { engineOf } from '../tryon'

/** The longest side a stored try-on photo keeps: enough for every engine, small enough to move. */
const PHOTO_MAX_WIDTH = 1536
export const PREPARE_JOB = 'tryon.prepare'
/** `progress`: the job's place in a batch (a catalogue import), logged when it is done. */
export type PrepareJob = { key: string; kind: 'person' | 'garment'; progress?: { n: number; of: number } }

const toPhoto = (r: typeof userPhotos.$inferSelect): Photo => ({
  id: r.id,
  photoType: r.photoType,
  filePath: r.filePath,
  fileUrl: r.fileUrl,
  originalFilename: r.originalFilename,
  fileSize: r.fileSize,
  mimeType: r.mimeType,
  createdAt: r.createdAt.toISOString(),
})

/** The user's own photos of one type, newest first. */
export async function listPhotos(p: Platform, userId: string, type: PhotoType) {
  const rows = await p.db
    .select()
    .from(userPhotos)
    .where(and(eq(userPhotos.userId, userId), eq(userPhotos.photoType, type)))
    .orderBy(desc(userPhotos.createdAt))
    .limit(200)
  return rows.map(toPhoto)
}

/**
 * Stores an uploaded photo under `user-photos/{userId}/…` (checked by content, re-encoded, metadata
 * stripped, bounded), records it, and queues the engine's preparation of it when it has one.
 */
export async function uploadPhoto(p: Platform, userId: string, file: { buffer: Buffer; name: string }, type: PhotoType) {
  const image = await processUpload(file.buffer, { widths: [PHOTO_MAX_WIDTH], format: 'jpeg', quality: 90 })
  const variant = variantOf(image, PHOTO_MAX_WIDTH)
  const filePath = `${userId}/${Date.now()}-${crypto.randomBytes(4).toString('hex')}.${variant.ext}`
  const key = `user-photos/${filePath}`
  await p.storage.put(key, variant.data, variant.contentType)
  const row = oneRow(await p.db
    .insert(userPhotos)
    .values({ userId, filePath, fileUrl: p.storage.url(key), originalFilename: file.name.slice(0, 200), fileSize: variant.data.length, mimeType: variant.contentType, photoType: type })
    .returning())
  const engine = await engineOf(p).catch(() => null)
  if (engine?.prepare) {
    await p.queue.send(PREPARE_JOB, { key, kind: type === 'base' ? 'person' : 'garment' } satisfies PrepareJob).catch((err) => logger.warn('could not queue photo preparation', { err }))
  }
  return toPhoto(row)
}

/**
 * Deletes one of the user's own photos: the row, the stored object and what the try-on engine derived
 * from it (a person photo's analysis holds their body's outline and a picture of it unclothed); a
 * failure to delete from storage is logged.
 */
export async function deletePhoto(p: Platform, userId: string, id: string) {
  const [row] = await p.db
    .delete(userPhotos)
    .where(and(eq(userPhotos.id, id), eq(userPhotos.userId, userId)))
    .returning()
  if (!row) throw notFound('Photo not found.')
  const key = `user-photos/${row.filePath}`
  await Promise.all([p.storage.delete(key), forgetAnalysis(p.storage, key)]).catch((err) => logger.warn('could not delete a stored photo', { id, err }))
  return toPhoto(row)
}
