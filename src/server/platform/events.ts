import type { Database } from '../db/client'
import { logger } from './logger'

/** A live update for one user, delivered over `GET /api/events`. */
export type LiveEvent = { type: string; data: unknown }

type Listener = (event: LiveEvent) => void

const CHANNEL = 'drape_events'

/**
 * Publishes per-user events through Postgres NOTIFY so that every app instance (and the worker)
 * can deliver them to the user's open event streams.
 */
export type EventBus = {
  publish(userId: string, event: LiveEvent): Promise<void>
  subscribe(userId: string, listener: Listener): () => void
  start(): Promise<void>
  stop(): Promise<void>
}

export function createEventBus(database: Database): EventBus {
  const listeners = new Map<string, Set<Listener>>()
  let unlisten: (() => Promise<void>) | undefined

  const deliver = (payload: string) => {
    try {
      const { userId, event } = JSON.parse(payload) as { userId: string; event: LiveEvent }
      for (const fn of listeners.get(userId) ?? []) fn(event)
    } catch (err) {
      logger.warn('bad event payload', { err })
    }
  }

  return {
    async start() {
      unlisten = await database.listen(CHANNEL, deliver)
    },
    async stop() {
      await unlisten?.()
    },
    async publish(userId, event) {
      const payload = JSON.stringify({ userId, event })
      // NOTIFY payloads are limited to 8000 bytes; events carry ids and small fields only.
      await database.raw.query('select pg_notify($1, $2)', [CHANNEL, payload])
    },
    subscribe(userId, listener) {
      let set = listeners.get(userId)
      if (!set) listeners.set(userId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(userId)
      }
    },
  }
}
