// Issue #7 budget: a message sent by one user reaches the other user's open event stream
// (GET /api/events) in under 200 ms p95, on one machine: the real server (embedded database) over HTTP.
import { MAILBOX_KEY, percentile, startServer, tmpDir } from './lib'

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200)
const BUDGET_MS = 200
const port = Number(process.env.BENCH_PORT ?? 4391)

// BENCH_DATABASE_URL runs the same against a PostgreSQL server instead of the embedded database.
const databaseUrl = process.env.BENCH_DATABASE_URL
const server = await startServer({ port, dataDir: tmpDir('drape-bench-messages-'), env: { SEED_DEMO: 'false', RATE_LIMIT: 'false', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } })
const origin = { origin: server.url }

/** Registers, verifies through the dev mailbox and signs in; answers the session cookie and username. */
async function signedInUser(name: string) {
  const email = `${name}-${Date.now().toString(36)}@example.com`
  const password = 'bench-password-1'
  await fetch(`${server.url}/api/account/register`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password, confirmPassword: password }) })
  const mails = (await (await fetch(`${server.url}/api/dev/mailbox?to=${encodeURIComponent(email)}&key=${MAILBOX_KEY}`)).json()) as { links: string[] }[]
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('verify-email'))!
  await fetch(`${server.url}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' })
  const login = await fetch(`${server.url}/api/account/login`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const profile = (await (await fetch(`${server.url}/api/profile`, { headers: { cookie } })).json()) as { username: string }
  return { cookie, username: profile.username }
}

const sender = await signedInUser('sender')
const recipient = await signedInUser('recipient')

// The recipient's open event stream: resolves each message id as it arrives.
const arrivals = new Map<string, number>()
const waiting = new Map<string, (at: number) => void>()
const stream = await fetch(`${server.url}/api/events`, { headers: { cookie: recipient.cookie } })
const reader = stream.body!.getReader()
let buffer = ''
void (async () => {
  const decoder = new TextDecoder()
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
    if (done) return
    buffer += decoder.decode(value, { stream: true })
    let at: number
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const chunk = buffer.slice(0, at)
      buffer = buffer.slice(at + 2)
      if (!/^event: ?message$/m.test(chunk)) continue
      const { id } = JSON.parse(/^data: ?(.*)$/m.exec(chunk)![1]!) as { id: string }
      const now = performance.now()
      arrivals.set(id, now)
      waiting.get(id)?.(now)
    }
  }
})()

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
  const arrived = arrivals.get(id) ?? (await new Promise<number>((resolve) => waiting.set(id, resolve)))
  latencies.push(arrived - start)
}
await reader.cancel()
await server.stop()
const p50 = percentile(latencies, 50)
const p95 = percentile(latencies, 95)
console.log(`message send -> recipient's event stream (${MESSAGES} messages, real server, ${databaseUrl ? 'PostgreSQL' : 'PGlite'}): p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (budget p95 < ${BUDGET_MS} ms: ${p95 < BUDGET_MS ? 'ok' : 'OVER'})`)
