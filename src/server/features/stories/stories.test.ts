import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { StoryRowSchema, StorySchema, UserStoriesSchema } from '~/shared/social/schemas'
import { follows, stories } from '../../db/schema'
import { floodUntilRefused } from '../../test/flood'
import { createTestApp, type TestApp } from '../../test/harness'
import { openStream, socialUser } from '../../test/social'

let t: TestApp
let a: Awaited<ReturnType<typeof socialUser>>
let b: Awaited<ReturnType<typeof socialUser>>

const photo = (color = '#c36') => sharp({ create: { width: 600, height: 900, channels: 3, background: color } }).jpeg().toBuffer()
const upload = async <S extends z.core.$ZodType>(cookie: string, data: Buffer | string, schema: S, name = 'story.jpg') => {
  const form = new FormData()
  form.append('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)]), name)
  return t.request('/api/stories', { cookie, body: form, schema })
}
const row = async (cookie: string) => (await t.request('/api/stories', { cookie, schema: StoryRowSchema })).json

beforeAll(async () => {
  t = await createTestApp()
  a = await socialUser(t, 'ada')
  b = await socialUser(t, 'bea')
})
afterAll(() => t.close())

describe('stories', () => {
  it('posts a story that others see with an unviewed ring, then viewed once watched', async () => {
    const posted = await upload(a.cookie, await photo(), StorySchema)
    expect(posted.status).toBe(201)
    const hours = (Date.parse(posted.json.expiresAt) - Date.parse(posted.json.createdAt)) / 3_600_000
    expect(hours).toBeCloseTo(24, 3)
    const stored = await sharp(Buffer.from(await (await t.app.request(posted.json.imageUrl, { headers: { cookie: b.cookie } })).arrayBuffer())).metadata()
    // Re-encoded to 9:16 WebP (the upload was 600×900 JPEG).
    expect(stored).toMatchObject({ format: 'webp', width: 600, height: 1067 })

    expect((await row(b.cookie)).entries).toEqual([{ user: expect.objectContaining({ id: a.id, username: a.username }), ring: 'unviewed' }])
    expect((await row(a.cookie)).me.ring).toBe('unviewed')

    const watched = await t.request(`/api/stories/${a.username}`, { cookie: b.cookie, schema: UserStoriesSchema })
    expect(watched.json.stories).toHaveLength(1)
    expect(watched.json.stories[0]).toMatchObject({ id: posted.json.id, viewed: false, viewsCount: null })
    expect((await t.request(`/api/stories/${posted.json.id}/view`, { cookie: b.cookie, method: 'POST' })).status).toBe(200)
    await t.request(`/api/stories/${posted.json.id}/view`, { cookie: b.cookie, method: 'POST' })
    expect((await row(b.cookie)).entries[0]?.ring).toBe('viewed')
    // The ring is per viewer, and the owner sees the view count (each viewer once).
    const own = await t.request(`/api/stories/${a.username}`, { cookie: a.cookie, schema: UserStoriesSchema })
    expect(own.json.stories[0]).toMatchObject({ viewed: false, viewsCount: 1 })
  })

  it('never serves expired stories: not in the row, not by user, not viewable, image gone', async () => {
    const c = await socialUser(t, 'cai')
    const posted = await upload(c.cookie, await photo('#39c'), StorySchema)
    await t.platform.db.update(stories).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(stories.id, posted.json.id))
    expect((await row(b.cookie)).entries.map((e) => e.user.id)).not.toContain(c.id)
    expect((await row(c.cookie)).me.ring).toBeNull()
    expect((await t.request(`/api/stories/${c.username}`, { cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/stories/${posted.json.id}/view`, { cookie: b.cookie, method: 'POST' })).status).toBe(404)
    expect((await t.app.request(posted.json.imageUrl, { headers: { cookie: b.cookie } })).status).toBe(404)
  })

  it('links each user to the previous and next one of the row, and marks a live story', async () => {
    const d = await socialUser(t, 'dev')
    await upload(d.cookie, await photo('#963'), StorySchema)
    await t.platform.db.update(stories).set({ isLive: true }).where(eq(stories.userId, d.id))
    const entries = (await row(b.cookie)).entries
    expect(entries.map((e) => e.user.username)).toEqual([d.username, a.username])
    expect(entries[0]!.ring).toBe('live')
    const live = await t.request(`/api/stories/${d.username}`, { cookie: b.cookie, schema: UserStoriesSchema })
    expect(live.json).toMatchObject({ prevHandle: null, nextHandle: a.username })
    // The viewer steps over live users (they are watched on /live).
    const e = await socialUser(t, 'eve')
    await upload(e.cookie, await photo('#396'), StorySchema)
    expect((await row(b.cookie)).entries.map((x) => x.user.username)).toEqual([e.username, d.username, a.username])
    const first = await t.request(`/api/stories/${e.username}`, { cookie: b.cookie, schema: UserStoriesSchema })
    expect(first.json).toMatchObject({ prevHandle: null, nextHandle: a.username })
    const last = await t.request(`/api/stories/${a.username}`, { cookie: b.cookie, schema: UserStoriesSchema })
    expect(last.json).toMatchObject({ prevHandle: e.username, nextHandle: null })
    expect((await t.request('/api/stories/no_such_user', { cookie: b.cookie })).status).toBe(404)
  })

  it("tells followers' open pages that the story row changed", async () => {
    const fan = await socialUser(t, 'fan')
    await t.platform.db.insert(follows).values({ followerId: fan.id, followingId: a.id })
    const stream = await openStream(t, '/api/events', fan.cookie)
    try {
      await upload(a.cookie, await photo('#6a3'), StorySchema)
      expect(await stream.next('story')).toEqual({ userId: a.id })
    } finally {
      await stream.close()
    }
  })

  it('refuses what is not an image, and strangers', async () => {
    const bad = await upload(a.cookie, '<?php echo 1; ?>', ApiErrorSchema, 'x.jpg')
    expect(bad.status).toBe(415)
    expect(bad.json.error.code).toBe('unsupported_media_type')
    expect((await t.request('/api/stories')).status).toBe(401)
    expect((await t.request('/api/stories', { body: new FormData() })).status).toBe(401)
    const [story] = (await t.request(`/api/stories/${a.username}`, { cookie: a.cookie, schema: UserStoriesSchema })).json.stories
    expect((await t.app.request(story!.imageUrl)).status).toBe(404)
    expect((await t.request(`/api/stories/${story!.id}`, { cookie: b.cookie, method: 'DELETE' })).status).toBe(404)
    expect((await t.request(`/api/stories/${story!.id}`, { cookie: a.cookie, method: 'DELETE' })).status).toBe(200)
  })

  it('refuses a flood of stories from one user with 429 and a message', async () => {
    const d = await socialUser(t, 'dee')
    const tiny = await sharp({ create: { width: 36, height: 64, channels: 3, background: '#6c3' } }).jpeg().toBuffer()
    const { accepted, last } = await floodUntilRefused(30, () => upload(d.cookie, tiny, z.union([StorySchema, ApiErrorSchema])))
    expect(last.status).toBe(429)
    expect(last.json).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/many stories/) } })
    expect(accepted).toBeGreaterThanOrEqual(30)
  })
})
