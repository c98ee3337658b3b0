import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { FM } from '~/shared/posts/messages'
import { LibraryPhotoSchema, MAX_LIBRARY_PHOTOS, PhotoListSchema, PostSchema } from '~/shared/posts/schemas'
import { libraryPhotos } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'

type User = Awaited<ReturnType<TestApp['signUp']>>
let t: TestApp
let ann: User
let ben: User
beforeAll(async () => {
  t = await createTestApp()
  ann = await t.signUp('ann@example.com')
  ben = await t.signUp('ben@example.com')
})
afterAll(() => t.close())

const png = (color: string) => sharp({ create: { width: 800, height: 1000, channels: 3, background: color } }).png().toBuffer()

async function addToLibrary<S extends z.core.$ZodType>(u: User, color: string, schema: S) {
  const body = new FormData()
  body.set('file', new Blob([new Uint8Array(await png(color))], { type: 'image/png' }), 'photo.png')
  return t.request('/api/library/photos', { body, cookie: u.cookie, schema })
}
const libraryOf = async (u: User) => (await t.request('/api/posts/photos', { cookie: u.cookie, schema: PhotoListSchema })).json
const fileStatus = async (url: string, u?: User) => (await t.request(url, { cookie: u?.cookie })).status
const publish = async <S extends z.core.$ZodType>(u: User, images: string[], schema: S) => t.request('/api/posts', { body: { caption: 'from the library', images }, cookie: u.cookie, schema })

describe('photo library', () => {
  it('keeps every uploaded photo after one of them is posted, visible to its owner only', async () => {
    const first = (await addToLibrary(ann, '#c33', LibraryPhotoSchema)).json
    const second = (await addToLibrary(ann, '#33c', LibraryPhotoSchema)).json
    expect(first.id).toBeTruthy()
    expect(first.url).toContain(`/library/${ann.user.id}/${first.id}-w1080.webp`)
    const res = await publish(ann, [second.url], PostSchema)
    expect(res.status).toBe(201)
    const posted = res.json.images[0]!.url
    expect(posted).toContain(`/posts/${ann.user.id}/${second.id}-w1080.webp`)

    const library = await libraryOf(ann)
    expect(library.items.map((p) => p.id)).toEqual([second.id, first.id]) // the post's copy is not listed twice
    expect(library).toMatchObject({ count: 2, limit: MAX_LIBRARY_PHOTOS })
    expect((await libraryOf(ben)).items).toEqual([])
    expect(await fileStatus(first.url, ann)).toBe(200)
    expect(await fileStatus(first.url, ben)).toBe(404)
    expect(await fileStatus(posted, ben)).toBe(200)
  })

  it('posts a library photo again, and deleting one post or the photo leaves the other post whole', async () => {
    const photo = (await addToLibrary(ann, '#3c3', LibraryPhotoSchema)).json
    const a = (await publish(ann, [photo.url], PostSchema)).json
    const b = (await publish(ann, [photo.url], PostSchema)).json
    const shared = b.images[0]!.url
    expect(a.images[0]!.url).toBe(shared)
    expect((await t.request(`/api/posts/${a.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
    expect(await fileStatus(shared, ben)).toBe(200)
    expect((await t.request(`/api/library/photos/${photo.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
    expect(await fileStatus(photo.url, ann)).toBe(404)
    expect(await fileStatus(shared, ben)).toBe(200)
    expect((await libraryOf(ann)).items.map((p) => p.id)).not.toContain(photo.id)
    // The post's image stays in the library as a post photo, not a deletable upload.
    expect((await libraryOf(ann)).items.find((p) => p.url === shared)).toMatchObject({ id: null, postId: b.id })
  })

  it('lets only the owner delete a photo, and a deleted photo cannot be posted', async () => {
    const photo = (await addToLibrary(ann, '#cc3', LibraryPhotoSchema)).json
    const byBen = await t.request(`/api/library/photos/${photo.id}`, { method: 'DELETE', cookie: ben.cookie, schema: ApiErrorSchema })
    expect(byBen.status).toBe(404)
    expect(byBen.json.error.message).toBe(FM.libraryPhotoNotFound)
    expect((await publish(ben, [photo.url], ApiErrorSchema)).json.error.message).toBe(FM.notYourImage)
    expect((await libraryOf(ann)).items.map((p) => p.id)).toContain(photo.id)
    expect((await t.request(`/api/library/photos/${photo.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
    expect((await t.request(`/api/library/photos/${photo.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(404)
    expect((await publish(ann, [photo.url], ApiErrorSchema)).json.error.message).toBe(FM.notYourImage)
  })

  it(`keeps at most ${MAX_LIBRARY_PHOTOS} photos per user, with a clear message`, async () => {
    const have = (await libraryOf(ben)).count
    await t.platform.db.insert(libraryPhotos).values(Array.from({ length: MAX_LIBRARY_PHOTOS - have - 1 }, () => ({ userId: ben.user.id, fileSize: 1 })))
    expect((await addToLibrary(ben, '#c3c', LibraryPhotoSchema)).status).toBe(201)
    const full = await addToLibrary(ben, '#3cc', ApiErrorSchema)
    expect(full.status).toBe(409)
    expect(full.json.error).toEqual({ code: 'library_full', message: FM.libraryFull(MAX_LIBRARY_PHOTOS) })
    expect((await libraryOf(ben)).count).toBe(MAX_LIBRARY_PHOTOS)
    expect((await addToLibrary(ann, '#3cc', LibraryPhotoSchema)).status).toBe(201) // the limit is per user
  })

  it('needs a signed-in user and an image', async () => {
    expect((await t.request('/api/library/photos', { body: new FormData() })).status).toBe(401)
    const body = new FormData()
    body.set('file', new Blob(['not an image'], { type: 'image/png' }), 'x.png')
    expect((await t.request('/api/library/photos', { body, cookie: ann.cookie })).status).toBeGreaterThanOrEqual(400)
  })
})
