import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LiveStateSchema } from '~/shared/social/schemas'
import { createTestApp, type TestApp } from '../../test/harness'
import { openStream, socialUser } from '../../test/social'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('live', () => {
  it('shows a comment and a reaction to every viewer, and counts viewers', async () => {
    const host = await socialUser(t, 'hostess')
    const viewer = await socialUser(t, 'watcher')
    const hostStream = await openStream(t, '/api/live/events', host.cookie)
    const viewerStream = await openStream(t, '/api/live/events', viewer.cookie)
    try {
      await expect.poll(async () => (await t.request('/api/live', { cookie: host.cookie, schema: LiveStateSchema })).json.viewers).toBe(2)
      await t.request('/api/live/comments', { cookie: viewer.cookie, body: { body: 'Love the colour!' } })
      for (const stream of [hostStream, viewerStream]) {
        expect(await stream.next('comment')).toMatchObject({ body: 'Love the colour!', user: { id: viewer.id, username: viewer.username } })
      }
      await t.request('/api/live/reactions', { cookie: host.cookie, body: { emoji: '🔥' } })
      expect(await viewerStream.next('reaction')).toMatchObject({ emoji: '🔥' })
      const bad = await t.request('/api/live/reactions', { cookie: host.cookie, body: { emoji: '<script>' } })
      expect(bad.status).toBe(400)
    } finally {
      await viewerStream.close()
    }
    expect(await hostStream.next('viewers')).toBeDefined()
    await expect.poll(async () => (await t.request('/api/live', { cookie: host.cookie, schema: LiveStateSchema })).json.viewers).toBe(1)
    await hostStream.close()
    await expect.poll(async () => (await t.request('/api/live', { cookie: host.cookie, schema: LiveStateSchema })).json.viewers).toBe(0)
    expect((await t.request('/api/live/comments', { body: { body: 'anon' } })).status).toBe(401)
  })
})
