import { and, asc, desc, eq, gt, lte, sql } from 'drizzle-orm'
import { STORY_LIFETIME_HOURS, handleOf, type Story, type StoryRing, type StoryRow, type UserCard, type UserStories } from '~/shared/social/schemas'
import { follows, stories, storyViews } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { processUpload, variantOf } from '../../platform/images'
import { ensureProfile } from '../profiles'
import { resolveHandle, userCards } from '../profiles'

type Deps = Pick<Platform, 'db' | 'storage'>

/** How many followers' open pages are told about a new story at once (the rest see it on their next load). */
const ANNOUNCE_LIMIT = 500

export const STORY_BUCKET = 'stories'
const STORY_WIDTH = 1080
const STORY_ASPECT = 9 / 16
const ROW_LIMIT = 50

/** Storage key of a story image: `stories/<owner>/<story id>.webp`, so access can be checked by id. */
export const storyKey = (userId: string, storyId: string) => `${STORY_BUCKET}/${userId}/${storyId}.webp`
export const storyIdFromKey = (key: string) => /^stories\/[^/]+\/([0-9a-f-]{36})\.webp$/.exec(key)?.[1] ?? null

const active = () => gt(stories.expiresAt, sql`now()`)

/** Posts a story: the image is checked, re-encoded to 9:16 and kept for 24 hours. */
export async function createStory({ db, storage }: Deps, userId: string, image: Buffer, opts: { isLive?: boolean } = {}) {
  const processed = await processUpload(image, { widths: [STORY_WIDTH], aspect: STORY_ASPECT, fit: 'cover' })
  await ensureProfile(db, userId)
  const variant = variantOf(processed, STORY_WIDTH)
  const id = crypto.randomUUID()
  const key = storyKey(userId, id)
  await storage.put(key, variant.data, variant.contentType)
  const row = oneRow(await db
    .insert(stories)
    .values({ id, userId, imageUrl: storage.url(key), isLive: opts.isLive ?? false, expiresAt: sql`now() + make_interval(hours => ${STORY_LIFETIME_HOURS})` })
    .returning())
  await removeExpiredStories({ db, storage }, userId)
  return row
}

/** Tells the poster's followers' open pages (and the poster's own) that the story row changed. */
export async function announceStory({ db, events }: Pick<Platform, 'db' | 'events'>, userId: string) {
  const followers = await db
    .select({ id: follows.followerId })
    .from(follows)
    .where(eq(follows.followingId, userId))
    .orderBy(desc(follows.createdAt))
    .limit(ANNOUNCE_LIMIT)
  await Promise.all([userId, ...followers.map((f) => f.id)].map((id) => events.publish(id, { type: 'story', data: { userId } })))
}

/** Deletes a user's expired stories and their images (expired stories are never served anyway). */
async function removeExpiredStories({ db, storage }: Deps, userId: string) {
  const expired = await db.delete(stories).where(and(eq(stories.userId, userId), lte(stories.expiresAt, sql`now()`))).returning({ id: stories.id })
  for (const s of expired) await storage.delete(storyKey(userId, s.id)).catch(() => {})
}

/** Whether a story image may be read: only while its story is active. */
export async function storyIsActive(db: Deps['db'], storyId: string) {
  const [row] = await db.select({ id: stories.id }).from(stories).where(and(eq(stories.id, storyId), active())).limit(1)
  return Boolean(row)
}

/** A story as `viewerId` sees it: only its owner sees the view count. */
export const toStory = (story: typeof stories.$inferSelect, viewerId: string, viewed: boolean): Story => ({
  id: story.id,
  imageUrl: story.imageUrl,
  isLive: story.isLive,
  viewed,
  viewsCount: story.userId === viewerId ? story.viewsCount : null,
  createdAt: story.createdAt.toISOString(),
  expiresAt: story.expiresAt.toISOString(),
})

const ringOf = (r: { live: boolean; unviewed: boolean }): StoryRing => (r.live ? 'live' : r.unviewed ? 'unviewed' : 'viewed')

/** Users with active stories as `viewerId` sees them: people they follow first, newest first; the viewer separately. */
async function storyOwners(db: Deps['db'], viewerId: string) {
  return db
    .select({
      userId: stories.userId,
      live: sql<boolean>`bool_or(${stories.isLive})`,
      unviewed: sql<boolean>`bool_or(${storyViews.storyId} is null)`,
      followed: sql<boolean>`bool_or(${follows.followerId} is not null)`,
      latest: sql<Date>`max(${stories.createdAt})`,
    })
    .from(stories)
    .leftJoin(storyViews, and(eq(storyViews.storyId, stories.id), eq(storyViews.viewerId, viewerId)))
    .leftJoin(follows, and(eq(follows.followerId, viewerId), eq(follows.followingId, stories.userId)))
    .where(active())
    .groupBy(stories.userId)
    .orderBy(sql`${stories.userId} = ${viewerId} desc`, sql`bool_or(${follows.followerId} is not null) desc`, desc(sql`max(${stories.createdAt})`))
    .limit(ROW_LIMIT + 1)
}

/** The feed's story row for `viewerId`. */
export async function storyRow({ db }: Deps, viewerId: string): Promise<StoryRow> {
  const owners = await storyOwners(db, viewerId)
  const cards = await userCards(db, [viewerId, ...owners.map((o) => o.userId)])
  const mine = owners.find((o) => o.userId === viewerId)
  const me = cards.get(viewerId)
  if (!me) throw notFound('This person does not exist.')
  return {
    me: { user: me, ring: mine ? ringOf(mine) : null },
    entries: owners
      .filter((o) => o.userId !== viewerId)
      .flatMap((o) => {
        const user = cards.get(o.userId)
        return user ? [{ user, ring: ringOf(o) }] : []
      })
      .slice(0, ROW_LIMIT),
  }
}

/** One user's active stories, oldest first, with the users before and after them in the row. */
export async function userStories({ db }: Deps, viewerId: string, handle: string): Promise<UserStories> {
  const owner = await resolveHandle(db, handle)
  const rows = await db
    .select({ story: stories, viewed: sql<boolean>`${storyViews.storyId} is not null` })
    .from(stories)
    .leftJoin(storyViews, and(eq(storyViews.storyId, stories.id), eq(storyViews.viewerId, viewerId)))
    .where(and(eq(stories.userId, owner.id), active()))
    .orderBy(asc(stories.createdAt), asc(stories.id))
  if (!rows.length) throw notFound('This person has no story right now.')
  // Live users are watched on /live, so the viewer steps over them to the next story.
  const order = (await storyOwners(db, viewerId)).filter((o) => !o.live || o.userId === owner.id).map((o) => o.userId)
  const at = order.indexOf(owner.id)
  const neighbours = await userCards(db, [order[at - 1], order[at + 1]].filter((id): id is string => Boolean(id) && at >= 0))
  const handleAt = (i: number) => {
    const card: UserCard | undefined = at >= 0 && order[i] ? neighbours.get(order[i]) : undefined
    return card ? handleOf(card) : null
  }
  return {
    user: owner,
    stories: rows.map(({ story, viewed }) => toStory(story, viewerId, viewed)),
    prevHandle: handleAt(at - 1),
    nextHandle: handleAt(at + 1),
  }
}

/** Marks an active story seen by `viewerId` (once); the owner's own views are not counted. */
export async function markStoryViewed({ db }: Deps, viewerId: string, storyId: string) {
  const [story] = await db.select({ userId: stories.userId }).from(stories).where(and(eq(stories.id, storyId), active())).limit(1)
  if (!story) throw notFound('This story is no longer available.')
  const inserted = await db.insert(storyViews).values({ storyId, viewerId }).onConflictDoNothing().returning({ storyId: storyViews.storyId })
  if (inserted.length && story.userId !== viewerId) {
    await db.update(stories).set({ viewsCount: sql`${stories.viewsCount} + 1` }).where(eq(stories.id, storyId))
  }
}

/** Deletes one of the signed-in user's own stories. */
export async function deleteStory({ db, storage }: Deps, userId: string, storyId: string) {
  const [row] = await db.delete(stories).where(and(eq(stories.id, storyId), eq(stories.userId, userId))).returning({ id: stories.id })
  if (!row) throw notFound('This story is no longer available.')
  await storage.delete(storyKey(userId, storyId)).catch(() => {})
}
