import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { present } from '~/shared/lists'
import { CommentPageSchema, CommentSchema, LikeStateSchema, PhotoListSchema, PostPageSchema, PostSchema, SaveStateSchema, UploadedImageSchema } from '~/shared/posts/schemas'
import { ProfileSchema } from '~/shared/profiles/schemas'
import { FM } from '~/shared/posts/messages'
import { pendingUploads } from '../../db/schema'
import { sweepPendingUploads } from '../../platform/pending-uploads'
import { floodUntilRefused } from '../../test/flood'
import { createTestApp, type TestApp } from '../../test/harness'

type User = Awaited<ReturnType<TestApp['signUp']>>
let t: TestApp
let ann: User
let ben: User
let cat: User
beforeAll(async () => {
  t = await createTestApp()
  ann = await t.signUp('ann@example.com')
  ben = await t.signUp('ben@example.com')
  cat = await t.signUp('cat@example.com')
})
afterAll(() => t.close())

const png = (color: string, width = 900, height = 1200) => sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer()

async function uploadImage<S extends z.core.$ZodType>(u: User, data: Buffer | string, schema: S, name = 'photo.png', type = 'image/png') {
  const body = new FormData()
  body.set('file', new Blob([typeof data === 'string' ? data : new Uint8Array(data)], { type }), name)
  return t.request('/api/posts/images', { body, cookie: u.cookie, schema })
}

/** The URLs of every width in an image's srcSet. */
const variantUrls = (image: { srcSet: string | null }) => present(image.srcSet, 'a srcSet').split(', ').map((s) => s.split(' ')[0]!)

async function post(u: User, caption: string, colors = ['#c33']) {
  const images = []
  for (const c of colors) images.push((await uploadImage(u, await png(c), UploadedImageSchema)).json.url)
  const res = await t.request('/api/posts', { body: { caption, images }, cookie: u.cookie, schema: PostSchema })
  expect(res.status).toBe(201)
  return res.json
}

const profile = async (u: User) => (await t.request('/api/profile', { cookie: u.cookie, schema: ProfileSchema })).json
const feedOf = async (u: User, cursor?: string, limit = 20) =>
  (await t.request(`/api/feed?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, { cookie: u.cookie, schema: PostPageSchema })).json

describe('creating posts', () => {
  it('publishes up to 10 uploaded images in order as 4:5 WebP variants and counts the post', async () => {
    const created = await post(ann, 'Two looks', ['#f00', '#00f'])
    expect(created.images).toHaveLength(2)
    expect(created.images[0]!.srcSet).toMatch(/-w360\.webp 360w, .*-w720\.webp 720w, .*-w1080\.webp 1080w$/)
    const first = Buffer.from(await (await t.app.request(created.images[0]!.url)).arrayBuffer())
    expect(await sharp(first).metadata()).toMatchObject({ format: 'webp', width: 900, height: 1125 })
    const { data } = await sharp(first).raw().toBuffer({ resolveWithObject: true })
    expect(data[0]).toBeGreaterThan(200) // red first: the order was kept
    expect((await profile(ann)).posts_count).toBe(1)
  })

  it('refuses no images, more than 10, and images the user did not upload', async () => {
    expect((await t.request('/api/posts', { body: { caption: 'x', images: [] }, cookie: ann.cookie, schema: ApiErrorSchema })).json.error.message).toBe(FM.chooseAPhoto)
    expect((await t.request('/api/posts', { body: { caption: 'x', images: Array(11).fill('/api/files/posts/a/b-w1080.webp') }, cookie: ann.cookie, schema: ApiErrorSchema })).json.error.message).toBe(FM.tooManyPhotos)
    const annUpload = (await uploadImage(ann, await png('#0f0'), UploadedImageSchema)).json.url
    for (const images of [[annUpload], ['https://evil.example/x.webp'], [`/api/files/posts/${ben.user.id}/00000000-0000-0000-0000-000000000000-w1080.webp`]]) {
      const res = await t.request('/api/posts', { body: { caption: 'x', images }, cookie: ben.cookie, schema: ApiErrorSchema })
      expect(res.status).toBe(400)
      expect(res.json.error.message).toBe(FM.notYourImage)
    }
  })

  it('refuses uploads that are not images with the error shape', async () => {
    const jpeg = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#888', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer()
    const cases: [Buffer | string, string, number][] = [
      ['just some text', 'notes.png', 415],
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>', 'x.svg', 415],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 415],
      [await sharp({ create: { width: 10000, height: 5000, channels: 3, background: '#000' } }).png({ compressionLevel: 1 }).toBuffer(), 'huge.png', 413],
      [Buffer.alloc(30 * 1024 * 1024, 7), 'big.jpg', 413],
    ]
    for (const [data, name, status] of cases) {
      const res = await uploadImage(ann, data, ApiErrorSchema, name, 'image/jpeg')
      expect(res.status, name).toBe(status)
      expect(res.json.error.code).toMatch(/unsupported_media_type|payload_too_large/)
      expect(typeof res.json.error.message).toBe('string')
    }
  })
})

describe('photos of a post not yet published', () => {
  const keyOf = (url: string) => url.slice('/api/files/'.length)
  const fetchAs = async (url: string, u?: User) => (await t.app.request(url, { headers: u ? { cookie: u.cookie } : {} })).status
  const pendingRows = async (url: string) => (await t.platform.database.raw.query('select key from pending_uploads where key = $1', [keyOf(url)])).length

  it('are readable only by the uploader until published, then by everyone from the public bucket', async () => {
    const draft = (await uploadImage(ann, await png('#0a0'), UploadedImageSchema)).json
    expect(draft.url).toMatch(new RegExp(`^/api/files/post-drafts/${ann.user.id}/[0-9a-f-]{36}-w1080\\.webp$`))
    const small = variantUrls(draft)[0]!
    for (const url of [draft.url, small]) {
      expect(await fetchAs(url, ann)).toBe(200)
      expect(await fetchAs(url, ben)).toBe(404)
      expect(await fetchAs(url)).toBe(404)
    }

    const res = await t.request('/api/posts', { body: { caption: 'now public', images: [draft.url] }, cookie: ann.cookie, schema: PostSchema })
    expect(res.status).toBe(201)
    const published = res.json.images[0]!
    expect(published.url).toBe(draft.url.replace('/post-drafts/', '/posts/'))
    for (const url of [published.url, ...variantUrls(published)]) {
      expect(await fetchAs(url)).toBe(200)
      expect(await fetchAs(url, ben)).toBe(200)
    }
    // The draft is gone and no longer pending.
    expect(await fetchAs(draft.url, ann)).toBe(404)
    expect(await t.platform.storage.get(keyOf(small))).toBeNull()
    expect(await pendingRows(draft.url)).toBe(0)
    // Published photos can be reused from the photo library.
    expect((await t.request('/api/posts', { body: { caption: 'again', images: [published.url] }, cookie: ann.cookie })).status).toBe(201)
  })

  it('a refused post leaves its drafts as they were and publishes nothing', async () => {
    const draft = (await uploadImage(ann, await png('#a0a'), UploadedImageSchema)).json.url
    const missing = `/api/files/posts/${ann.user.id}/00000000-0000-0000-0000-000000000000-w1080.webp`
    const res = await t.request('/api/posts', { body: { caption: 'x', images: [draft, missing] }, cookie: ann.cookie, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json.error.message).toBe(FM.notYourImage)
    expect(await fetchAs(draft, ann)).toBe(200)
    expect(await t.platform.storage.get(keyOf(draft.replace('/post-drafts/', '/posts/')))).toBeNull()
    expect(await pendingRows(draft)).toBe(1)
  })

  it('are deleted with their variants a day after upload when never published', async () => {
    const old = (await uploadImage(cat, await png('#aa0'), UploadedImageSchema)).json
    const fresh = (await uploadImage(cat, await png('#0aa'), UploadedImageSchema)).json.url
    await t.platform.db.update(pendingUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(pendingUploads.key, keyOf(old.url)))
    await sweepPendingUploads(t.platform)
    for (const url of variantUrls(old)) expect(await t.platform.storage.get(keyOf(url))).toBeNull()
    expect(await fetchAs(old.url, cat)).toBe(404)
    expect(await pendingRows(old.url)).toBe(0)
    expect((await t.request('/api/posts', { body: { caption: 'late', images: [old.url] }, cookie: cat.cookie })).status).toBe(400)
    // A draft younger than a day stays, until the clock passes its day.
    expect(await fetchAs(fresh, cat)).toBe(200)
    await sweepPendingUploads(t.platform, new Date(Date.now() + 24 * 3600_000 + 60_000))
    expect(await fetchAs(fresh, cat)).toBe(404)
  })
})

describe('the feed', () => {
  it('shows own and followed users’ posts first, then everyone, newest first, in pages', async () => {
    const c1 = await post(cat, 'cat one')
    const b1 = await post(ben, 'ben one')
    const c2 = await post(cat, 'cat two')
    await t.request(`/api/profiles/${(await profile(cat)).username}/follow`, { method: 'PUT', cookie: ben.cookie })
    const all = await feedOf(ben)
    const ids = all.items.map((i) => i.id)
    expect(ids.slice(0, 3)).toEqual([c2.id, b1.id, c1.id])
    expect(all.items.slice(3).every((i) => i.author.username === 'ann')).toBe(true)
    // Page through one at a time: same order, no repeats, ends with a null cursor.
    const paged: string[] = []
    let cursor: string | undefined
    do {
      const page = await feedOf(ben, cursor, 1)
      paged.push(...page.items.map((i) => i.id))
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(paged).toEqual(ids)
    expect((await t.request('/api/feed?cursor=garbage', { cookie: ben.cookie })).status).toBe(400)
  })

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/feed')).status).toBe(401)
  })
})

describe('likes, saves and comments', () => {
  it('likes persist per user with correct counts and a liker name', async () => {
    const p = await post(ann, 'like me')
    for (const u of [ben, ben, cat]) expect((await t.request(`/api/posts/${p.id}/like`, { method: 'PUT', cookie: u.cookie })).status).toBe(200)
    const seenByBen = (await t.request(`/api/posts/${p.id}`, { cookie: ben.cookie, schema: PostSchema })).json
    expect(seenByBen).toMatchObject({ likesCount: 2, isLiked: true })
    expect(seenByBen.likedBy).toBe('cat')
    expect((await t.request(`/api/posts/${p.id}`, { cookie: ann.cookie, schema: PostSchema })).json.isLiked).toBe(false)
    expect((await t.request(`/api/posts/${p.id}/like`, { method: 'DELETE', cookie: ben.cookie, schema: LikeStateSchema })).json).toEqual({ liked: false, likesCount: 1 })
    expect((await t.request(`/api/posts/${p.id}/like`, { method: 'DELETE', cookie: ben.cookie, schema: LikeStateSchema })).json).toEqual({ liked: false, likesCount: 1 })
    expect((await t.request(`/api/posts/${p.id}`, { cookie: ben.cookie, schema: PostSchema })).json.likedBy).toBe('cat')
  })

  it('saves are private to their owner', async () => {
    const p = await post(ann, 'save me')
    expect((await t.request(`/api/posts/${p.id}/save`, { method: 'PUT', cookie: ben.cookie, schema: SaveStateSchema })).json).toEqual({ saved: true, savesCount: 1 })
    const bens = (await t.request('/api/posts/saved', { cookie: ben.cookie, schema: PostPageSchema })).json
    expect(bens.items.map((i) => i.id)).toEqual([p.id])
    expect((await t.request('/api/posts/saved', { cookie: cat.cookie, schema: PostPageSchema })).json.items).toEqual([])
    expect((await t.request(`/api/posts/${p.id}`, { cookie: cat.cookie, schema: PostSchema })).json.isSaved).toBe(false)
    expect((await t.request(`/api/posts/saved?user=${ben.user.id}`, { cookie: cat.cookie, schema: PostPageSchema })).json.items).toEqual([])
  })

  it('comments can be written and read; counts follow; only author or post owner deletes', async () => {
    const p = await post(ann, 'comment on me')
    const empty = await t.request(`/api/posts/${p.id}/comments`, { body: { body: '   ' }, cookie: ben.cookie, schema: ApiErrorSchema })
    expect(empty.json.error.message).toBe(FM.commentEmpty)
    const c1 = (await t.request(`/api/posts/${p.id}/comments`, { body: { body: 'Love it @cat' }, cookie: ben.cookie, schema: CommentSchema })).json
    await t.request(`/api/posts/${p.id}/comments`, { body: { body: 'Me too' }, cookie: cat.cookie })
    const list = (await t.request(`/api/posts/${p.id}/comments`, { cookie: cat.cookie, schema: CommentPageSchema })).json
    expect(list.items.map((c) => c.body)).toEqual(['Love it @cat', 'Me too'])
    expect(list.items[0]).toMatchObject({ canDelete: false, author: { username: 'ben' } })
    expect((await t.request(`/api/posts/${p.id}`, { cookie: ann.cookie, schema: PostSchema })).json.commentsCount).toBe(2)
    expect((await t.request(`/api/comments/${c1.id}`, { method: 'DELETE', cookie: cat.cookie })).status).toBe(403)
    expect((await t.request(`/api/comments/${c1.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
    expect((await t.request(`/api/posts/${p.id}`, { cookie: ann.cookie, schema: PostSchema })).json.commentsCount).toBe(1)
  })

  it('notifies the author of likes, comments and follows, and mentioned users', async () => {
    const rows = await t.platform.database.raw.query<{ type: string; user_id: string }>('select type, user_id from notifications')
    const types = (userId: string) => rows.filter((r) => r.user_id === userId).map((r) => r.type)
    expect(types(ann.user.id)).toEqual(expect.arrayContaining(['like', 'comment']))
    expect(types(cat.user.id)).toEqual(expect.arrayContaining(['follow', 'mention']))
  })
})

describe('rate limits', () => {
  it('refuses a flood of comments from one user with 429', async () => {
    const p = await post(ann, 'popular')
    const dan = await t.signUp('dan@example.com')
    const { accepted, last } = await floodUntilRefused(60, (i) => t.request(`/api/posts/${p.id}/comments`, { body: { body: `spam ${i}` }, cookie: dan.cookie }))
    expect(last.status).toBe(429)
    expect(accepted).toBeGreaterThanOrEqual(60)
  })

  it('refuses a flood of photo uploads from one user with 429 and a message', async () => {
    const eve = await t.signUp('eve@example.com')
    const tiny = await png('#abc', 40, 50)
    const { accepted, last } = await floodUntilRefused(60, () => uploadImage(eve, tiny, z.union([UploadedImageSchema, ApiErrorSchema])))
    expect(last.status).toBe(429)
    expect(last.json).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/too often/) } })
    expect(accepted).toBeGreaterThanOrEqual(60)
  })
})

describe('deleting posts', () => {
  it('only the author deletes a post; counts and files follow', async () => {
    const p = await post(ann, 'delete me')
    const before = (await profile(ann)).posts_count
    expect((await t.request(`/api/posts/${p.id}`, { method: 'DELETE', cookie: ben.cookie })).status).toBe(403)
    expect((await t.request(`/api/posts/${p.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
    expect((await profile(ann)).posts_count).toBe(before - 1)
    expect((await t.request(`/api/posts/${p.id}`, { cookie: ann.cookie })).status).toBe(404)
    expect((await t.app.request(p.images[0]!.url)).status).toBe(404)
    expect((await t.request('/api/posts/not-a-uuid', { cookie: ann.cookie })).status).toBe(400)
  })
})

describe('profile grid, tagged tab and photo library', () => {
  it('lists a user’s posts, posts mentioning them and the user’s own photos', async () => {
    const grid = (await t.request('/api/profiles/ann/posts', { cookie: ben.cookie, schema: PostPageSchema })).json
    expect(grid.items.length).toBe((await profile(ann)).posts_count)
    const tagged = (await t.request('/api/profiles/cat/tagged', { cookie: ann.cookie, schema: PostPageSchema })).json
    expect(tagged.items).toEqual([])
    await post(ben, 'with @cat today')
    expect((await t.request('/api/profiles/cat/tagged', { cookie: ann.cookie, schema: PostPageSchema })).json.items.map((i) => i.caption)).toEqual(['with @cat today'])
    const photos = (await t.request('/api/posts/photos', { cookie: cat.cookie, schema: PhotoListSchema })).json.items
    expect(photos.length).toBe(2)
    expect(photos.every((ph) => ph.url.includes(`/posts/${cat.user.id}/`))).toBe(true)
  })
})
