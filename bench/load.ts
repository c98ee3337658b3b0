// The 200-user load on one server, embedded database (PGlite) and PostgreSQL in one run: a
// realistic mix (feed, products, likes, messages) from 200 connections of 20 signed-in users for
// BENCH_SECONDS (60) each, while a probe opens a new connection to /api/health every 250 ms, as a
// load balancer does. Prints req/s, p50, p99 and errors per database, /api/health latency, and the
// PGlite/PostgreSQL ratio. The load generator runs on the same machine as the server.
import http from 'node:http'
import autocannon from 'autocannon'
import { postgresBinDir, startPgCluster } from '../src/server/test/postgres'
import { percentile, signedInUser, startServer, tmpDir } from './lib'

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200)
const DURATION = Number(process.env.BENCH_SECONDS ?? 60)
const USERS = 20
const PORT = Number(process.env.BENCH_PORT ?? 4430)
const REQUEST_TIMEOUT_S = 30
const PROBE_EVERY_MS = 250

type User = Awaited<ReturnType<typeof signedInUser>>

/** One simulated user's loop: mostly reading the feed and products, some likes and a message. */
function mix(url: string, user: User, recipient: User, postId: string): autocannon.Request[] {
  const headers = { cookie: user.cookie, origin: url }
  const json = { ...headers, 'content-type': 'application/json' }
  return [
    { method: 'GET', path: '/api/feed', headers },
    { method: 'GET', path: '/api/products', headers },
    { method: 'GET', path: '/api/feed', headers },
    { method: 'PUT', path: `/api/posts/${postId}/like`, headers },
    { method: 'GET', path: '/api/products?sort=newest', headers },
    { method: 'DELETE', path: `/api/posts/${postId}/like`, headers },
    { method: 'POST', path: `/api/messages/with/${recipient.username}`, headers: json, body: JSON.stringify({ body: 'Love this look!' }) },
    { method: 'GET', path: '/api/feed', headers },
  ]
}

/** GET /api/health on a new connection each time, until `until` resolves; answers latencies and failures. */
async function probeHealth(url: string, until: Promise<unknown>) {
  let done = false
  void until.then(() => (done = true))
  const latencies: number[] = []
  let failures = 0
  while (!done) {
    const start = performance.now()
    const status = await new Promise<number>((resolve) => {
      const req = http.get(`${url}/api/health`, { agent: false, timeout: REQUEST_TIMEOUT_S * 1000 }, (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode ?? 0))
      })
      req.on('timeout', () => req.destroy(new Error('timeout')))
      req.on('error', () => resolve(0))
    })
    latencies.push(performance.now() - start)
    if (status !== 200) failures++
    await new Promise((r) => setTimeout(r, PROBE_EVERY_MS))
  }
  return { latencies, failures }
}

async function measure(name: string, env: Record<string, string>) {
  const server = await startServer({ port: PORT, dataDir: tmpDir('drape-load-'), env: { RATE_LIMIT: 'false', ...env }, waitForPage: false })
  const users: User[] = []
  for (let i = 0; i < USERS; i++) users.push(await signedInUser(server.url, `load${i}`))
  const feed = (await (await fetch(`${server.url}/api/feed`, { headers: { cookie: users[0]!.cookie } })).json()) as { items: { id: string }[] }
  const postId = feed.items[0]?.id
  if (!postId) throw new Error('the demo feed is empty')
  let client = 0
  const load = autocannon({
    url: server.url,
    connections: CONNECTIONS,
    duration: DURATION,
    timeout: REQUEST_TIMEOUT_S,
    setupClient: (c) => {
      const i = client++ % USERS
      c.setRequests(mix(server.url, users[i]!, users[(i + 1) % USERS]!, postId))
    },
  })
  const health = await probeHealth(server.url, load)
  const result = await load
  await server.stop()
  const errors = result.errors + result.timeouts + result.non2xx
  const figures = { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors, timeouts: result.timeouts, healthP99: percentile(health.latencies, 99), healthMax: Math.max(...health.latencies), healthFailures: health.failures }
  console.log(
    `${name.padEnd(10)} ${Math.round(figures.rps)} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms, errors ${errors} (timeouts ${result.timeouts}, non-2xx ${result.non2xx}); ` +
      `/api/health on a new connection: p99 ${Math.round(figures.healthP99)} ms, max ${Math.round(figures.healthMax)} ms, failed ${health.failures}/${health.latencies.length}`,
  )
  return figures
}

console.log(`${CONNECTIONS} connections (${USERS} users) for ${DURATION} s per database; mix: feed, products, post like/unlike, message`)
const pglite = await measure('PGlite', {})
const binDir = postgresBinDir()
if (!binDir) throw new Error('PostgreSQL server programs not found: set PG_BIN')
const cluster = await startPgCluster({ binDir, fsync: false })
const postgres = await measure('PostgreSQL', { DATABASE_URL: cluster.url }).finally(() => cluster.destroy())
console.log(
  `PGlite/PostgreSQL: ${(pglite.rps / postgres.rps).toFixed(2)}x req/s, ${(pglite.p99 / postgres.p99).toFixed(2)}x p99; ` +
    `embedded budget (0 errors, /api/health p99 <= 1000 ms): ${pglite.errors === 0 && pglite.healthFailures === 0 && pglite.healthP99 <= 1000 ? 'ok' : 'OVER'}`,
)
process.exit(0)
