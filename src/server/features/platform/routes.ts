import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { tryDecodeURIComponent } from 'hono/utils/url'
import { z } from 'zod'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { query } from '../../http/validate'
import type { Platform } from '../../platform'
import { readDevMailbox } from '../../platform/mail'
import { pipeEvents } from '../../platform/events'
import { FILES_PREFIX } from '../../platform/storage'
import { notFound } from '../../http/errors'
import { fileAccess } from './file-access'
import { readStoredFile } from './stored-file'

const HEARTBEAT_MS = 25_000

export const HealthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.record(z.string(), z.object({ ok: z.boolean(), ms: z.number(), detail: z.string().optional() })),
})

/** A check that has not answered by then counts as failed (an unreachable database may hang rather than refuse). */
const CHECK_TIMEOUT_MS = 3000

async function timed(fn: () => Promise<unknown>) {
  const start = performance.now()
  let timer: NodeJS.Timeout | undefined
  try {
    await Promise.race([fn(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS)))])
    return { ok: true, ms: Math.round(performance.now() - start) }
  } catch (err) {
    return { ok: false, ms: Math.round(performance.now() - start), detail: (err as Error).message }
  } finally {
    clearTimeout(timer)
  }
}

const HEALTH_TTL_MS = 1000
type Check = { ok: boolean; ms: number; detail?: string }

export function platformRoutes(p: Platform) {
  // Load balancers poll health often; the checks run at most once a second and callers share them.
  let last: { at: number; result: Promise<{ ok: boolean; checks: Record<string, Check> }> } | undefined
  const health = () => {
    if (last && Date.now() - last.at < HEALTH_TTL_MS) return last.result
    const result = Promise.all([timed(() => p.database.ping()), timed(() => p.storage.check()), timed(() => p.queue.check())]).then(([db, storage, queue]) => {
      const events: Check = p.database.listening() ? { ok: true, ms: 0 } : { ok: false, ms: 0, detail: 'reconnecting to the database for live updates' }
      const checks: Record<string, Check> = { db, storage, queue, events, engine: { ok: true, ms: 0, detail: p.config.TRYON_ENGINE } }
      if (p.readiness.seeding || p.readiness.seedError) checks.seed = { ok: false, ms: 0, detail: p.readiness.seedError ?? 'seeding demo data' }
      return { ok: Object.values(checks).every((x) => x.ok), checks }
    })
    last = { at: Date.now(), result }
    return result
  }
  const app = new Hono<AppEnv>()
    .get('/health', describe({ summary: 'Health of the database, storage, queue, live updates and try-on engine (checked at most once a second)', tags: ['platform'], response: HealthSchema }), async (c) => {
      const result = await health()
      // Not cached: a load balancer must stop sending here as soon as shutdown begins.
      const stopping = p.shutdown.signal.aborted
      const checks = stopping ? { ...result.checks, shutdown: { ok: false, ms: 0, detail: 'shutting down' } } : result.checks
      const ok = result.ok && !stopping
      return c.json({ status: ok ? 'ok' : 'degraded', checks }, ok ? 200 : 503)
    })
    .get('/events', describe({ summary: 'Live updates for the signed-in user (server-sent events)', tags: ['platform'], auth: true, responseType: 'text/event-stream' }), (c) => {
      const user = requireUser(c)
      return streamSSE(c, (stream) => pipeEvents(stream, (listener) => p.events.subscribe(user.id, listener), { heartbeatMs: HEARTBEAT_MS, until: p.shutdown.signal }))
    })
    .get(`${FILES_PREFIX.replace('/api', '')}*`, describe({ summary: 'A stored file (images)', tags: ['platform'], responseType: 'image/*' }), async (c) => {
      const key = tryDecodeURIComponent(c.req.path.slice(FILES_PREFIX.length))
      if (!(await fileAccess(p, key, c.get('user')))) throw notFound('File not found.')
      const object = await readStoredFile(p, key)
      if (!object) throw notFound('File not found.')
      return c.body(new Uint8Array(object.body), 200, {
        'content-type': object.contentType,
        'cache-control': 'private, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
      })
    })
  if (p.mailer.kind === 'dev') {
    app.get(
      '/dev/mailbox',
      describe({ summary: 'Dev mailbox: mails sent while no SMTP is configured (needs the key printed at start-up)', tags: ['dev'] }),
      query(z.object({ to: z.string().max(254).optional(), key: z.string().max(200).optional() })),
      async (c) => {
        const { key, to } = c.req.valid('query')
        const mails = await readDevMailbox(p.mailer, p.db, key, to)
        if (!mails) throw notFound()
        c.header('cache-control', 'no-store')
        return c.json(mails)
      },
    )
  }
  return app
}
