import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AuthConfigSchema, SessionSchema } from '~/shared/auth'
import { ProductPageSchema } from '~/shared/marketplace/schemas'
import { PostPageSchema, PostSchema, UploadedImageSchema } from '~/shared/posts/schemas'
import { createTestApp, type TestApp } from '../test/harness'

// A miniature production build: entry + shared chunk, a lazy screen with its own import, the
// precompressed variants the build writes, the manifest and the route table.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-web-'))
const entryJs = `console.log(${JSON.stringify('entry '.repeat(400))})`
const write = (file: string, body: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
  fs.writeFileSync(path.join(root, file), body)
}
write('index.html', '<!doctype html><html><head><script type="module" src="/assets/entry.js"></script></head><body><div id="root"></div></body></html>')
write('assets/entry.js', entryJs)
write('assets/entry.js.br', zlib.brotliCompressSync(entryJs))
write('assets/entry.js.gz', zlib.gzipSync(entryJs))
write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>')
write(
  '.vite/manifest.json',
  JSON.stringify({
    'src/web/main.tsx': { file: 'assets/entry.js', isEntry: true, imports: ['_shared.js'], assets: ['assets/serif.woff2', 'assets/serif.woff'] },
    '_shared.js': { file: 'assets/shared.js' },
    'src/web/ProductPage.tsx': { file: 'assets/ProductPage.js', imports: ['_shared.js', '_price.js'] },
    '_price.js': { file: 'assets/price.js' },
    'src/web/NotFoundPage.tsx': { file: 'assets/NotFoundPage.js' },
  }),
)
write(
  '.vite/routes.json',
  JSON.stringify([
    { path: '/product/:productId', screen: 'src/web/ProductPage.tsx' },
    { path: '*', screen: 'src/web/NotFoundPage.tsx' },
  ]),
)

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({}, { webRoot: root })
})
afterAll(() => t.close())

const get = (urlPath: string, headers: Record<string, string> = {}) => t.app.request(urlPath, { headers })

describe('static files of the build', () => {
  it('sends the precompressed variant the client accepts, with Vary and a year of caching', async () => {
    const br = await get('/assets/entry.js', { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(entryJs)
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i)

    const gz = await get('/assets/entry.js', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(entryJs)

    const plain = await get('/assets/entry.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(await plain.text()).toBe(entryJs)
  })

  it('caches files without a hash for a day, and never serves the build manifest', async () => {
    expect((await get('/favicon.svg')).headers.get('cache-control')).toMatch(/^public, max-age=86400\b/)
    const manifest = await get('/.vite/manifest.json')
    expect(manifest.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await manifest.text()).not.toContain('isEntry')
  })
})

describe('index.html of a client route', () => {
  it('preloads the chunks the entry imports, then those of the route beyond them, and the woff2 font, and is never cached', async () => {
    const res = await get('/product/42')
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const html = await res.text()
    const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1])
    expect(preloads).toEqual(['/assets/shared.js', '/assets/ProductPage.js', '/assets/price.js'])
    expect(html).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/serif.woff2">')
    expect(html).not.toContain('serif.woff"')
    expect([...(await (await get('/anything/else')).text()).matchAll(/modulepreload/g)]).toHaveLength(2)
  })

  it('carries the session answer: null signed out, the user signed in', async () => {
    const session = (html: string): unknown => JSON.parse(/<script type="application\/json" id="drape-session">(.*?)<\/script>/.exec(html)![1]!)
    expect(session(await (await get('/feed')).text())).toBeNull()
    const u = await t.signUp()
    const html = await (await get('/feed', { cookie: u.cookie })).text()
    expect(session(html)).toEqual((await t.request('/api/session', { cookie: u.cookie, schema: z.nullable(SessionSchema) })).json)
    expect(SessionSchema.parse(session(html)).user.email).toBe(u.email)
  })
})

describe("index.html with the first screen's data", () => {
  const firstScreen = (html: string) => /<script type="application\/json" id="drape-first-screen">(.*?)<\/script>/.exec(html)?.[1]
  const imagePreloads = (html: string) => [...html.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0])
  /** The inlined answers by URL (each compared with what the API answers, or read by its schema). */
  const answersIn = (block: string | undefined) => z.record(z.string(), z.unknown()).parse(JSON.parse(block ?? 'null'))

  async function postWithCaption(u: Awaited<ReturnType<TestApp['signUp']>>, caption: string) {
    const body = new FormData()
    const png = await sharp({ create: { width: 400, height: 500, channels: 3, background: '#c33' } }).png().toBuffer()
    body.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'look.png')
    const image = (await t.request('/api/posts/images', { body, cookie: u.cookie, schema: UploadedImageSchema })).json
    const created = await t.request('/api/posts', { body: { caption, images: [image.url] }, cookie: u.cookie, schema: PostSchema })
    expect(created.status).toBe(201)
    return created.json
  }

  it("inlines /feed's answers as the signed-in visitor gets them, escaped, with a preload of the first image", async () => {
    const ann = await t.signUp()
    const ben = await t.signUp()
    const post = await postWithCaption(ann, '</script><script>alert(1)</script><!-- look')
    await t.request(`/api/posts/${post.id}/like`, { method: 'PUT', cookie: ann.cookie })

    const htmlOf = async (cookie: string) => (await get('/feed', { cookie })).text()
    const annHtml = await htmlOf(ann.cookie)
    const block = firstScreen(annHtml)!
    expect(block).not.toContain('<')
    const answers = answersIn(block)
    expect(Object.keys(answers)).toEqual(['/api/feed?limit=10', '/api/stories'])
    expect(answers['/api/feed?limit=10']).toEqual((await t.request('/api/feed?limit=10', { cookie: ann.cookie, schema: PostPageSchema })).json)
    expect(PostPageSchema.parse(answers['/api/feed?limit=10']).items[0]).toMatchObject({ id: post.id, isLiked: true, caption: '</script><script>alert(1)</script><!-- look' })
    expect(annHtml.match(/<script/g)).toHaveLength(3) // the entry, the session and the first screen's answers
    expect(imagePreloads(annHtml)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${post.images[0]!.url}" imagesrcset="${post.images[0]!.srcSet}" imagesizes="(max-width: 480px) 100vw, 480px">`,
    ])

    // Each visitor gets their own answers: ben has not liked the post.
    const benFeed = PostPageSchema.parse(answersIn(firstScreen(await htmlOf(ben.cookie)))['/api/feed?limit=10'])
    expect(benFeed.items.find((p) => p.id === post.id)?.isLiked).toBe(false)
  })

  it('inlines nothing for a signed-out visitor of a signed-in screen, a failed answer, or a screen without first-screen data', async () => {
    const signedOut = await (await get('/feed')).text()
    expect(firstScreen(signedOut)).toBeUndefined()
    expect(imagePreloads(signedOut)).toEqual([])
    expect((await t.request('/api/products/42')).status).toBeGreaterThanOrEqual(400)
    for (const page of ['/product/42', '/product/..%2Fcart', '/anything/else']) {
      const html = await (await get(page)).text()
      expect(firstScreen(html)).toBeUndefined()
      expect(imagePreloads(html)).toEqual([])
    }
  })

  it('inlines the sign-in providers of /login', async () => {
    const answers = answersIn(firstScreen(await (await get('/login')).text()))
    expect(answers).toEqual({ '/api/account/providers': (await t.request('/api/account/providers', { schema: AuthConfigSchema })).json })
  })

  it('inlines the listing /marketplace shows under the URL its filters make', async () => {
    const html = await (await get('/marketplace?sort=price-low&category=maxi&bogus=1')).text()
    const answers = answersIn(firstScreen(html))
    expect(Object.keys(answers)).toEqual(['/api/products?category=maxi&sort=price-low'])
    expect(answers['/api/products?category=maxi&sort=price-low']).toEqual((await t.request('/api/products?category=maxi&sort=price-low', { schema: ProductPageSchema })).json)
  })
})
