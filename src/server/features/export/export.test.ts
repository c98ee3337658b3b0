import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { present } from '~/shared/lists'
import { PostPageSchema } from '~/shared/posts/schemas'
import { ProfileSchema } from '~/shared/profiles/schemas'
import { ExportFileSchema } from '~/shared/tryon/schemas'
import { stories, storyViews } from '../../db/schema'
import { createOwner, type Owner } from '../../security/owner-fixtures'
import { createTestApp, type TestApp } from '../../test/harness'

/** The export file (its shared schema checks only the version and time) with the sections these tests read line by line. */
const ExportReadSchema = z.looseObject({
  ...ExportFileSchema.shape,
  orders: z.array(z.object({ lines: z.array(z.object({ quantity: z.number() })) })),
  conversations: z.array(z.object({ messages: z.array(z.object({ sentByMe: z.boolean(), body: z.string() })) })),
})

let t: TestApp
let ann: Owner
let zoe: Owner
const ANN = { first: 'Annabel', last: 'Quist', phone: '+447700900555', height: 171.5, waist: 68.25, search: 'linen wrap dress', reply: 'friend reply to ann' }
const FRIEND_ELSEWHERE = 'friend private note to zoe'

/** A user's private values; the profile phone is the same fixed number for every owner, so it is left out. */
const secretsOf = (o: Owner) => Object.entries(o.secrets).filter(([k]) => k !== 'profilePhone').map(([, v]) => v)

const exportOf = async (u: Owner) => {
  const res = await t.request('/api/export', { cookie: u.cookie, schema: ExportReadSchema })
  expect(res.status).toBe(200)
  return { json: res.json, text: res.text }
}

/** Fills every table that holds data about `o` beyond what createOwner already made. */
async function fillEverything(o: Owner, friendCookie: string, friendUsername: string) {
  const call = async (path: string, opts: Parameters<TestApp['request']>[1] = {}, cookie = o.cookie) => {
    const res = await t.request(path, { cookie, ...opts })
    if (res.status >= 400) throw new Error(`${opts.method ?? 'GET'} ${path}: ${res.status} ${res.text}`)
  }
  await call('/api/profile', { method: 'PUT', body: { username: o.username, first_name: ANN.first, last_name: ANN.last, phone_e164: ANN.phone, height: ANN.height, waist: ANN.waist } })
  await call(`/api/products/${o.product.id}/like`, { method: 'PUT' })
  await call('/api/search/recent', { body: { query: ANN.search } })
  await call('/api/tryon/settings', { method: 'PUT', body: { model: 'runware:106@1', width: 768, height: 1024, number_results: 1, output_format: 'PNG', prompt_template: 'Wear it.', custom_json: null } })
  const [post] = (await t.request(`/api/profiles/${o.username}/posts`, { cookie: o.cookie, schema: PostPageSchema })).json.items
  await call(`/api/posts/${post!.id}/like`, { method: 'PUT' })
  await call(`/api/posts/${post!.id}/save`, { method: 'PUT' })
  await call(`/api/profiles/${friendUsername}/follow`, { method: 'PUT' })
  await call(`/api/profiles/${o.username}/follow`, { method: 'PUT' }, friendCookie) // a follower, and a notification
  await call(`/api/messages/with/${o.username}`, { body: { body: ANN.reply } }, friendCookie)
  const [story] = await t.platform.db.select({ id: stories.id }).from(stories).where(eq(stories.userId, o.id))
  await t.platform.db.insert(storyViews).values({ storyId: story!.id, viewerId: o.id })
}

beforeAll(async () => {
  t = await createTestApp()
  ann = await createOwner(t)
  zoe = await createOwner(t)
  const friend = await t.signUp(`friend-${Date.now()}@example.com`)
  const friendName = present((await t.request('/api/profile', { cookie: friend.cookie, schema: ProfileSchema })).json.username, 'the username of the friend')
  await fillEverything(ann, friend.cookie, friendName)
  // The friend also writes to zoe: ann's export must not show it.
  await t.request(`/api/messages/with/${zoe.username}`, { body: { body: FRIEND_ELSEWHERE }, cookie: friend.cookie })
}, 120_000)
afterAll(() => t.close())

describe('personal data export', () => {
  it('holds everything stored about the user: every section has data, version 3.0.0, no image URLs', async () => {
    const { json, text } = await exportOf(ann)
    expect(json.version).toBe('3.0.0')
    const empty = Object.entries(json).filter(([, v]) => v === null || (Array.isArray(v) && v.length === 0)).map(([k]) => k)
    expect(empty).toEqual([])
    for (const section of ['account', 'profile', 'posts', 'postImages', 'postLikes', 'postSaves', 'comments', 'follows', 'followers', 'stories', 'conversations', 'notifications', 'recentSearches', 'libraryPhotos', 'addresses', 'orders', 'cart', 'productLikes', 'photos', 'generations', 'savedResults', 'styleCollections', 'tryOnSettings']) {
      expect(json, section).toHaveProperty(section)
    }
    expect(json.profile).toMatchObject({ username: ann.username, firstName: ANN.first, lastName: ANN.last, phone: ANN.phone, bodyMeasurements: { heightCm: ANN.height, waistCm: ANN.waist } })
    expect(json.account).toMatchObject({ email: ann.email })
    expect(text).not.toMatch(/\/api\/files\/|image_?url|avatar_?url|"token"|password/i)
    for (const secret of [ann.secrets.street, ann.secrets.phone, ann.secrets.message, ann.secrets.collection, ann.secrets.search, ANN.search, ANN.reply]) expect(text).toContain(secret)
    expect(json.orders[0]!.lines).toEqual([expect.objectContaining({ quantity: 1 })])
    expect(json.conversations.flatMap((c) => c.messages).map((m) => [m.sentByMe, m.body])).toEqual(expect.arrayContaining([[true, ann.secrets.message], [false, ANN.reply]]))
  })

  it("never holds another user's data", async () => {
    const { text } = await exportOf(ann)
    for (const secret of [zoe.id, zoe.email, zoe.username, ...secretsOf(zoe), ...Object.values(zoe.privateIds), FRIEND_ELSEWHERE]) expect(text).not.toContain(secret)
    const other = await exportOf(zoe)
    for (const secret of [ann.id, ann.email, ann.username, ANN.first, ANN.phone, ANN.search, ANN.reply, ...secretsOf(ann), ...Object.values(ann.privateIds)]) expect(other.text).not.toContain(secret)
    expect((await t.request('/api/export')).status).toBe(401)
  })
})
