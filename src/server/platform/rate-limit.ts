import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { rateLimited } from '../http/errors'

/**
 * Fixed-window counters in the database, so every instance shares them. A window is
 * `windowSeconds` long; a key's count starts again in the next window.
 */
const windowOf = (windowSeconds: number) => {
  const windowMs = windowSeconds * 1000
  return new Date(Math.floor(Date.now() / windowMs) * windowMs)
}

/** Counts one hit of `key` and returns the window's count so far. */
export async function record(db: Db, key: string, windowSeconds: number) {
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: windowOf(windowSeconds), count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
  return row?.count ?? 0
}

/** Throws the 429 error shape with `message` once `key` was recorded `max` times in this window. */
export async function refuseOver(db: Db, key: string, max: number, windowSeconds: number, message?: string) {
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowOf(windowSeconds))))
  if ((row?.count ?? 0) >= max) throw rateLimited(message)
}

/** Counts one hit of `key`; throws the 429 error shape with `message` past `max` hits in the window. */
export async function hit(db: Db, key: string, max: number, windowSeconds: number, message?: string) {
  if ((await record(db, key, windowSeconds)) > max) throw rateLimited(message)
}

export async function pruneRateLimits(db: Db) {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`)
}
