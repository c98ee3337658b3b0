// Issue #2 budgets: cold `npm start` to first HTTP 200 (after the build), and the requests/s of
// GET /api/health and an authenticated GET /api/session against a bare Hono hello-world, measured
// in the same run with the same load generator. Run after `npm run build`.
import { serve } from '@hono/node-server'
import autocannon from 'autocannon'
import { Hono } from 'hono'
import { startServer, tmpDir } from './lib'

const DURATION = Number(process.env.BENCH_SECONDS ?? 5)
const CONNECTIONS = 20

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers })
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} non-2xx answers`)
  return { rps: result.requests.average, p99: result.latency.p99 }
}

const dataDir = tmpDir('drape-bench-')
const first = await startServer({ port: 3311, dataDir })
console.log(`cold start, fresh data dir: first 200 (/login) after ${Math.round(first.firstPageMs)} ms (budget 10000 ms); ready with demo data (/api/health 200) after ${Math.round(first.ms)} ms`)
await first.stop()
const server = await startServer({ port: 3311, dataDir })
console.log(`cold start, existing data dir: first 200 (/login) after ${Math.round(server.firstPageMs)} ms (budget 10000 ms); ready after ${Math.round(server.ms)} ms`)

const hello = new Hono().get('/', (c) => c.text('Hello Hono!'))
const helloServer = serve({ fetch: hello.fetch, port: 3312 })

const login = await fetch(`${server.url}/api/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', origin: server.url },
  body: JSON.stringify({ email: 'ava@drape.app', password: 'drape-demo-1' }),
})
const cookie = login.headers
  .getSetCookie()
  .map((c) => c.split(';')[0])
  .join('; ')

// The bare baseline runs before and after, so that background work on the machine weighs on both sides.
const before = await load('http://localhost:3312/')
const health = await load(`${server.url}/api/health`)
const session = await load(`${server.url}/api/session`, { cookie })
const after = await load('http://localhost:3312/')
const base = { rps: (before.rps + after.rps) / 2, p99: Math.max(before.p99, after.p99) }
const pct = (x: number) => `${Math.round((x / base.rps) * 100)}%`
console.log(`hello-world Hono:  ${Math.round(base.rps)} req/s (p99 ${base.p99} ms)`)
console.log(`GET /api/health:   ${Math.round(health.rps)} req/s (p99 ${health.p99} ms) = ${pct(health.rps)} of hello-world (budget 40%)`)
console.log(`GET /api/session:  ${Math.round(session.rps)} req/s (p99 ${session.p99} ms) = ${pct(session.rps)} of hello-world (budget 40%)`)

helloServer.close()
await server.stop()
process.exit(0)
