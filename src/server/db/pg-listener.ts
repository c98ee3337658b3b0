import pg from 'pg'
import { logger } from '../platform/logger'

type OnPayload = (payload: string) => void

export type PgListener = {
  /** Subscribes to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: OnPayload): Promise<() => Promise<void>>
  /** False while a channel is subscribed but the connection is being re-established. */
  connected(): boolean
  close(): Promise<void>
}

/**
 * Milliseconds to wait before reconnect attempt `attempt` (0 for the first): doubles from `baseMs`
 * up to `maxMs`, with the upper half jittered so that instances do not reconnect in lockstep.
 */
export function reconnectDelay(attempt: number, opts: { baseMs: number; maxMs: number }, random = Math.random) {
  const ceiling = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(attempt, 30))
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

const quoted = (channel: string) => `"${channel.replace(/"/g, '')}"`

/**
 * LISTEN on a dedicated PostgreSQL connection that survives the server: when the connection is lost
 * (restart, failover, `pg_terminate_backend`) it reconnects with backoff and LISTENs again on every
 * channel. Errors are logged, never thrown into the process. Notifications sent while it is
 * disconnected are lost (NOTIFY does not queue for absent listeners).
 */
export function createPgListener(url: string, opts: { baseMs?: number; maxMs?: number } = {}): PgListener {
  const backoff = { baseMs: opts.baseMs ?? 100, maxMs: opts.maxMs ?? 2000 }
  const channels = new Map<string, Set<OnPayload>>()
  let client: pg.Client | undefined
  let firstConnect: Promise<void> | undefined
  let retry: NodeJS.Timeout | undefined
  let attempt = 0
  let closed = false

  async function connect() {
    const c = new pg.Client({ connectionString: url, keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 10_000 })
    c.on('error', (err) => lost(c, err))
    c.on('end', () => lost(c))
    c.on('notification', (n) => {
      for (const fn of channels.get(n.channel) ?? []) fn(n.payload ?? '')
    })
    try {
      await c.connect()
      for (const channel of channels.keys()) await c.query(`LISTEN ${quoted(channel)}`)
    } catch (err) {
      await c.end().catch(() => {})
      throw err
    }
    if (closed) return void (await c.end().catch(() => {}))
    client = c
  }

  function lost(c: pg.Client, err?: Error) {
    if (c !== client) return
    client = undefined
    void c.end().catch(() => {})
    if (closed) return
    logger.warn('database listener disconnected; reconnecting', { err: err ?? 'connection ended' })
    scheduleReconnect()
  }

  function scheduleReconnect() {
    if (retry || closed) return
    retry = setTimeout(async () => {
      retry = undefined
      try {
        await connect()
        logger.info('database listener reconnected', { attempts: attempt })
        attempt = 0
      } catch (err) {
        logger.warn('database listener could not reconnect', { attempt, err })
        scheduleReconnect()
      }
    }, reconnectDelay(attempt++, backoff))
    retry.unref()
  }

  return {
    async listen(channel, onPayload) {
      if (closed) throw new Error('listener closed')
      let set = channels.get(channel)
      const isNew = !set
      if (!set) channels.set(channel, (set = new Set()))
      set.add(onPayload)
      const unsubscribe = async () => {
        set.delete(onPayload)
        if (set.size > 0 || channels.get(channel) !== set) return
        channels.delete(channel)
        await client?.query(`UNLISTEN ${quoted(channel)}`).catch(() => {})
      }
      const startsConnection = !firstConnect
      if (!firstConnect) {
        firstConnect = connect()
        firstConnect.catch(() => (firstConnect = undefined))
      }
      try {
        await firstConnect
      } catch (err) {
        await unsubscribe()
        throw err
      }
      // Without a connection here, the reconnect LISTENs on every channel, this one included.
      if (isNew && !startsConnection) await client?.query(`LISTEN ${quoted(channel)}`).catch((err) => logger.warn('LISTEN failed', { channel, err }))
      return unsubscribe
    },
    connected: () => client !== undefined || channels.size === 0,
    async close() {
      closed = true
      clearTimeout(retry)
      const c = client
      client = undefined
      await c?.end().catch(() => {})
    },
  }
}
