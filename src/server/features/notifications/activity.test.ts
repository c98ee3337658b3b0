import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ActivitySchema, FollowingActivitySchema, UnreadCountSchema } from '~/shared/social/schemas'
import { follows, notifications, postImages, postLikes, posts } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { socialUser } from '../../test/social'
import { groupOf } from './activity'
import { notify, notifyMentions } from './service'

let t: TestApp
let owner: Awaited<ReturnType<typeof socialUser>>
let fans: Awaited<ReturnType<typeof socialUser>>[]

async function postBy(userId: string) {
  const [post] = await t.platform.db.insert(posts).values({ userId, caption: 'Linen look' }).returning()
  await t.platform.db.insert(postImages).values({ postId: post!.id, imageUrl: '/api/files/posts/x/1.webp' })
  return post!.id
}
const activity = async (cookie: string) => (await t.request('/api/activity', { cookie, schema: ActivitySchema })).json

beforeAll(async () => {
  t = await createTestApp()
  owner = await socialUser(t, 'olive')
  fans = [await socialUser(t, 'finn'), await socialUser(t, 'gus'), await socialUser(t, 'hana')]
})
afterAll(() => t.close())

describe('activity', () => {
  it('is per recipient and groups likes of one post', async () => {
    const deps = t.platform
    const postId = await postBy(owner.id)
    for (const fan of fans) await notify(deps, { recipientId: owner.id, actorId: fan.id, type: 'like', postId })
    await notify(deps, { recipientId: owner.id, actorId: fans[0]!.id, type: 'follow' })
    await notifyMentions(deps, `great fit @${owner.username}`, { actorId: fans[1]!.id, postId })
    await notify(deps, { recipientId: fans[2]!.id, actorId: owner.id, type: 'follow' })

    const mine = await activity(owner.cookie)
    expect(mine.groups.map((g) => g.id)).toEqual(['new'])
    const items = mine.groups[0]!.items
    expect(items.map((i) => i.type).sort()).toEqual(['follow', 'like_multiple', 'mention'])
    const likes = items.find((i) => i.type === 'like_multiple')
    expect(likes?.users).toHaveLength(2)
    expect(likes?.othersCount).toBe(1)
    expect(likes?.post).toEqual({ id: postId, imageUrl: '/api/files/posts/x/1.webp' })
    expect(items.find((i) => i.type === 'mention')?.content).toContain(`@${owner.username}`)
    expect(items.find((i) => i.type === 'follow')).toMatchObject({ users: [expect.objectContaining({ id: fans[0]!.id })], isFollowing: false })

    // Hana only sees the one notification addressed to her; Finn sees none.
    const hana = await activity(fans[2]!.cookie)
    expect(hana.groups.flatMap((g) => g.items)).toEqual([expect.objectContaining({ type: 'follow', users: [expect.objectContaining({ id: owner.id })] })])
    expect((await activity(fans[0]!.cookie)).groups).toEqual([])
    expect((await t.request('/api/activity')).status).toBe(401)
  })

  it('moves items out of New once seen, by age into Today, This Week and This Month', async () => {
    expect((await t.request('/api/activity/unread', { cookie: owner.cookie, schema: UnreadCountSchema })).json.count).toBeGreaterThan(0)
    await t.request('/api/activity/read', { cookie: owner.cookie, method: 'POST' })
    expect((await t.request('/api/activity/unread', { cookie: owner.cookie, schema: UnreadCountSchema })).json.count).toBe(0)
    await t.platform.db.update(notifications).set({ createdAt: sql`now() - interval '3 days'` }).where(eq(notifications.type, 'mention'))
    const groups = (await activity(owner.cookie)).groups
    expect(groups.map((g) => g.id)).toEqual(['today', 'this_week'])
    expect(groups[1]?.items.map((i) => i.type)).toEqual(['mention'])

    const now = new Date('2026-11-22T12:00:00Z')
    const ago = (days: number) => new Date(now.getTime() - days * 864e5)
    expect(groupOf({ readAt: null, createdAt: ago(20) }, now)).toBe('new')
    expect(groupOf({ readAt: now, createdAt: ago(0.5) }, now)).toBe('today')
    expect(groupOf({ readAt: now, createdAt: ago(6) }, now)).toBe('this_week')
    expect(groupOf({ readAt: now, createdAt: ago(20) }, now)).toBe('this_month')
  })

  it('shows a follow-back state and friends’ likes on the Following tab', async () => {
    await t.platform.db.insert(follows).values({ followerId: owner.id, followingId: fans[0]!.id })
    const follow = (await activity(owner.cookie)).groups.flatMap((g) => g.items).find((i) => i.type === 'follow')
    expect(follow?.isFollowing).toBe(true)
    // Finn (followed) and Gus (not followed) like Hana's post: only Finn's like shows.
    const hanaPost = await postBy(fans[2]!.id)
    await t.platform.db.insert(postLikes).values([fans[0]!, fans[1]!].map((f) => ({ userId: f.id, postId: hanaPost })))
    const following = await t.request('/api/activity/following', { cookie: owner.cookie, schema: FollowingActivitySchema })
    expect(following.json.items).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: fans[0]!.id }), postsCount: 1, photos: [{ id: hanaPost, imageUrl: '/api/files/posts/x/1.webp' }] })])
  })
})
