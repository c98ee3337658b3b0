import { and, desc, eq, gt, sql } from 'drizzle-orm'
import type { LiveState, UserCard } from '~/shared/social/schemas'
import { livePresence, stories } from '../../db/schema'
import type { Platform } from '../../platform'
import { userCards } from '../profiles'

type Deps = Pick<Platform, 'db' | 'events'>

/** The app has one live room (spec: /live has no id); its host is whoever posted the newest live story. */
export const LIVE_ROOM = 'live'
/** A viewer counts while their stream refreshed its presence within this many seconds. */
const PRESENCE_TTL_SECONDS = 60

/** The host of the live room and the picture of their live story, or nulls when nobody is live. */
export async function liveHost({ db }: Pick<Deps, 'db'>): Promise<{ host: UserCard | null; imageUrl: string | null }> {
  const [row] = await db
    .select({ userId: stories.userId, imageUrl: stories.imageUrl })
    .from(stories)
    .where(and(eq(stories.isLive, true), gt(stories.expiresAt, sql`now()`)))
    .orderBy(desc(stories.createdAt))
    .limit(1)
  if (!row) return { host: null, imageUrl: null }
  return { host: (await userCards(db, [row.userId])).get(row.userId) ?? null, imageUrl: row.imageUrl }
}

export async function viewerCount({ db }: Pick<Deps, 'db'>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(livePresence)
    .where(and(eq(livePresence.room, LIVE_ROOM), gt(livePresence.connections, 0), gt(livePresence.seenAt, sql`now() - make_interval(secs => ${PRESENCE_TTL_SECONDS})`)))
  return row?.n ?? 0
}

export async function liveState(deps: Pick<Deps, 'db'>): Promise<LiveState> {
  const [host, viewers] = await Promise.all([liveHost(deps), viewerCount(deps)])
  return { ...host, viewers }
}

const announceViewers = async (deps: Deps) => deps.events.broadcast(LIVE_ROOM, { type: 'viewers', data: { viewers: await viewerCount(deps) } })

/** A viewer's stream opened (one more connection) or closed (one fewer); everyone hears the new count. */
export async function changePresence(deps: Deps, userId: string, delta: 1 | -1) {
  await deps.db
    .insert(livePresence)
    .values({ room: LIVE_ROOM, userId, connections: Math.max(delta, 0) })
    .onConflictDoUpdate({
      target: [livePresence.room, livePresence.userId],
      // A connection older than the TTL is stale: start counting again from this one.
      set: {
        connections: sql`greatest(case when ${livePresence.seenAt} < now() - make_interval(secs => ${PRESENCE_TTL_SECONDS}) then 0 else ${livePresence.connections} end + ${delta}, 0)`,
        seenAt: sql`now()`,
      },
    })
  await announceViewers(deps)
}

export async function refreshPresence({ db }: Pick<Deps, 'db'>, userId: string) {
  await db.update(livePresence).set({ seenAt: sql`now()` }).where(and(eq(livePresence.room, LIVE_ROOM), eq(livePresence.userId, userId)))
}

/** Comments are shown to everyone watching, live; like the original, they are not stored. */
export async function broadcastComment(deps: Deps, user: UserCard, body: string) {
  await deps.events.broadcast(LIVE_ROOM, { type: 'comment', data: { id: crypto.randomUUID(), user, body, createdAt: new Date().toISOString() } })
}

export async function broadcastReaction(deps: Deps, emoji: string) {
  await deps.events.broadcast(LIVE_ROOM, { type: 'reaction', data: { id: crypto.randomUUID(), emoji } })
}
