// Try-on platform budgets (issue 5): 20 try-ons from 10 users at once without errors and without
// blocking the API (p95 of GET /api/health < 50 ms meanwhile), and the platform's own overhead per
// generation (everything but the engine) < 300 ms. The engine is a stand-in with a fixed delay.
import sharp from 'sharp'
import { GenerationSchema, PhotoSchema } from '../src/shared/tryon/schemas'
import { setEngine } from '../src/server/features/tryon'
import { createTestApp } from '../src/server/test/harness'
import type { TryOnEngine } from '../src/server/tryon/engine'
import { percentile } from './lib'

const ENGINE_MS = Number(process.env.ENGINE_MS ?? 400)
const t = await createTestApp({ RATE_LIMIT: 'false' })
const jpeg = (color: string) => sharp({ create: { width: 900, height: 1200, channels: 3, background: color } }).jpeg({ quality: 90 }).toBuffer()
const output = await sharp({ create: { width: 768, height: 1024, channels: 3, background: '#8866aa' } }).jpeg({ quality: 90 }).toBuffer()

const spans: { start: number; end: number }[] = []
const engine: TryOnEngine = {
  name: 'http',
  async generate() {
    const start = performance.now()
    await new Promise((r) => setTimeout(r, ENGINE_MS))
    spans.push({ start, end: performance.now() })
    return { images: [{ data: output, contentType: 'image/jpeg' }], model: 'bench' }
  },
  async check() {},
}
setEngine(t.platform, engine)

type User = Awaited<ReturnType<typeof t.signUp>> & { subject: { bucket: string; path: string }; garment: { bucket: string; path: string } }
async function user(i: number): Promise<User> {
  const u = await t.signUp(`bench-${i}@example.com`)
  const refs = []
  for (const [type, color] of [['base', '#c9a27e'], ['product', '#2244aa']] as const) {
    const form = new FormData()
    form.set('photo_type', type)
    form.set('file', new Blob([new Uint8Array(await jpeg(color))], { type: 'image/jpeg' }), `${type}.jpg`)
    const res = await t.request('/api/photos', { body: form, cookie: u.cookie, schema: PhotoSchema })
    refs.push({ bucket: 'user-photos', path: res.json.filePath })
  }
  return { ...u, subject: refs[0]!, garment: refs[1]! }
}
const users = await Promise.all(Array.from({ length: 10 }, (_, i) => user(i)))

/** Resolves with the final status when the generation's live event says it is done. */
function finished(userId: string, id: string) {
  return new Promise<{ status: string; at: number }>((resolve) => {
    const off = t.platform.events.subscribe(userId, (e) => {
      const d = e.data as { id: string; status: string }
      if (e.type === 'generation' && d.id === id && (d.status === 'succeeded' || d.status === 'failed')) {
        off()
        resolve({ status: d.status, at: performance.now() })
      }
    })
  })
}

async function start(u: User) {
  const t0 = performance.now()
  const res = await t.request('/api/tryon/generations', { body: { subject: u.subject, garment: u.garment, size: 'M' }, cookie: u.cookie })
  if (res.status !== 202) throw new Error(`start failed: ${res.status} ${res.text}`)
  const posted = performance.now()
  const { id } = GenerationSchema.parse(res.json)
  return { id, t0, posted, done: finished(u.user.id, id) }
}

// 1. Overhead of one generation at a time.
const post: number[] = []
const pickup: number[] = []
const after: number[] = []
const overhead: number[] = []
for (let i = 0; i < 12; i++) {
  const u = users[i % users.length]!
  const g = await start(u)
  const { at } = await g.done
  const span = spans.at(-1)!
  post.push(g.posted - g.t0)
  pickup.push(span.start - g.posted)
  after.push(at - span.end)
  overhead.push(at - g.t0 - (span.end - span.start))
}
const f = (xs: number[]) => `p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms`
console.log(`one at a time (engine ${ENGINE_MS} ms):`)
console.log(`  POST /api/tryon/generations   ${f(post)}`)
console.log(`  queue pick-up + claim + load  ${f(pickup)}`)
console.log(`  store + finish + live event   ${f(after)}`)
console.log(`  platform overhead in total    ${f(overhead)}`)

// 2. 20 try-ons from 10 users at once while the health endpoint is polled.
const health: number[] = []
let polling = true
const poller = (async () => {
  while (polling) {
    const s = performance.now()
    const res = await t.request('/api/health')
    if (res.status !== 200) throw new Error(`health ${res.status}`)
    health.push(performance.now() - s)
    await new Promise((r) => setTimeout(r, 20))
  }
})()
const burstStart = performance.now()
const burst = await Promise.all(users.flatMap((u) => [start(u), start(u)]))
const results = await Promise.all(burst.map((g) => g.done))
const burstMs = performance.now() - burstStart
polling = false
await poller
const failed = results.filter((r) => r.status !== 'succeeded').length
console.log(`20 try-ons from 10 users at once: ${results.length - failed} succeeded, ${failed} failed, all done in ${(burstMs / 1000).toFixed(1)} s`)
console.log(`  GET /api/health meanwhile: ${health.length} calls, ${f(health)}, max ${Math.max(...health).toFixed(0)} ms`)
await t.close()
process.exit(0)
