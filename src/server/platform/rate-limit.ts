import { sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { rateLimited } from '../http/errors'

/**
 * Fixed-window counter in the database, so every instance shares it. Throws the 429 error shape
 * with `message` once `max` hits within `windowSeconds` have been counted for `key`.
 */
export async function hit(db: Db, key: string, max: number, windowSeconds: number, message?: string) {
  const windowMs = windowSeconds * 1000
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count })
  if ((row?.count ?? 0) > max) throw rateLimited(message)
}

export async function pruneRateLimits(db: Db) {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`)
}
