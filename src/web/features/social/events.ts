import { useEffect, useEffectEvent } from 'react'
import type { z } from 'zod/mini'
import { UserEventSchema, type UserEvent } from '~/shared/events'

/**
 * One EventSource per URL, shared by every component listening to it and closed when the last
 * one unmounts. The browser reconnects by itself after a drop.
 */
const sources = new Map<string, { source: EventSource; users: number }>()

function acquire(url: string) {
  let entry = sources.get(url)
  if (!entry) {
    entry = { source: new EventSource(url, { withCredentials: true }), users: 0 }
    sources.set(url, entry)
  }
  entry.users++
  return entry.source
}

function release(url: string) {
  const entry = sources.get(url)
  if (!entry || --entry.users > 0) return
  entry.source.close()
  sources.delete(url)
}

type AnyEvent = { type: string; data: unknown }

/**
 * Calls `onEvent` for each event of `types` arriving on the server-sent-events stream at `url`,
 * parsed by the stream's shared schema (a discriminated union on `type`); one that does not fit
 * is dropped (and reported in development).
 */
export function useEventStream<E extends AnyEvent, T extends E['type']>(
  url: string,
  schema: z.ZodMiniType<E>,
  types: readonly T[],
  onEvent: (event: Extract<E, { type: T }>) => void,
  enabled = true,
) {
  const handle = useEffectEvent(onEvent)
  const key = types.join(',')
  useEffect(() => {
    if (!enabled) return
    const source = acquire(url)
    const handlers = key.split(',').map((type) => {
      const handler = (e: MessageEvent<string>) => {
        const event = parseEvent(schema, type, e.data)
        if (event) handle(event as Extract<E, { type: T }>)
      }
      source.addEventListener(type, handler)
      return [type, handler] as const
    })
    return () => {
      for (const [type, handler] of handlers) source.removeEventListener(type, handler)
      release(url)
    }
  }, [url, schema, key, enabled])
}

function parseEvent<E>(schema: z.ZodMiniType<E>, type: string, raw: string) {
  let data: unknown = null
  try {
    data = raw ? JSON.parse(raw) : null
  } catch {
    // Not JSON: the schema below rejects it.
  }
  const parsed = schema.safeParse({ type, data })
  if (!parsed.success && import.meta.env.DEV) console.error(`Live event '${type}' does not match its schema`, parsed.error)
  return parsed.success ? parsed.data : null
}

/** The signed-in user's live updates (`/api/events`): new messages, notifications, generations. */
export const useUserEvents = <T extends UserEvent['type']>(types: readonly T[], onEvent: (event: Extract<UserEvent, { type: T }>) => void, enabled = true) =>
  useEventStream('/api/events', UserEventSchema, types, onEvent, enabled)
