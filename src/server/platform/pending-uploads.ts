import { and, eq, inArray, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { pendingUploads } from '../db/schema'
import { logger } from './logger'
import type { Storage } from './storage'

/** How long an upload may wait to be used before the sweep deletes it. */
export const PENDING_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000
const SWEEP_BATCH = 200

/** Records a stored upload (`key` and all its variant `keys`) as not yet used by `userId`; a key stored again starts over. */
export async function holdUpload(db: Db, userId: string, key: string, keys: string[]) {
  await db
    .insert(pendingUploads)
    .values({ key, userId, keys })
    .onConflictDoUpdate({ target: pendingUploads.key, set: { userId, keys, createdAt: sql`now()` } })
}

/**
 * Marks `userId`'s pending upload as used, so the sweep keeps its files. Answers false when there
 * was none (never uploaded, someone else's, already used, or swept). Run it in the transaction
 * that starts using the file: the sweep claims rows the same way, so exactly one of them wins.
 */
export async function claimUpload(db: Db | Tx, userId: string, key: string) {
  const rows = await db
    .delete(pendingUploads)
    .where(and(eq(pendingUploads.key, key), eq(pendingUploads.userId, userId)))
    .returning({ key: pendingUploads.key })
  return rows.length > 0
}

/**
 * Deletes uploads that have waited longer than the TTL at `now`, rows first (claimed) and then
 * their files. Answers how many uploads were removed.
 */
export async function sweepPendingUploads({ db, storage }: { db: Db; storage: Storage }, now = new Date()) {
  const cutoff = new Date(now.getTime() - PENDING_UPLOAD_TTL_MS)
  let removed = 0
  for (;;) {
    const stale = db.select({ key: pendingUploads.key }).from(pendingUploads).where(lt(pendingUploads.createdAt, cutoff)).limit(SWEEP_BATCH)
    const claimed = await db.delete(pendingUploads).where(inArray(pendingUploads.key, stale)).returning({ keys: pendingUploads.keys })
    const results = await Promise.allSettled(claimed.flatMap((r) => r.keys).map((key) => storage.delete(key)))
    const failed = results.filter((r) => r.status === 'rejected').length
    if (failed) logger.warn('pending upload files not deleted', { failed })
    removed += claimed.length
    if (claimed.length < SWEEP_BATCH) return removed
  }
}
