// Issue #7 budget: a message sent by one user reaches the other user's open event stream
// (GET /api/events) in under 200 ms p95, on one machine: the real server (embedded database) over HTTP.
import { messageStream, percentile, signedInUser, startServer, tmpDir } from './lib'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200)
const BUDGET_MS = 200
const port = Number(process.env.BENCH_PORT ?? 4391)

// BENCH_DATABASE_URL runs the same against a PostgreSQL server instead of the embedded database.
const databaseUrl = process.env.BENCH_DATABASE_URL
const server = await startServer({ port, dataDir: tmpDir('drape-bench-messages-'), env: { SEED_DEMO: 'false', RATE_LIMIT: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } })
const origin = { origin: server.url }

const sender = await signedInUser(server.url, 'sender')
const recipient = await signedInUser(server.url, 'recipient')

// The recipient's open event stream.
const stream = await messageStream(server.url, recipient.cookie)

const latencies: number[] = []
for (let i = 0; i < MESSAGES; i++) {
  const start = performance.now()
  const res = await fetch(`${server.url}/api/messages/with/${recipient.username}`, {
    method: 'POST',
    headers: { ...origin, cookie: sender.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ body: `message ${i}` }),
  })
  if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`)
  const { id } = (await res.json()) as { id: string }
  const arrived = await stream.arrival(id)
  latencies.push(arrived - start)
}
await stream.close()
await server.stop()
const p50 = percentile(latencies, 50)
const p95 = percentile(latencies, 95)
console.log(`message send -> recipient's event stream (${MESSAGES} messages, real server, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (budget p95 < ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'ok' : 'OVER'})`)
