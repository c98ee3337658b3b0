import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { rateLimits } from '../db/schema'
import { rateLimited } from '../http/errors'

/**
 * Sliding-window counters in the database, so every instance shares them. Hits are counted per
 * fixed window of `windowSeconds`; a key's rate is this window's count plus the previous window's,
 * weighted by the share of it that still lies within the last `windowSeconds`. Plain fixed windows
 * let twice the limit through in a burst on both sides of a window's start (and reset a test's
 * count at random when it straddles one).
 */
function windowsAt(windowSeconds: number) {
  const now = Date.now()
  const ms = windowSeconds * 1000
  const start = Math.floor(now / ms) * ms
  return { current: new Date(start), previous: new Date(start - ms), previousWeight: 1 - (now - start) / ms }
}

type Windows = ReturnType<typeof windowsAt>

async function countsIn(db: Db, key: string, w: Windows) {
  const rows = await db
    .select({ windowStart: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), inArray(rateLimits.windowStart, [w.current, w.previous])))
  const countAt = (start: Date) => rows.find((r) => r.windowStart.getTime() === start.getTime())?.count ?? 0
  return { current: countAt(w.current), previous: countAt(w.previous) }
}

/** The previous window's share is rounded up, so a limit is never passed by a fraction of a hit. */
const rate = (w: Windows, counts: { current: number; previous: number }) => counts.current + Math.ceil(counts.previous * w.previousWeight)

/** Counts one hit of `key` and returns its rate over the last `windowSeconds`, this hit included. */
export async function record(db: Db, key: string, windowSeconds: number) {
  const w = windowsAt(windowSeconds)
  // (one statement: the upsert returns this window's count, and the previous window's beside it)
  const previous = db.select({ count: rateLimits.count }).from(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, w.previous)))
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: w.current, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ current: rateLimits.count, previous: sql<number | null>`(${previous})` })
  return rate(w, { current: row?.current ?? 1, previous: Number(row?.previous ?? 0) })
}

/** Throws the 429 error shape with `message` once `key` was recorded `max` times in the last `windowSeconds`. */
export async function refuseOver(db: Db, key: string, max: number, windowSeconds: number, message?: string) {
  const w = windowsAt(windowSeconds)
  if (rate(w, await countsIn(db, key, w)) >= max) throw rateLimited(message)
}

/** Counts one hit of `key`; throws the 429 error shape with `message` past `max` hits in the last `windowSeconds`. */
export async function hit(db: Db, key: string, max: number, windowSeconds: number, message?: string) {
  if ((await record(db, key, windowSeconds)) > max) throw rateLimited(message)
}

export async function pruneRateLimits(db: Db) {
  await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`)
}
