import { and, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm'
import type { Activity, ActivityGroupId, ActivityItem, FollowingActivity } from '~/shared/social/schemas'
import type { Db } from '../../db/client'
import { follows, notifications, postImages, postLikes, posts } from '../../db/schema'
import { userCards } from '../profiles'

const WINDOW_DAYS = 30
const MAX_ROWS = 300
const DAY_MS = 864e5
const FACES_SHOWN = 2
const PHOTOS_SHOWN = 6

type Row = typeof notifications.$inferSelect

/** New is unread; read items fall into Today (last 24 h), This Week (7 days) or This Month (30 days). */
export function groupOf(row: Pick<Row, 'readAt' | 'createdAt'>, now: Date): ActivityGroupId {
  if (!row.readAt) return 'new'
  const age = now.getTime() - row.createdAt.getTime()
  return age < DAY_MS ? 'today' : age < 7 * DAY_MS ? 'this_week' : 'this_month'
}

/** The first image of each post, by post id. */
async function postThumbs(db: Db, postIds: string[]) {
  if (!postIds.length) return new Map<string, string>()
  const rows = await db
    .selectDistinctOn([postImages.postId], { postId: postImages.postId, imageUrl: postImages.imageUrl })
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(postImages.postId, postImages.imageOrder)
  return new Map(rows.map((r) => [r.postId, r.imageUrl]))
}

/** Posts that still exist among `postIds`. */
async function existingPosts(db: Db, postIds: string[]) {
  if (!postIds.length) return new Set<string>()
  return new Set((await db.select({ id: posts.id }).from(posts).where(inArray(posts.id, postIds))).map((r) => r.id))
}

/**
 * The "You" tab: the signed-in user's notifications of the last 30 days in the spec's groups.
 * Likes of one post within a group become one item ("a and b liked your post", +N others).
 */
export async function activityFor(db: Db, me: string, now = new Date()): Promise<Activity> {
  const rows = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, me), gt(notifications.createdAt, new Date(now.getTime() - WINDOW_DAYS * DAY_MS))))
    .orderBy(desc(notifications.createdAt))
    .limit(MAX_ROWS)
  const postIds = [...new Set(rows.flatMap((r) => (r.postId ? [r.postId] : [])))]
  const [cards, thumbs, alive, followed] = await Promise.all([
    userCards(db, rows.map((r) => r.actorId)),
    postThumbs(db, postIds),
    existingPosts(db, postIds),
    rows.some((r) => r.type === 'follow')
      ? db
          .select({ id: follows.followingId })
          .from(follows)
          .where(and(eq(follows.followerId, me), inArray(follows.followingId, rows.filter((r) => r.type === 'follow').map((r) => r.actorId))))
          .then((fs) => new Set(fs.map((f) => f.id)))
      : Promise.resolve(new Set<string>()),
  ])

  const groups = new Map<ActivityGroupId, ActivityItem[]>()
  const likeItems = new Map<string, { item: ActivityItem; actors: string[] }>()
  for (const r of rows) {
    const actor = cards.get(r.actorId)
    if (!actor || (r.postId && !alive.has(r.postId))) continue
    const group = groupOf(r, now)
    const list = groups.get(group) ?? []
    groups.set(group, list)
    const post = r.postId ? { id: r.postId, imageUrl: thumbs.get(r.postId) ?? null } : null
    if (r.type === 'like' && r.postId) {
      const key = `${group}:${r.postId}`
      const existing = likeItems.get(key)
      if (existing) {
        if (!existing.actors.includes(r.actorId)) existing.actors.push(r.actorId)
        existing.item.type = existing.actors.length > 1 ? 'like_multiple' : 'like'
        existing.item.users = existing.actors.slice(0, FACES_SHOWN).flatMap((id) => cards.get(id) ?? [])
        existing.item.othersCount = Math.max(0, existing.actors.length - FACES_SHOWN)
        continue
      }
      const item: ActivityItem = { id: r.id, type: 'like', users: [actor], othersCount: 0, post, content: null, createdAt: r.createdAt.toISOString(), isFollowing: null }
      likeItems.set(key, { item, actors: [r.actorId] })
      list.push(item)
      continue
    }
    list.push({
      id: r.id,
      type: r.type,
      users: [actor],
      othersCount: 0,
      post,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
      isFollowing: r.type === 'follow' ? followed.has(r.actorId) : null,
    })
  }
  const order: ActivityGroupId[] = ['new', 'today', 'this_week', 'this_month']
  return { groups: order.flatMap((g) => {
      const items = groups.get(g)
      return items?.length ? [{ id: g, items }] : []
    }) }
}

/** Marks every notification of the signed-in user read (they leave New). */
export async function markActivityRead(db: Db, me: string) {
  await db.update(notifications).set({ readAt: sql`now()` }).where(and(eq(notifications.userId, me), isNull(notifications.readAt)))
}

export async function unreadActivityCount(db: Db, me: string) {
  const [row] = await db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, me), isNull(notifications.readAt)))
  return row?.n ?? 0
}

/** The "Following" tab: what the people the signed-in user follows liked lately, one item per person. */
export async function followingActivity(db: Db, me: string, now = new Date()): Promise<FollowingActivity> {
  const likes = await db
    .select({ userId: postLikes.userId, postId: postLikes.postId, createdAt: postLikes.createdAt })
    .from(postLikes)
    .innerJoin(follows, and(eq(follows.followingId, postLikes.userId), eq(follows.followerId, me)))
    .where(gt(postLikes.createdAt, new Date(now.getTime() - WINDOW_DAYS * DAY_MS)))
    .orderBy(desc(postLikes.createdAt))
    .limit(MAX_ROWS)
  const [cards, thumbs] = await Promise.all([userCards(db, likes.map((l) => l.userId)), postThumbs(db, [...new Set(likes.map((l) => l.postId))])])
  const byUser = new Map<string, typeof likes>()
  for (const l of likes) byUser.set(l.userId, [...(byUser.get(l.userId) ?? []), l])
  return {
    items: [...byUser.entries()].flatMap(([userId, ls]) => {
      const user = cards.get(userId)
      const [latest] = ls
      if (!user || !latest) return []
      return [
        {
          id: `${userId}:${latest.postId}`,
          user,
          postsCount: ls.length,
          photos: ls.slice(0, PHOTOS_SHOWN).map((l) => ({ id: l.postId, imageUrl: thumbs.get(l.postId) ?? null })),
          createdAt: latest.createdAt.toISOString(),
        },
      ]
    }),
  }
}
