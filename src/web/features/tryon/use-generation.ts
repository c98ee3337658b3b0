import { useEffect, useState } from 'react'
import { T } from '~/shared/tryon/messages'
import { POLL_EVERY_MS, POLL_FIRST_MS, POLL_TIMEOUT_MS } from '~/shared/tryon/constants'
import type { GenerationEvent } from '~/shared/tryon/schemas'
import { useUserEvents } from '../social'
import { fetchGeneration } from './api'

const GENERATION_EVENTS = ['generation'] as const
const isDone = (s: GenerationEvent['status']) => s === 'succeeded' || s === 'failed'

/**
 * Follows one generation: pushed over `/api/events`, with the spec's polling alongside (first check
 * after 2 s, then every 3 s while queued or processing) and a client-side timeout after 5 minutes
 * that marks it failed with 'Generation timed out. Please try again.'.
 */
export function useGeneration(id: string | null) {
  const [state, setState] = useState<GenerationEvent | null>(null)
  const done = state?.id === id && isDone(state.status)

  useUserEvents(
    GENERATION_EVENTS,
    ({ data: event }) => {
      if (event.id === id) setState((s) => (s && isDone(s.status) ? s : event))
    },
    Boolean(id) && !done,
  )

  useEffect(() => {
    if (!id) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout>
    const startedAt = Date.now()
    const poll = async () => {
      if (stopped) return
      if (Date.now() - startedAt >= POLL_TIMEOUT_MS) {
        setState({ id, status: 'failed', outputUrl: null, error: T.timedOut })
        return
      }
      try {
        const g = await fetchGeneration(id)
        if (stopped) return
        setState({ id: g.id, status: g.status, outputUrl: g.outputUrl, error: g.error })
        if (isDone(g.status)) return
      } catch {
        // A dropped poll is retried on the next tick.
      }
      timer = setTimeout(poll, POLL_EVERY_MS)
    }
    timer = setTimeout(poll, POLL_FIRST_MS)
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [id])

  if (!id) return null
  return state?.id === id ? state : ({ id, status: 'queued', outputUrl: null, error: null } satisfies GenerationEvent)
}
