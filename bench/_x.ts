import { createTestApp } from '../src/server/test/harness'
import { feed } from '../src/server/features/posts/service'
const t = await createTestApp({ RATE_LIMIT: 'false' })
const sql = t.platform.database.raw
const viewer = await t.signUp('viewer@example.com')
await t.request('/api/profile', { cookie: viewer.cookie })
await sql.exec(`
  insert into users (id, name, email, email_verified) select 'u' || g, 'User ' || g, 'u' || g || '@bench.example', true from generate_series(0, 199) g;
  insert into profiles (user_id, username, display_name) select 'u' || g, 'user' || g, 'User ' || g from generate_series(0, 199) g;
  insert into posts (user_id, caption, created_at, likes_count) select 'u' || (g % 200), 'Look ' || g, now() - (g || ' minutes')::interval, 10 from generate_series(0, 9999) g;
  insert into post_images (post_id, image_url, image_order) select id, '/api/files/posts/bench/' || id || '-w1080.webp', 0 from posts;
  insert into post_likes (user_id, post_id, created_at) select 'u' || ((p.n + k * 7) % 200), p.id, now() from (select id, row_number() over () as n from posts) p, generate_series(0, 9) k;
  insert into follows (follower_id, following_id) select '${viewer.user.id}', 'u' || g from generate_series(0, 19) g;
  analyze;`)
const client = (t.platform.db as unknown as { $client: { query: (...a: unknown[]) => Promise<unknown> } }).$client
const orig = client.query.bind(client)
const seen: unknown[][] = []
client.query = (...a: unknown[]) => { seen.push(a); return orig(...a) }
await feed(t.platform.db, viewer.user.id, undefined, 20)
client.query = orig
for (const [q, p] of seen) {
  const plan = await sql.query('explain analyze ' + String(q), p as unknown[])
  console.log(plan.map((r) => Object.values(r)[0]).filter((l) => /Execution|Planning Time|loops=21|Seq Scan|Hash Join|Index Scan/.test(String(l))).join('\n'))
}
await t.close()
