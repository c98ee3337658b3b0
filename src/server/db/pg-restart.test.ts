import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { MessageSchema } from '~/shared/social/schemas'
import { openStream, socialUser } from '../test/social'
import { createQueue } from '../platform/queue'
import { createTestApp, type TestApp } from '../test/harness'
import { type PgCluster, postgresBinDir, startPgCluster } from '../test/postgres'
import { reconnectDelay } from './pg-listener'

describe('reconnectDelay', () => {
  const backoff = { baseMs: 100, maxMs: 5000 }
  it('doubles from the base up to the cap, jittered within the upper half', () => {
    expect(reconnectDelay(0, backoff, () => 0)).toBe(50)
    expect(reconnectDelay(0, backoff, () => 1)).toBe(100)
    expect(reconnectDelay(3, backoff, () => 1)).toBe(800)
    expect(reconnectDelay(6, backoff, () => 0)).toBe(2500)
    expect(reconnectDelay(1000, backoff, () => 1)).toBe(5000)
  })
})

/** The part of GET /api/health this test reads (its schema is private to features/platform, which db/ may not import). */
const HealthChecksSchema = z.object({ checks: z.record(z.string(), z.object({ ok: z.boolean() })) })

const binDir = postgresBinDir()
if (!binDir) console.warn('pg-restart.test.ts skipped: no PostgreSQL server programs (initdb, pg_ctl) found; install postgresql or set PG_BIN')

/** Polls `check` every 100 ms until it holds; fails after `timeoutMs`. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
}

// A cluster of its own: the test stops and starts the server, which would break other test files' databases.
describe.skipIf(!binDir)('the app across a PostgreSQL restart', () => {
  let cluster: PgCluster
  let t: TestApp
  let sender: Awaited<ReturnType<typeof socialUser>>
  let recipient: Awaited<ReturnType<typeof socialUser>>
  const uncaught: unknown[] = []
  const record = (err: unknown) => uncaught.push(err)

  async function admin<T>(fn: (c: pg.Client) => Promise<T>) {
    const c = new pg.Client({ connectionString: cluster.url })
    await c.connect()
    try {
      return await fn(c)
    } finally {
      await c.end()
    }
  }

  /** The backend pid of the app's LISTEN connection once it is listening (and is not `previous`). */
  async function listenerPid(previous?: number) {
    let pid: number | undefined
    const database = new URL(t.config.DATABASE_URL!).pathname.slice(1)
    await until(
      'the LISTEN connection',
      async () => {
        if (uncaught.length) throw new Error('the app raised an uncaught error', { cause: uncaught[0] })
        const rows = await admin((c) => c.query<{ pid: number }>(`select pid from pg_stat_activity where datname = $1 and state = 'idle' and query ilike 'listen %'`, [database])).catch(() => null)
        pid = rows?.rows.find((r) => r.pid !== previous)?.pid
        return pid !== undefined
      },
      10_000,
    )
    return pid!
  }

  const healthStatus = async () => (await t.request('/api/health')).status

  async function expectMessageArrives(stream: Awaited<ReturnType<typeof openStream>>, body: string) {
    const sent = await t.request(`/api/messages/with/${recipient.username}`, { cookie: sender.cookie, body: { body }, schema: MessageSchema })
    expect(sent.status).toBe(201)
    expect(await stream.next('message')).toMatchObject({ id: sent.json.id, body })
  }

  beforeAll(async () => {
    process.on('uncaughtException', record)
    process.on('unhandledRejection', record)
    cluster = await startPgCluster({ binDir: binDir!, fsync: false })
    t = await createTestApp({}, { postgresUrl: cluster.url })
    sender = await socialUser(t, 'sender')
    recipient = await socialUser(t, 'recipient')
  })

  afterAll(async () => {
    await t?.close()
    await cluster?.destroy()
    process.off('uncaughtException', record)
    process.off('unhandledRejection', record)
  })

  it('reconnects the listener after pg_terminate_backend; an open event stream gets later messages', async () => {
    const stream = await openStream(t, '/api/events', recipient.cookie)
    try {
      const before = await listenerPid()
      await admin((c) => c.query('select pg_terminate_backend($1)', [before]))
      await listenerPid(before)
      await expectMessageArrives(stream, 'after the listener was terminated')
      expect(uncaught).toEqual([])
    } finally {
      await stream.close()
    }
  })

  it('reports the database down while the server is stopped, up once it is back; the open stream and the queue keep working', async () => {
    const stream = await openStream(t, '/api/events', recipient.cookie)
    const queue = createQueue(t.platform.database)
    const handled: string[] = []
    queue.define<{ n: string }>('restart-probe', async ({ n }) => void handled.push(n))
    await queue.start()
    await queue.work()
    try {
      await until('health 200', async () => (await healthStatus()) === 200, 5000)
      const before = await listenerPid()
      // Signed in but never resolved yet: its session is read from the database during the outage.
      const late = await socialUser(t, 'late')
      await cluster.stop()
      await until('health 503 with the database down', async () => (await healthStatus()) === 503, 5000)
      const down = await t.request('/api/health', { schema: HealthChecksSchema })
      expect(down.json.checks.db?.ok).toBe(false)
      const request = await t.request('/api/messages/conversations', { cookie: late.cookie, schema: ApiErrorSchema })
      expect(request.status).toBe(503)
      expect(request.json.error.code).toBe('unavailable')
      await cluster.start()
      await until('health 200 after the restart', async () => (await healthStatus()) === 200, 15_000)
      await listenerPid(before)
      await expectMessageArrives(stream, 'after the restart')
      await queue.send('restart-probe', { n: 'after the restart' })
      await until('the job sent after the restart', async () => handled.includes('after the restart'), 10_000)
      expect(uncaught).toEqual([])
    } finally {
      await stream.close()
      await queue.stop()
    }
  })
})
