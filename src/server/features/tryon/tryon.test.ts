import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { colorImageSet, productGarmentKey, productImageKey } from '~/shared/marketplace/images'
import { MT } from '~/shared/marketplace/messages'
import { T } from '~/shared/tryon/messages'
import {
  CollectionSchema,
  DEFAULT_POST_CAPTION,
  ExportFileSchema,
  type Generation,
  GenerationEventSchema,
  GenerationSchema,
  HistoryRowSchema,
  PhotoSchema,
  PostedResultSchema,
  ProductSummarySchema,
  SettingsResponseSchema,
  TryOnResultSchema,
} from '~/shared/tryon/schemas'
import { aiGenerations, postImages, posts, products, profiles, rateLimits } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { createTestEngine, type TestEngine } from '../../test/tryon-engine'
import { TryOnError } from '../../tryon'
import { analysisKeys } from '../../tryon/analysis-store'
import { setEngine, warmEngine } from './engine-registry'
import { MAX_STARTS_PER_HOUR } from './generations'
import { INTERRUPTED, runGeneration, STALE_AFTER_MS, sweepStaleGenerations, UNREADABLE_REQUEST } from './worker'

/** The export file (its shared schema checks only the version and time) with the sections read here. */
const ExportWithTryOnsSchema = z.looseObject({ ...ExportFileSchema.shape, posts: z.array(z.unknown()), generations: z.array(z.unknown()) })

let t: TestApp
type User = Awaited<ReturnType<TestApp['signUp']>>
let ann: User
let bob: User

const jpeg = (color: string, w = 240, h = 320) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer()

async function upload(user: User, type: 'base' | 'product', color = '#b08060') {
  const form = new FormData()
  form.set('photo_type', type)
  form.set('file', new Blob([new Uint8Array(await jpeg(color))], { type: 'image/jpeg' }), `${type}.jpg`)
  const res = await t.request('/api/photos', { body: form, cookie: user.cookie, schema: PhotoSchema })
  expect(res.status).toBe(201)
  return res.json
}

const ref = (photo: { filePath: string }) => ({ bucket: 'user-photos', path: photo.filePath })

async function start<S extends z.core.$ZodType>(user: User, body: Record<string, unknown>, schema: S) {
  return t.request('/api/tryon/generations', { body, cookie: user.cookie, schema })
}

async function settle(user: User, id: string): Promise<Generation> {
  for (let i = 0; i < 200; i++) {
    const res = await t.request(`/api/tryon/generations/${id}`, { cookie: user.cookie, schema: GenerationSchema })
    if (res.json.status === 'succeeded' || res.json.status === 'failed') return res.json
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('generation did not finish')
}

/** The engine's last call for `user`'s photos (a generation an earlier test left may run meanwhile). */
const lastCallFor = (engine: TestEngine, user: User) => engine.calls.findLast((c) => c.person.key.startsWith(`user-photos/${user.user.id}/`))

async function tryOn(user: User) {
  const [person, garment] = await Promise.all([upload(user, 'base'), upload(user, 'product', '#2040c0')])
  const res = await start(user, { subject: ref(person), garment: ref(garment), size: 'M' }, GenerationSchema)
  expect(res.status).toBe(202)
  return settle(user, res.json.id)
}

beforeAll(async () => {
  t = await createTestApp()
  ann = await t.signUp()
  bob = await t.signUp()
})
afterAll(() => t.close())

describe('photos', () => {
  it('uploads (re-encoded, metadata stripped), lists newest first by type and deletes only my own', async () => {
    setEngine(t.platform, createTestEngine())
    const first = await upload(ann, 'base')
    const second = await upload(ann, 'base')
    await upload(ann, 'product')
    const list = await t.request('/api/photos?type=base', { cookie: ann.cookie, schema: z.array(PhotoSchema) })
    expect(list.json.map((p) => p.id).slice(0, 2)).toEqual([second.id, first.id])
    expect(list.json[0]).toMatchObject({ photoType: 'base', mimeType: 'image/jpeg' })
    const file = await t.app.request(second.fileUrl, { headers: { cookie: ann.cookie } })
    expect(file.status).toBe(200)
    expect((await sharp(Buffer.from(await file.arrayBuffer())).metadata()).exif).toBeUndefined()

    expect((await t.app.request(second.fileUrl, { headers: { cookie: bob.cookie } })).status).toBe(404)
    expect((await t.request('/api/photos?type=base', { cookie: bob.cookie, schema: z.array(PhotoSchema) })).json).toEqual([])
    expect((await t.request(`/api/photos/${first.id}`, { method: 'DELETE', cookie: bob.cookie })).status).toBe(404)
    expect((await t.request(`/api/photos/${first.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(200)
    expect((await t.app.request(first.fileUrl, { headers: { cookie: ann.cookie } })).status).toBe(404)
  })

  it('refuses files that are not images, a bad type, and signed-out uploads', async () => {
    const form = new FormData()
    form.set('photo_type', 'base')
    form.set('file', new Blob(['<svg onload=alert(1)>'], { type: 'image/jpeg' }), 'x.jpg')
    expect((await t.request('/api/photos', { body: form, cookie: ann.cookie })).status).toBe(415)
    const bad = new FormData()
    bad.set('photo_type', 'selfie')
    bad.set('file', new Blob([new Uint8Array(await jpeg('#fff'))]), 'x.jpg')
    const res = await t.request('/api/photos', { body: bad, cookie: ann.cookie, schema: ValidationErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json.error.fields.photo_type).toBeDefined()
    expect((await t.request('/api/photos?type=base')).status).toBe(401)
  })

  it("queues the engine's prepare for a new photo", async () => {
    const engine = createTestEngine()
    setEngine(t.platform, engine)
    const photo = await upload(ann, 'base')
    await expect.poll(() => engine.prepared, { timeout: 5000 }).toContain(`person:user-photos/${photo.filePath}`)
  })

  /** Which of a photo's analysis files are in storage. */
  const storedAnalysis = async (photo: { filePath: string }) => {
    const keys = Object.values(analysisKeys(`user-photos/${photo.filePath}`))
    return (await Promise.all(keys.map(async (key) => ((await t.platform.storage.has(key)) ? key : null)))).filter((key) => key !== null)
  }

  it("deletes a photo's analysis with the photo: nothing derived from a body photo stays once it is deleted", async () => {
    setEngine(t.platform, createTestEngine({ analyses: t.platform.storage }))
    const photo = await upload(ann, 'base')
    await expect.poll(() => storedAnalysis(photo), { timeout: 5000 }).toHaveLength(2)
    expect((await t.request(`/api/photos/${photo.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(200)
    expect(await storedAnalysis(photo)).toEqual([])
  })

  it('deletes the analysis of a photo deleted while it was being analysed, once it is stored', async () => {
    const engine = createTestEngine({ analyses: t.platform.storage })
    let [started, deleted] = [() => {}, () => {}]
    const analysing = new Promise<void>((resolve) => (started = resolve))
    const afterDeletion = new Promise<void>((resolve) => (deleted = resolve))
    let stored = false
    const prepare = async (...args: Parameters<NonNullable<TestEngine['prepare']>>) => {
      started()
      await afterDeletion
      await engine.prepare!(...args)
      stored = true
    }
    setEngine(t.platform, { ...engine, prepare })
    const photo = await upload(ann, 'base')
    await analysing
    expect((await t.request(`/api/photos/${photo.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(200)
    deleted()
    await expect.poll(async () => (stored ? storedAnalysis(photo) : 'still analysing'), { timeout: 5000 }).toEqual([])
  })

  it("deletes the analysis a try-on stored after its photo was deleted, and keeps the other photo's", async () => {
    const engine = createTestEngine({ analyses: t.platform.storage })
    let [started, deleted] = [() => {}, () => {}]
    const generating = new Promise<void>((resolve) => (started = resolve))
    const afterDeletion = new Promise<void>((resolve) => (deleted = resolve))
    const generate: TestEngine['generate'] = async (input) => {
      started()
      await afterDeletion
      return engine.generate(input)
    }
    // (no prepare job: the try-on is the first to analyse its photos)
    setEngine(t.platform, { ...engine, prepare: undefined, generate })
    const [person, garment] = await Promise.all([upload(ann, 'base'), upload(ann, 'product', '#2040c0')])
    const res = await start(ann, { subject: ref(person), garment: ref(garment), size: 'M' }, GenerationSchema)
    expect(res.status).toBe(202)
    await generating
    expect((await t.request(`/api/photos/${person.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(200)
    deleted()
    await settle(ann, res.json.id)
    expect(await storedAnalysis(person)).toEqual([])
    expect(await storedAnalysis(garment)).toHaveLength(2)
  })
})

describe('engine warm-up', () => {
  it('runs the engine check once when a process starts working; a failed check is logged, never thrown', async () => {
    let checks = 0
    setEngine(t.platform, { ...createTestEngine(), check: async () => void checks++ })
    await warmEngine(t.platform)
    expect(checks).toBe(1)
    setEngine(t.platform, { ...createTestEngine(), check: () => Promise.reject(new Error('the models could not be read')) })
    await expect(warmEngine(t.platform)).resolves.toBeUndefined()
  })
})

describe('generations', () => {
  it('runs queued -> processing -> succeeded, publishes each status live and stores the output privately', async () => {
    const engine = createTestEngine({ delayMs: 100 })
    setEngine(t.platform, engine)
    await t.platform.db.insert(profiles).values({ userId: ann.user.id, heightCm: 170, chestCm: 88 }).onConflictDoNothing()
    const statuses: string[] = []
    const unsubscribe = t.platform.events.subscribe(ann.user.id, (e) => e.type === 'generation' && statuses.push(GenerationEventSchema.parse(e.data).status))
    const done = await tryOn(ann)
    expect(done.status).toBe('succeeded')
    expect(done.outputUrl).toMatch(new RegExp(`^/api/files/ai-outputs/${ann.user.id}/`))
    // (the live event may arrive just after the stored status is read)
    await expect.poll(() => statuses).toEqual(['processing', 'succeeded'])
    unsubscribe()
    const call = lastCallFor(engine, ann)!
    expect(call).toMatchObject({ size: 'M', measurements: { heightCm: 170, chestCm: 88 }, width: 768, height: 1024, numberResults: 1 })
    expect(call.prompt).toContain(T.defaultPromptExtras)
    expect(call.prompt).toContain('size M')
    const image = await t.app.request(done.outputUrl!, { headers: { cookie: ann.cookie } })
    expect(image.status).toBe(200)
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(768)
    expect((await t.app.request(done.outputUrl!, { headers: { cookie: bob.cookie } })).status).toBe(404)
  })

  it('20 of 20 fresh try-ons started right after their uploads succeed, each photo analysed once', async () => {
    const engine = createTestEngine({ analyses: t.platform.storage })
    setEngine(t.platform, engine)
    const dana = await t.signUp()
    for (let i = 0; i < 20; i++) {
      const done = await tryOn(dana)
      expect(done, done.error ?? '').toMatchObject({ status: 'succeeded' })
    }
    await expect.poll(() => engine.prepared.length, { timeout: 20_000 }).toBe(40)
    expect(engine.computed).toHaveLength(40)
    expect(new Set(engine.computed).size).toBe(40)
  })

  it("turns an engine failure into a failed generation with the engine's message", async () => {
    setEngine(t.platform, createTestEngine({ fail: new TryOnError('The try-on service declined these photos. Please try different photos.') }))
    const done = await tryOn(ann)
    expect(done).toMatchObject({ status: 'failed', error: 'The try-on service declined these photos. Please try different photos.', outputUrl: null })
  })

  it("refuses another user's photos and generations", async () => {
    setEngine(t.platform, createTestEngine())
    const annPhoto = await upload(ann, 'base')
    const bobGarment = await upload(bob, 'product')
    const res = await start(bob, { subject: ref(annPhoto), garment: ref(bobGarment) }, ApiErrorSchema)
    expect(res.status).toBe(400)
    // Someone else's public image is not a base photo either.
    await t.platform.storage.put(`posts/${ann.user.id}/look.webp`, await sharp(await jpeg('#abc')).webp().toBuffer(), 'image/webp')
    expect((await start(bob, { subject: { bucket: 'posts', path: `${ann.user.id}/look.webp` }, garment: ref(bobGarment) }, ApiErrorSchema)).status).toBe(400)
    expect((await start(bob, { subject: ref(bobGarment), garment: { bucket: 'posts', path: `${ann.user.id}/look.webp` } }, GenerationSchema)).status).toBe(202)
    const own = await tryOn(ann)
    expect((await t.request(`/api/tryon/generations/${own.id}`, { cookie: bob.cookie })).status).toBe(404)
    const history = await t.request('/api/tryon/history', { cookie: bob.cookie, schema: z.array(HistoryRowSchema) })
    expect(history.json.every((h) => h.id !== own.id)).toBe(true)
  })

  it('validates the request', async () => {
    const bad = await start(ann, { subject: { bucket: 'user-photos', path: '../etc/passwd' }, garment: { bucket: 'x', path: 'y' }, size: 'XXXL' }, ValidationErrorSchema)
    expect(bad.status).toBe(400)
    expect(Object.keys(bad.json.error.fields)).toEqual(expect.arrayContaining(['subject.path', 'size']))
    expect((await start(ann, { subject: 'http://169.254.169.254/', garment: 'x' }, ValidationErrorSchema)).status).toBe(400)
    const person = await upload(ann, 'base')
    expect((await t.request('/api/tryon/generations', { body: { subject: ref(person), garment: ref(person) } })).status).toBe(401)
  })

  it('limits try-ons in progress per user', async () => {
    const hanging = createTestEngine({ hang: true })
    setEngine(t.platform, hanging)
    const carol = await t.signUp()
    const [person, garment] = await Promise.all([upload(carol, 'base'), upload(carol, 'product')])
    const body = { subject: ref(person), garment: ref(garment) }
    for (let i = 0; i < 3; i++) expect((await start(carol, body, GenerationSchema)).status).toBe(202)
    const limited = await start(carol, body, ApiErrorSchema)
    expect(limited.status).toBe(429)
    expect(limited.json.error.message).toMatch(/in progress/)
    hanging.release()
  })

  it('limits try-ons started per hour', async () => {
    const frank = await t.signUp()
    const [person, garment] = await Promise.all([upload(frank, 'base'), upload(frank, 'product')])
    const windowStart = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000)
    await t.platform.db.insert(rateLimits).values({ key: `tryon:${frank.user.id}`, windowStart, count: MAX_STARTS_PER_HOUR })
    const res = await start(frank, { subject: ref(person), garment: ref(garment) }, ApiErrorSchema)
    expect(res.status).toBe(429)
    expect(res.json.error.message).toMatch(/many try-ons/)
  })

  it('recovers a generation whose worker died: requeued once, then failed with a message', async () => {
    const hanging = createTestEngine({ hang: true })
    setEngine(t.platform, hanging)
    const dave = await t.signUp()
    const [person, garment] = await Promise.all([upload(dave, 'base'), upload(dave, 'product')])
    const { json } = await start(dave, { subject: ref(person), garment: ref(garment) }, GenerationSchema)
    await expect.poll(async () => (await t.request(`/api/tryon/generations/${json.id}`, { cookie: dave.cookie, schema: GenerationSchema })).json.status, { timeout: 5000 }).toBe('processing')

    // The process "dies": no more heartbeats. The sweep at the next start-up finds the row.
    await t.platform.db.update(aiGenerations).set({ heartbeatAt: new Date(Date.now() - STALE_AFTER_MS - 1000) }).where(eq(aiGenerations.id, json.id))
    setEngine(t.platform, createTestEngine())
    expect(await sweepStaleGenerations(t.platform)).toMatchObject({ requeued: 1 })
    hanging.release() // the dead attempt's late failure must not touch the new attempt
    const done = await settle(dave, json.id)
    expect(done.status).toBe('succeeded')

    // A second crash of its last attempt fails it instead of leaving it 'processing'.
    const hangingAgain = createTestEngine({ hang: true })
    setEngine(t.platform, hangingAgain)
    const again = await start(dave, { subject: ref(person), garment: ref(garment) }, GenerationSchema)
    await expect.poll(async () => (await t.request(`/api/tryon/generations/${again.json.id}`, { cookie: dave.cookie, schema: GenerationSchema })).json.status, { timeout: 5000 }).toBe('processing')
    await t.platform.db.update(aiGenerations).set({ attempt: 1, heartbeatAt: new Date(0) }).where(eq(aiGenerations.id, again.json.id))
    expect(await sweepStaleGenerations(t.platform)).toMatchObject({ failed: 1 })
    hangingAgain.release()
    expect((await settle(dave, again.json.id)).error).toBe(INTERRUPTED)
  })

  it('fails a generation whose stored request does not read as one, without running the engine on guesses', async () => {
    const engine = createTestEngine()
    setEngine(t.platform, engine)
    const [person, garment] = await Promise.all([upload(ann, 'base'), upload(ann, 'product')])
    const row = { userId: ann.user.id, subjectBucket: 'user-photos', subjectPath: person.filePath, garmentBucket: 'user-photos', garmentPath: garment.filePath }
    for (const requestPayload of [{}, { prompt: 'Wear it.', size: null, category: null, measurements: {}, width: 'wide', height: 1024, numberResults: 1, outputFormat: 'JPG', model: 'local', customJson: null }]) {
      const [queued] = await t.platform.db.insert(aiGenerations).values({ ...row, requestPayload }).returning()
      await runGeneration(t.platform, { generationId: queued!.id, attempt: 0 })
      expect(await settle(ann, queued!.id)).toMatchObject({ status: 'failed', error: UNREADABLE_REQUEST, outputUrl: null })
    }
    expect(engine.calls.filter((c) => c.person.key === `user-photos/${person.filePath}`)).toEqual([])
  })
})

describe('results and posting', () => {
  it('saves, lists with the product, deletes, and keeps them to their owner', async () => {
    setEngine(t.platform, createTestEngine())
    const done = await tryOn(ann)
    expect((await t.request('/api/tryon/results', { body: { generationId: done.id }, cookie: bob.cookie, schema: ApiErrorSchema })).status).toBe(404)
    const saved = await t.request('/api/tryon/results', { body: { generationId: done.id }, cookie: ann.cookie, schema: TryOnResultSchema })
    expect(saved.status).toBe(201)
    expect(saved.json).toMatchObject({ generationId: done.id, resultUrl: done.outputUrl, basePhotoUrl: done.subjectUrl, productPhotoUrl: done.garmentUrl })
    expect((await t.request('/api/tryon/results', { body: { generationId: done.id }, cookie: ann.cookie, schema: TryOnResultSchema })).status).toBe(200)
    expect((await t.request('/api/tryon/results', { cookie: ann.cookie, schema: z.array(TryOnResultSchema) })).json.filter((r) => r.generationId === done.id)).toHaveLength(1)
    expect((await t.request('/api/tryon/results', { cookie: bob.cookie, schema: z.array(TryOnResultSchema) })).json).toEqual([])
    expect((await t.request(`/api/tryon/results/${saved.json.id}`, { method: 'DELETE', cookie: bob.cookie })).status).toBe(404)
    expect((await t.request(`/api/tryon/results/${saved.json.id}`, { method: 'DELETE', cookie: ann.cookie })).status).toBe(204)
  })

  it('refuses to save or post a failed generation', async () => {
    setEngine(t.platform, createTestEngine({ fail: new TryOnError('nope') }))
    const failed = await tryOn(ann)
    const save = await t.request('/api/tryon/results', { body: { generationId: failed.id }, cookie: ann.cookie, schema: ApiErrorSchema })
    expect(save.json.error.message).toBe(T.missingDataToSave)
    const post = await t.request('/api/tryon/posts', { body: { generationId: failed.id }, cookie: ann.cookie, schema: ApiErrorSchema })
    expect(post.json.error.message).toBe(T.noImageToPost)
  })

  it('posts a result to the feed with the default caption and a public image, counting the post', async () => {
    setEngine(t.platform, createTestEngine())
    const done = await tryOn(ann)
    const [before] = await t.platform.db.select({ n: profiles.postsCount }).from(profiles).where(eq(profiles.userId, ann.user.id))
    const res = await t.request('/api/tryon/posts', { body: { generationId: done.id }, cookie: ann.cookie, schema: PostedResultSchema })
    expect(res.status).toBe(201)
    const [post] = await t.platform.db.select().from(posts).where(eq(posts.id, res.json.postId))
    expect(post).toMatchObject({ userId: ann.user.id, caption: DEFAULT_POST_CAPTION, likesCount: 0 })
    const [image] = await t.platform.db.select().from(postImages).where(eq(postImages.postId, post!.id))
    expect(image!.imageUrl).toMatch(/^\/api\/files\/posts\//)
    expect((await t.app.request(image!.imageUrl)).status).toBe(200)
    const [after] = await t.platform.db.select({ n: profiles.postsCount }).from(profiles).where(eq(profiles.userId, ann.user.id))
    expect(after!.n).toBe((before?.n ?? 0) + 1)
    expect((await t.request('/api/tryon/posts', { body: { generationId: done.id }, cookie: bob.cookie })).status).toBe(404)
  })

  it('uses a liked product image as the garment and lists liked products', async () => {
    setEngine(t.platform, createTestEngine())
    const key = 'products/demo/480.webp'
    await t.platform.storage.put(key, await sharp(await jpeg('#ff0000')).webp().toBuffer(), 'image/webp')
    const [product] = await t.platform.db.insert(products).values({ name: 'Red Dress', brand: 'Drape', category: 'evening', price: 99, imageUrl: `/api/files/${key}` }).returning()
    await t.request(`/api/products/${product!.id}/like`, { method: 'PUT', cookie: ann.cookie })
    const liked = await t.request('/api/tryon/liked', { cookie: ann.cookie, schema: z.array(ProductSummarySchema) })
    expect(liked.json.map((x) => x.id)).toContain(product!.id)
    expect((await t.request('/api/tryon/liked', { cookie: bob.cookie, schema: z.array(ProductSummarySchema) })).json).toEqual([])
    const person = await upload(ann, 'base')
    const res = await start(ann, { subject: ref(person), garment: { bucket: 'products', path: 'demo/480.webp' }, productId: product!.id }, GenerationSchema)
    const done = await settle(ann, res.json.id)
    expect(done).toMatchObject({ status: 'succeeded', productId: product!.id })
    // (a shop's own photo, no cut-out: the engine reads the garment's type itself)
    const [payload] = await t.platform.db.select({ p: aiGenerations.requestPayload }).from(aiGenerations).where(eq(aiGenerations.id, done.id))
    expect(payload!.p).toMatchObject({ category: null })
    const saved = await t.request('/api/tryon/results', { body: { generationId: done.id }, cookie: ann.cookie, schema: TryOnResultSchema })
    expect(saved.json.product).toMatchObject({ id: product!.id, name: 'Red Dress' })
  })

  it("wears the chosen colour's garment image when the product has one per colour", async () => {
    setEngine(t.platform, createTestEngine())
    const colors = [
      { name: 'Burgundy', hex: '#7B1E3A' },
      { name: 'Black', hex: '#1F1F1F' },
    ]
    const [product] = await t.platform.db.insert(products).values({ name: 'Two-tone Dress', brand: 'Drape', category: 'evening', price: 99, imageUrl: '', colors }).returning()
    const id = product!.id
    const png = await sharp({ create: { width: 30, height: 40, channels: 4, background: '#00000000' } }).png().toBuffer()
    for (const set of [id, colorImageSet(id, colors, 'Black')]) {
      await t.platform.storage.put(productImageKey(set, 480), await sharp(await jpeg('#7b1e3a')).webp().toBuffer(), 'image/webp')
      await t.platform.storage.put(productGarmentKey(set), png, 'image/png')
    }
    const url = (set: string) => t.platform.storage.url(productImageKey(set, 480))
    await t.platform.db.update(products).set({ imageUrl: url(id), colorImages: { Burgundy: url(id), Black: url(`${id}-black`) } }).where(eq(products.id, id))
    const person = await upload(ann, 'base')
    // The product page hands over the colour; the server picks its garment whatever image was sent.
    const garment = { bucket: 'products', path: `${id}/480.webp` }
    const black = await start(ann, { subject: ref(person), garment, productId: id, color: 'Black' }, GenerationSchema)
    expect(black.status, black.text).toBe(202)
    expect(black.json.garmentUrl).toBe(t.platform.storage.url(productGarmentKey(`${id}-black`)))
    const plain = await start(ann, { subject: ref(person), garment, productId: id }, GenerationSchema)
    expect(plain.json.garmentUrl).toBe(t.platform.storage.url(productGarmentKey(id)))
    const [payload] = await t.platform.db.select({ p: aiGenerations.requestPayload }).from(aiGenerations).where(eq(aiGenerations.id, black.json.id))
    // (the catalogue's cut-outs are drawn dresses: the engine is told what it wears)
    expect(payload!.p).toMatchObject({ color: 'Black', category: 'dress' })
    const wrong = await start(ann, { subject: ref(person), garment, productId: id, color: 'Chartreuse' }, ValidationErrorSchema)
    expect([wrong.status, wrong.json.error.fields]).toEqual([400, { color: MT.colorUnavailable }])
    await Promise.all([settle(ann, black.json.id), settle(ann, plain.json.id)])
  })

  it('keeps style collections to their owner', async () => {
    setEngine(t.platform, createTestEngine())
    const done = await tryOn(ann)
    const saved = await t.request('/api/tryon/results', { body: { generationId: done.id }, cookie: ann.cookie, schema: TryOnResultSchema })
    const created = await t.request('/api/tryon/collections', { body: { name: 'Summer' }, cookie: ann.cookie, schema: CollectionSchema })
    expect(created.status).toBe(201)
    expect((await t.request('/api/tryon/collections', { body: { name: '' }, cookie: ann.cookie })).status).toBe(400)
    const added = await t.request(`/api/tryon/collections/${created.json.id}/items`, { body: { resultId: saved.json.id }, cookie: ann.cookie, schema: CollectionSchema })
    expect(added.json).toMatchObject({ name: 'Summer', itemCount: 1, coverUrl: done.outputUrl })
    expect((await t.request(`/api/tryon/collections/${created.json.id}/items`, { body: { resultId: saved.json.id }, cookie: bob.cookie })).status).toBe(404)
    expect((await t.request('/api/tryon/collections', { cookie: bob.cookie, schema: z.array(CollectionSchema) })).json).toEqual([])
  })
})

describe('settings', () => {
  it('gives defaults, saves per user, validates, and the next generation carries them', async () => {
    const erin = await t.signUp()
    const defaults = await t.request('/api/tryon/settings', { cookie: erin.cookie, schema: SettingsResponseSchema })
    expect(defaults.json).toMatchObject({ model: 'bfl:4@1', width: 1024, height: 1024, number_results: 1, output_format: 'JPG', saved: false, engine: 'local' })
    const settings = { model: 'runware:106@1', width: 832, height: 1248, number_results: 2, output_format: 'PNG', prompt_template: 'Wear it.', custom_json: { steps: 30 } }
    expect((await t.request('/api/tryon/settings', { method: 'PUT', body: settings, cookie: erin.cookie, schema: SettingsResponseSchema })).json).toMatchObject({ ...settings, saved: true })
    expect((await t.request('/api/tryon/settings', { cookie: bob.cookie, schema: SettingsResponseSchema })).json.saved).toBe(false)
    const bad = await t.request('/api/tryon/settings', { method: 'PUT', body: { ...settings, number_results: 5 }, cookie: erin.cookie, schema: ValidationErrorSchema })
    expect(bad.status).toBe(400)
    expect(bad.json.error.fields.number_results).toBe(T.numberResultsHint)

    const engine = createTestEngine()
    setEngine(t.platform, engine)
    const done = await tryOn(erin)
    expect(done.outputUrls).toHaveLength(2)
    expect(lastCallFor(engine, erin)).toMatchObject({ model: 'runware:106@1', width: 832, height: 1248, numberResults: 2, outputFormat: 'PNG', customJson: { steps: 30 } })
    expect(lastCallFor(engine, erin)!.prompt!.startsWith('Wear it.')).toBe(true)
  })
})

describe('history and export', () => {
  it('history holds only my generations, newest first', async () => {
    const history = await t.request('/api/tryon/history', { cookie: ann.cookie, schema: z.array(HistoryRowSchema) })
    expect(history.json.length).toBeGreaterThan(0)
    const rows = await t.platform.db.select({ id: aiGenerations.id, userId: aiGenerations.userId }).from(aiGenerations)
    const annIds = new Set(rows.filter((r) => r.userId === ann.user.id).map((r) => r.id))
    expect(history.json.every((h) => annIds.has(h.id))).toBe(true)
    const times = history.json.map((h) => h.createdAt)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it("exports only the signed-in user's data, version 3.0.0, without image URLs", async () => {
    const res = await t.request('/api/export', { cookie: ann.cookie, schema: ExportWithTryOnsSchema })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="drape-export-\d{4}-\d{2}-\d{2}\.json"/)
    expect(res.json.version).toBe('3.0.0')
    expect(res.json.posts.length).toBeGreaterThan(0)
    expect(res.json.generations.length).toBeGreaterThan(0)
    expect(res.text).not.toMatch(/\/api\/files\/|https?:\/\/|image_?url/i)
    expect(res.text).not.toContain(bob.user.id)
    const bobs = await t.request('/api/export', { cookie: bob.cookie, schema: ExportWithTryOnsSchema })
    expect(bobs.json.posts).toEqual([])
    expect(bobs.text).not.toContain(ann.user.id)
    expect((await t.request('/api/export')).status).toBe(401)
  })
})
