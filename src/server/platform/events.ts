import { z } from 'zod'
import type { Database } from '../db/client'
import { logger } from './logger'

const LiveEventSchema = z.object({ type: z.string(), data: z.unknown() })
/** A live update for one user, delivered over `GET /api/events`. */
export type LiveEvent = z.infer<typeof LiveEventSchema>

/** What one NOTIFY on the channel carries: an event for a user, for a room, or both. */
const NotificationSchema = z.object({ userId: z.string().optional(), room: z.string().optional(), event: LiveEventSchema })
type Notification = z.infer<typeof NotificationSchema>

type Listener = (event: LiveEvent) => void

export const CHANNEL = 'drape_events'
/** How soon a client whose stream ended at shutdown reconnects (to another instance). */
export const RECONNECT_MS = 1000

/**
 * Publishes per-user events through Postgres NOTIFY so that every app instance (and the worker)
 * can deliver them to the user's open event streams. Rooms do the same for everyone watching one
 * shared page (a live broadcast): `broadcast` reaches every `join`ed listener of the room.
 */
export type EventBus = {
  publish(userId: string, event: LiveEvent): Promise<void>
  subscribe(userId: string, listener: Listener): () => void
  broadcast(room: string, event: LiveEvent): Promise<void>
  join(room: string, listener: Listener): () => void
  start(): Promise<void>
  stop(): Promise<void>
}

/** A set of listeners per key (a user id or a room name). */
function listenerRegistry() {
  const listeners = new Map<string, Set<Listener>>()
  return {
    emit(key: string, event: LiveEvent) {
      for (const fn of listeners.get(key) ?? []) fn(event)
    },
    add(key: string, listener: Listener) {
      let set = listeners.get(key)
      if (!set) listeners.set(key, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(key)
      }
    },
  }
}

export function createEventBus(database: Database): EventBus {
  const users = listenerRegistry()
  const rooms = listenerRegistry()
  let unlisten: (() => Promise<void>) | undefined

  const deliver = (payload: string) => {
    try {
      const parsed = NotificationSchema.safeParse(JSON.parse(payload))
      if (!parsed.success) return logger.warn('bad event payload', { issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.code}`) })
      const { userId, room, event } = parsed.data
      if (userId) users.emit(userId, event)
      if (room) rooms.emit(room, event)
    } catch (err) {
      logger.warn('bad event payload', { err })
    }
  }

  const notify = async (message: Notification) => {
    await database.raw.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(message)])
  }

  return {
    async start() {
      unlisten = await database.listen(CHANNEL, deliver)
    },
    async stop() {
      await unlisten?.()
    },
    // NOTIFY payloads are limited to 8000 bytes; events carry ids and small fields only.
    publish: (userId, event) => notify({ userId, event }),
    subscribe: (userId, listener) => users.add(userId, listener),
    broadcast: (room, event) => notify({ room, event }),
    join: (room, listener) => rooms.add(room, listener),
  }
}

/**
 * Writes the events `subscribe` delivers to an open server-sent-events stream until the client
 * goes away, with a ping (and `onHeartbeat`) every `heartbeatMs` while idle. `onOpen` runs once
 * the listener is subscribed, so that what it publishes reaches this stream too. Once `until` is
 * aborted (the server shuts down) it sends what is queued, then a `reconnect` event telling the
 * client to come back after `RECONNECT_MS`, and ends the stream.
 */
export async function pipeEvents(
  stream: { aborted: boolean; onAbort(fn: () => void): void; writeSSE(msg: { event: string; data: string; retry?: number }): Promise<void> },
  subscribe: (listener: Listener) => () => void,
  opts: { heartbeatMs: number; until?: AbortSignal; onOpen?: () => Promise<void>; onHeartbeat?: () => Promise<void> },
) {
  const queue: LiveEvent[] = []
  let wake: (() => void) | undefined
  const unsubscribe = subscribe((event) => {
    queue.push(event)
    wake?.()
  })
  stream.onAbort(() => wake?.())
  const ending = () => wake?.()
  opts.until?.addEventListener('abort', ending)
  const shuttingDown = () => opts.until?.aborted === true
  try {
    await stream.writeSSE({ event: 'ready', data: '{}' })
    await opts.onOpen?.()
    while (!stream.aborted) {
      const event = queue.shift()
      if (event) {
        await stream.writeSSE({ event: event.type, data: JSON.stringify(event.data) })
        continue
      }
      if (shuttingDown()) {
        await stream.writeSSE({ event: 'reconnect', data: '{}', retry: RECONNECT_MS })
        return
      }
      await new Promise<void>((resolve) => {
        wake = resolve
        setTimeout(resolve, opts.heartbeatMs)
      })
      wake = undefined
      if (!queue.length && !stream.aborted && !shuttingDown()) {
        await stream.writeSSE({ event: 'ping', data: '{}' })
        await opts.onHeartbeat?.()
      }
    }
  } finally {
    opts.until?.removeEventListener('abort', ending)
    unsubscribe()
  }
}
