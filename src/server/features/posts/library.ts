import { and, count, desc, eq } from 'drizzle-orm'
import { FM } from '~/shared/posts/messages'
import { MAX_LIBRARY_PHOTOS, type LibraryPhoto } from '~/shared/posts/schemas'
import type { Db, Tx } from '../../db/client'
import { libraryPhotos, users } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { conflict, notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { libraryImage, storeLibraryImage } from './images'

const libraryFull = () => conflict(FM.libraryFull(MAX_LIBRARY_PHOTOS), 'library_full')

async function libraryCount(db: Db | Tx, userId: string) {
  const [row] = await db.select({ n: count() }).from(libraryPhotos).where(eq(libraryPhotos.userId, userId))
  return row?.n ?? 0
}

function toLibraryPhoto(p: Pick<Platform, 'storage'>, row: typeof libraryPhotos.$inferSelect): LibraryPhoto {
  const { url, srcSet } = libraryImage(p, row.userId, row.id)
  return { id: row.id, url, srcSet, postId: null, createdAt: row.createdAt.toISOString() }
}

/** The user's uploaded library photos, newest first, and how many there are. */
export async function libraryOf(p: Pick<Platform, 'db' | 'storage'>, userId: string) {
  const rows = await p.db.select().from(libraryPhotos).where(eq(libraryPhotos.userId, userId)).orderBy(desc(libraryPhotos.createdAt)).limit(MAX_LIBRARY_PHOTOS)
  return rows.map((row) => toLibraryPhoto(p, row))
}

/**
 * Adds an uploaded photo to the user's library, at most MAX_LIBRARY_PHOTOS of them (409
 * `library_full`). The count is checked again under a lock of the user's row, so concurrent
 * uploads cannot pass the limit; a photo that does not fit has its files removed.
 */
export async function addLibraryPhoto(p: Pick<Platform, 'db' | 'storage'>, userId: string, file: Buffer) {
  if ((await libraryCount(p.db, userId)) >= MAX_LIBRARY_PHOTOS) throw libraryFull()
  const stored = await storeLibraryImage(p, userId, file)
  try {
    const row = await p.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
      if ((await libraryCount(tx, userId)) >= MAX_LIBRARY_PHOTOS) throw libraryFull()
      return oneRow(await tx.insert(libraryPhotos).values({ id: stored.id, userId, fileSize: stored.bytes }).returning())
    })
    return toLibraryPhoto(p, row)
  } catch (err) {
    await Promise.allSettled(stored.keys.map((key) => p.storage.delete(key)))
    throw err
  }
}

/** Deletes one of the user's own library photos and its files; posts made with it keep their copy. */
export async function deleteLibraryPhoto(p: Pick<Platform, 'db' | 'storage'>, userId: string, id: string) {
  const [row] = await p.db.delete(libraryPhotos).where(and(eq(libraryPhotos.id, id), eq(libraryPhotos.userId, userId))).returning()
  if (!row) throw notFound(FM.libraryPhotoNotFound)
  const results = await Promise.allSettled(libraryImage(p, userId, id).keys.map((key) => p.storage.delete(key)))
  if (results.some((r) => r.status === 'rejected')) logger.warn('library photo files not deleted', { id })
}
