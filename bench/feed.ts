// Issue #4 budgets: GET /api/feed first page p95 under 30 ms with 10,000 posts and 100,000 likes on
// PGlite (the real app in process, session lookup included), and feed card images as resized WebP
// variants under 80 KB each.
import sharp from 'sharp'
import { POST_IMAGE_WIDTHS, PostPageSchema } from '../src/shared/posts/schemas'
import { renderArtwork, storePostImage } from '../src/server/features/posts'
import { createTestApp } from '../src/server/test/harness'
import { percentile } from './lib'

const POSTS = 10_000
const USERS = 200
const LIKES_PER_POST = 10
const RUNS = Number(process.env.BENCH_RUNS ?? 200)
const BUDGET_MS = 30
const IMAGE_BUDGET_KB = 80

const t = await createTestApp({ RATE_LIMIT: 'false' })
const sql = t.platform.database.raw
const viewer = await t.signUp('viewer@example.com')
await t.request('/api/profile', { cookie: viewer.cookie })

const seedStart = performance.now()
await sql.exec(`
  insert into users (id, name, email, email_verified) select 'u' || g, 'User ' || g, 'u' || g || '@bench.example', true from generate_series(0, ${USERS - 1}) g;
  insert into profiles (user_id, username, display_name) select 'u' || g, 'user' || g, 'User ' || g from generate_series(0, ${USERS - 1}) g;
  insert into posts (user_id, caption, created_at, likes_count)
    select 'u' || (g % ${USERS}), 'Look number ' || g, now() - (g || ' minutes')::interval, ${LIKES_PER_POST} from generate_series(0, ${POSTS - 1}) g;
  insert into post_images (post_id, image_url, image_order) select id, '/api/files/posts/bench/' || id || '-w1080.webp', 0 from posts;
  insert into post_likes (user_id, post_id, created_at)
    select 'u' || ((p.n + k * 7) % ${USERS}), p.id, now() from (select id, row_number() over () as n from posts) p, generate_series(0, ${LIKES_PER_POST - 1}) k;
  insert into follows (follower_id, following_id) select '${viewer.user.id}', 'u' || g from generate_series(0, 19) g;
  analyze;
`)
const [counts] = await sql.query<{ posts: number; likes: number }>('select (select count(*)::int from posts) as posts, (select count(*)::int from post_likes) as likes')
console.log(`seeded ${counts?.posts} posts, ${counts?.likes} likes, ${USERS} users in ${Math.round(performance.now() - seedStart)} ms`)

async function measure(label: string, path: string) {
  for (let i = 0; i < 10; i++) await t.request(path, { cookie: viewer.cookie }) // warm-up
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    const res = await t.request(path, { cookie: viewer.cookie })
    times.push(performance.now() - start)
    if (res.status !== 200 || PostPageSchema.parse(res.json).items.length === 0) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 200)}`)
  }
  const p95 = percentile(times, 95)
  console.log(`${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms over ${RUNS} runs (budget ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'ok' : 'OVER'})`)
}

await measure('/api/feed first page (20)', '/api/feed?limit=20')
await measure('/api/feed first page (10, web)', '/api/feed?limit=10')
const first = await t.request('/api/feed?limit=20', { cookie: viewer.cookie, schema: PostPageSchema })
const deep = first.json.nextCursor
await measure('/api/feed second page (20)', `/api/feed?limit=20&cursor=${deep}`)

// Feed card images: the stored variants of a generated demo image and of a noisy photo-like image.
const photoLike = await sharp({ create: { width: 3024, height: 4032, channels: 3, background: '#a86', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
  .blur(1.2)
  .jpeg({ quality: 90 })
  .toBuffer()
const demo = await renderArtwork({ garment: 'dress', from: '#fde6d8', to: '#f7b9a6', cloth: '#e0457b', accent: '#ffd6e5', pattern: 'dots' })
for (const [label, input] of [['generated demo image', demo], ['12 MP photo-like image', photoLike]] as const) {
  const { url } = await storePostImage(t.platform, viewer.user.id, input)
  const sizes: string[] = []
  for (const w of POST_IMAGE_WIDTHS) {
    const key = url.replace('/api/files/', '').replace(/-w\d+\.webp$/, `-w${w}.webp`)
    const obj = (await t.platform.storage.get(key))!
    const kb = obj.body.length / 1024
    sizes.push(`${w}w ${obj.contentType} ${kb.toFixed(1)} KB${kb < IMAGE_BUDGET_KB ? '' : ' (OVER)'}`)
  }
  console.log(`${label.padEnd(24)} ${sizes.join(', ')}`)
}
await t.close()
