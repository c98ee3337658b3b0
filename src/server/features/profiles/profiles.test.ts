import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FollowStateSchema } from '~/shared/posts/schemas'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { AvatarUploadSchema, ProfileSchema, PublicProfileSchema } from '~/shared/profiles/schemas'
import { PM } from '~/shared/profiles/messages'
import { pendingUploads } from '../../db/schema'
import { sweepPendingUploads } from '../../platform/pending-uploads'
import { floodUntilRefused } from '../../test/flood'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
let a: Awaited<ReturnType<TestApp['signUp']>>
let b: Awaited<ReturnType<TestApp['signUp']>>
beforeAll(async () => {
  t = await createTestApp()
  a = await t.signUp('anna.lee+shop@example.com')
  b = await t.signUp('bo@example.com')
})
afterAll(() => t.close())

const save = <S extends z.core.$ZodType>(cookie: string, body: Record<string, unknown>, schema: S) => t.request('/api/profile', { method: 'PUT', body, cookie, schema })

describe('profile', () => {
  it('is created on first access with a username from the e-mail', async () => {
    const res = await t.request('/api/profile', { cookie: a.cookie, schema: ProfileSchema })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ user_id: a.user.id, username: 'anna.lee', unit_preference: 'metric', posts_count: 0, followers_count: 0, following_count: 0 })
    const short = await t.signUp('bo2@example.com')
    expect((await t.request('/api/profile', { cookie: short.cookie, schema: ProfileSchema })).json.username).toBe('bo2')
  })

  it('needs a signed-in user', async () => {
    const res = await t.request('/api/profile', { schema: ApiErrorSchema })
    expect(res.status).toBe(401)
    expect(res.json.error.code).toBe('unauthorized')
  })

  it.each([
    [{ username: 'Ab' }, 'username', PM.usernameRule],
    [{ username: 'has space' }, 'username', PM.usernameRule],
    [{ username: 'a'.repeat(21) }, 'username', PM.usernameRule],
    [{ phone_e164: '0123456789' }, 'phone_e164', PM.phoneRule],
    [{ phone_e164: '+12345' }, 'phone_e164', PM.phoneRule],
    [{ phone_e164: '+1234567890123456' }, 'phone_e164', PM.phoneRule],
    [{ avatar_url: 'not a url' }, 'avatar_url', PM.avatarNotUrl],
    [{ avatar_url: 'javascript:alert(1)' }, 'avatar_url', PM.avatarNotUrl],
    [{ first_name: 'x'.repeat(61) }, 'first_name', PM.nameTooLong],
    [{ last_name: 'x'.repeat(61) }, 'last_name', PM.nameTooLong],
    [{ display_name: 'x'.repeat(61) }, 'display_name', PM.nameTooLong],
    [{ bio: 'x'.repeat(281) }, 'bio', PM.bioTooLong],
    [{ height: 19 }, 'height', PM.outOfRange('Height', 20, 1100)],
    [{ height: 1101 }, 'height', PM.outOfRange('Height', 20, 1100)],
    [{ weight: 801 }, 'weight', PM.outOfRange('Weight', 10, 800)],
    [{ chest: 9 }, 'chest', PM.outOfRange('Chest', 10, 400)],
    [{ waist: 401 }, 'waist', PM.outOfRange('Waist', 10, 400)],
    [{ hip: 401 }, 'hip', PM.outOfRange('Hip', 10, 400)],
    [{ inseam: 201 }, 'inseam', PM.outOfRange('Inseam', 10, 200)],
    [{ outseam: 251 }, 'outseam', PM.outOfRange('Outseam', 10, 250)],
    [{ sleeve: 9 }, 'sleeve', PM.outOfRange('Sleeve', 10, 200)],
    [{ shoulder: 201 }, 'shoulder', PM.outOfRange('Shoulder', 10, 200)],
    [{ neck: 4 }, 'neck', PM.outOfRange('Neck', 5, 120)],
    [{ thigh: 201 }, 'thigh', PM.outOfRange('Thigh', 10, 200)],
    [{ calf: 121 }, 'calf', PM.outOfRange('Calf', 5, 120)],
    [{ shoe_size: 61 }, 'shoe_size', PM.outOfRange('Shoe size', 1, 60)],
    [{ height: 'tall' }, 'height', PM.notANumber],
    [{ gender: 'robot' }, 'gender', undefined],
    [{ owner: 'x' }, '_', undefined],
  ])('refuses %j with the error shape', async (body, field, message) => {
    const res = await save(a.cookie, body, ValidationErrorSchema)
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('validation_failed')
    const got = res.json.error.fields[field] ?? Object.values(res.json.error.fields)[0]
    if (message) expect(got).toBe(message)
  })

  it('replaces the whole profile: fields left out are cleared', async () => {
    await save(a.cookie, { bio: 'hello', first_name: 'Anna' }, ProfileSchema)
    const res = await save(a.cookie, { first_name: 'Anna' }, ProfileSchema)
    expect(res.json).toMatchObject({ first_name: 'Anna', bio: null, username: null, unit_preference: 'metric' })
  })

  it('checks ranges in the entered unit, stores metric and empties become null', async () => {
    // 1000 in is in range (20-1100) although 2540 cm would not be.
    expect((await save(a.cookie, { unit_preference: 'imperial', height: 1000 }, ProfileSchema)).status).toBe(200)
    const res = await save(a.cookie, { unit_preference: 'imperial', height: '65', weight: 154.32, waist: 30, shoe_size: '8.5', chest: '' }, ProfileSchema)
    expect(res.status).toBe(200)
    expect(res.json.height_cm).toBeCloseTo(165.1, 2)
    expect(res.json.weight_kg).toBeCloseTo(70, 1)
    expect(res.json.waist_cm).toBeCloseTo(76.2, 2)
    expect(res.json.shoe_size).toBe(8.5)
    expect(res.json.chest_cm).toBeNull()
    const metric = await save(a.cookie, { unit_preference: 'metric', height: 170, weight: 60 }, ProfileSchema)
    expect(metric.json).toMatchObject({ height_cm: 170, weight_kg: 60, waist_cm: null })
  })

  it('defaults display_name to first and last name, and keeps a given one', async () => {
    expect((await save(a.cookie, { first_name: 'Anna', last_name: 'Lee', display_name: '' }, ProfileSchema)).json.display_name).toBe('Anna Lee')
    expect((await save(a.cookie, { first_name: 'Anna', last_name: 'Lee', display_name: 'Annie' }, ProfileSchema)).json.display_name).toBe('Annie')
  })

  it('refuses a taken username with the spec message', async () => {
    expect((await save(a.cookie, { username: 'anna_l', display_name: 'Annie' }, ProfileSchema)).status).toBe(200)
    const res = await save(b.cookie, { username: 'anna_l' }, ApiErrorSchema)
    expect(res.status).toBe(409)
    expect(res.json.error).toMatchObject({ message: PM.usernameTaken, fields: { username: PM.usernameTaken } })
  })

  it('only ever edits the signed-in user’s own profile', async () => {
    const res = await save(b.cookie, { user_id: a.user.id, bio: 'hijack' }, ApiErrorSchema)
    expect(res.status).toBe(400)
    await save(b.cookie, { username: 'bo_b', bio: 'mine' }, ProfileSchema)
    expect((await t.request('/api/profile', { cookie: a.cookie, schema: ProfileSchema })).json.bio).toBeNull()
    expect((await t.request('/api/profile', { cookie: b.cookie, schema: ProfileSchema })).json.bio).toBe('mine')
  })

  it('shows a public profile without private fields, and 404 for unknown users', async () => {
    const res = await t.request('/api/profiles/anna_l', { cookie: b.cookie, schema: PublicProfileSchema })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ username: 'anna_l', display_name: 'Annie', is_me: false, is_following: false })
    expect(res.json).not.toHaveProperty('phone_e164')
    expect(res.json).not.toHaveProperty('height_cm')
    expect((await t.request('/api/profiles/nobody_here', { cookie: b.cookie })).status).toBe(404)
  })
})

describe('follows', () => {
  it('follow and unfollow keep both counts right and are idempotent', async () => {
    const bName = 'bo_b'
    for (let i = 0; i < 2; i++) {
      const res = await t.request('/api/profiles/anna_l/follow', { method: 'PUT', cookie: b.cookie, schema: FollowStateSchema })
      expect(res.json).toEqual({ following: true, followersCount: 1 })
    }
    expect((await t.request('/api/profiles/anna_l', { cookie: b.cookie, schema: PublicProfileSchema })).json).toMatchObject({ is_following: true, followers_count: 1 })
    expect((await t.request(`/api/profiles/${bName}`, { cookie: a.cookie, schema: PublicProfileSchema })).json.following_count).toBe(1)
    expect((await t.request('/api/profiles/anna_l/follow', { method: 'DELETE', cookie: b.cookie, schema: FollowStateSchema })).json).toEqual({ following: false, followersCount: 0 })
    expect((await t.request('/api/profiles/anna_l/follow', { method: 'DELETE', cookie: b.cookie, schema: FollowStateSchema })).json).toEqual({ following: false, followersCount: 0 })
    expect((await t.request(`/api/profiles/${bName}`, { cookie: a.cookie, schema: PublicProfileSchema })).json.following_count).toBe(0)
  })

  it('cannot follow oneself', async () => {
    const res = await t.request('/api/profiles/anna_l/follow', { method: 'PUT', cookie: a.cookie })
    expect(res.status).toBe(400)
  })
})

describe('avatar upload', () => {
  const upload = <S extends z.core.$ZodType>(file: Blob, schema: S, name = 'a.jpg', cookie = a.cookie) => {
    const body = new FormData()
    body.set('file', file, name)
    return t.request('/api/profile/avatar', { body, cookie, schema })
  }

  const avatar = async (color: string, cookie = a.cookie) => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } }).png().toBuffer()
    const res = await upload(new Blob([new Uint8Array(png)], { type: 'image/png' }), AvatarUploadSchema, 'a.png', cookie)
    expect(res.status).toBe(201)
    return res.json.url
  }
  /** Both stored sizes of an avatar URL, as storage keys. */
  const sizesOf = (url: string) => [url, url.replace(/\.webp$/, '-w96.webp')].map((u) => u.slice('/api/files/'.length))
  const stored = async (url: string) => Promise.all(sizesOf(url).map((key) => t.platform.storage.has(key)))

  it('stores a re-encoded square avatar under avatars/{userId}/ and serves it', async () => {
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#3a7' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone' } })
      .toBuffer()
    const res = await upload(new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), AvatarUploadSchema, 'Me.JPG')
    expect(res.status).toBe(201)
    expect(res.json.url).toMatch(new RegExp(`^/api/files/avatars/${a.user.id}/\\d+\\.webp$`))
    const file = await t.app.request(res.json.url)
    expect(file.status).toBe(200)
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata()
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 320 })
    expect(meta.exif).toBeUndefined()
    expect((await save(a.cookie, { avatar_url: res.json.url }, ProfileSchema)).json.avatar_url).toBe(res.json.url)
    expect((await save(a.cookie, { avatar_url: '' }, ProfileSchema)).json.avatar_url).toBeNull()
  })

  it('refuses an avatar URL that is not one of the user’s uploads', async () => {
    const bos = await avatar('#123', b.cookie)
    for (const avatar_url of ['https://tracker.example/pixel.png', `/api/files/avatars/${b.user.id}/1.webp`, bos, bos.replace(b.user.id, a.user.id)]) {
      const res = await save(a.cookie, { avatar_url }, ValidationErrorSchema)
      expect(res.status).toBe(400)
      expect(res.json.error.fields.avatar_url).toBe(PM.avatarNotYours)
    }
  })

  it('deletes every size of the old avatar once a new one is saved, and of a removed one', async () => {
    const first = await avatar('#f00')
    expect((await save(a.cookie, { avatar_url: first }, ProfileSchema)).status).toBe(200)
    const second = await avatar('#00f')
    // Not replaced until the profile is saved with the new one.
    expect(await stored(first)).toEqual([true, true])
    expect((await save(a.cookie, { avatar_url: second }, ProfileSchema)).json.avatar_url).toBe(second)
    expect(await stored(first)).toEqual([false, false])
    expect((await t.app.request(first)).status).toBe(404)
    expect((await t.app.request(second)).status).toBe(200)
    // Saving other fields keeps the avatar and its files.
    expect((await save(a.cookie, { avatar_url: second, bio: 'hi' }, ProfileSchema)).status).toBe(200)
    expect(await stored(second)).toEqual([true, true])
    expect((await save(a.cookie, { avatar_url: '' }, ProfileSchema)).json.avatar_url).toBeNull()
    expect(await stored(second)).toEqual([false, false])
    expect((await t.app.request(second)).status).toBe(404)
  })

  it('deletes avatars uploaded but never saved after a day, and refuses them afterwards', async () => {
    const kept = await avatar('#0f0')
    await save(a.cookie, { avatar_url: kept }, ProfileSchema)
    const unsaved = await avatar('#ff0')
    await t.platform.db.update(pendingUploads).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(pendingUploads.userId, a.user.id))
    await sweepPendingUploads(t.platform)
    expect(await stored(unsaved)).toEqual([false, false])
    expect(await stored(kept)).toEqual([true, true])
    const res = await save(a.cookie, { avatar_url: unsaved }, ValidationErrorSchema)
    expect(res.status).toBe(400)
    expect(res.json.error.fields.avatar_url).toBe(PM.avatarNotYours)
    expect((await t.request('/api/profile', { cookie: a.cookie, schema: ProfileSchema })).json.avatar_url).toBe(kept)
  })

  it('refuses a flood of avatar uploads with 429 and a message', async () => {
    const c = await t.signUp('flood@example.com')
    const png = new Uint8Array(await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } }).png().toBuffer())
    const { accepted, last } = await floodUntilRefused(20, () => upload(new Blob([png], { type: 'image/png' }), z.union([AvatarUploadSchema, ApiErrorSchema]), 'a.png', c.cookie))
    expect(last.status).toBe(429)
    expect(last.json).toMatchObject({ error: { code: 'rate_limited', message: expect.stringMatching(/photo many times/) } })
    expect(accepted).toBeGreaterThanOrEqual(20)
  })

  it('refuses a text file named like an image', async () => {
    const res = await upload(new Blob(['hello'], { type: 'image/jpeg' }), ApiErrorSchema)
    expect(res.status).toBe(415)
    expect(res.json.error.code).toBe('unsupported_media_type')
  })
})
