import { useEffect, useRef } from 'react'

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

/** Calls `onEvent(type, data)` for each of `types` arriving on the server-sent-events stream at `url`. */
export function useEventStream(url: string, types: readonly string[], onEvent: (type: string, data: unknown) => void, enabled = true) {
  const latest = useRef(onEvent)
  useEffect(() => {
    latest.current = onEvent
  })
  const key = types.join(',')
  useEffect(() => {
    if (!enabled) return
    const source = acquire(url)
    const handlers = key.split(',').map((type) => {
      const handler = (e: MessageEvent<string>) => latest.current(type, e.data ? (JSON.parse(e.data) as unknown) : null)
      source.addEventListener(type, handler)
      return [type, handler] as const
    })
    return () => {
      for (const [type, handler] of handlers) source.removeEventListener(type, handler)
      release(url)
    }
  }, [url, key, enabled])
}

/** The signed-in user's live updates (`/api/events`): new messages, notifications. */
export const useUserEvents = (types: readonly string[], onEvent: (type: string, data: unknown) => void, enabled = true) =>
  useEventStream('/api/events', types, onEvent, enabled)
