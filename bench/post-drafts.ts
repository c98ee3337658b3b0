// What keeping post photos private until publishing costs: POST /api/posts with 1 and 10 drafts
// (each draft's three WebP variants copied to the public bucket, then the drafts deleted), and one
// sweep of 200 drafts left for more than a day. The real app in process on PGlite, local storage.
import sharp from 'sharp'
import { UploadedImageSchema } from '../src/shared/posts/schemas'
import { sweepPendingUploads } from '../src/server/platform/pending-uploads'
import { createTestApp } from '../src/server/test/harness'
import { percentile } from './lib'

const RUNS = Number(process.env.BENCH_RUNS ?? 9)
const STALE = 200

const t = await createTestApp({ RATE_LIMIT: 'false' })
const user = await t.signUp()
const photo = await sharp({ create: { width: 1200, height: 1500, channels: 3, background: '#c36', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
  .jpeg()
  .toBuffer()
const upload = async () => {
  const body = new FormData()
  body.set('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg')
  return (await t.request('/api/posts/images', { body, cookie: user.cookie, schema: UploadedImageSchema })).json.url
}

for (const count of [1, 10]) {
  const ms: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const images = await Promise.all(Array.from({ length: count }, upload))
    const start = performance.now()
    const res = await t.request('/api/posts', { body: { caption: 'bench', images }, cookie: user.cookie })
    ms.push(performance.now() - start)
    if (res.status !== 201) throw new Error(res.text)
  }
  console.log(`publish with ${String(count).padStart(2)} draft(s): p50 ${percentile(ms, 50).toFixed(1)} ms, p95 ${percentile(ms, 95).toFixed(1)} ms (${RUNS} runs)`)
}

for (let i = 0; i < STALE; i++) await upload()
await t.platform.database.raw.query(`update pending_uploads set created_at = now() - interval '2 days'`)
const start = performance.now()
const removed = await sweepPendingUploads(t.platform)
console.log(`sweep: ${removed} stale drafts (${removed * 3} files) in ${(performance.now() - start).toFixed(0)} ms`)
await t.close()
