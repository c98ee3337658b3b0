import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Session } from '~/shared/auth'
import { SESSION_ELEMENT_ID } from '~/shared/html-data'
import { api } from './api'

export const sessionKey = ['session'] as const

/**
 * GET /api/session: the session, or null when signed out. The schema loads with the first fetch:
 * the first screen has the session from the HTML, and the entry carries no zod (issue #13).
 */
const fetchSession = async () => api('/session', { schema: (await import('~/shared/auth')).MaybeSessionSchema })

/**
 * Puts the session the server inlined into index.html into the cache, so the first screen draws
 * without asking for it. Without that block (the Vite dev server) the first useSession fetches.
 */
export function primeSession(qc: QueryClient) {
  const el = document.getElementById(SESSION_ELEMENT_ID)
  if (!el?.textContent) return
  qc.setQueryData(sessionKey, JSON.parse(el.textContent) as Session | null)
  el.remove()
}

/** The signed-in session: `loading`, then the user or null. */
export function useSession() {
  const q = useQuery({ queryKey: sessionKey, queryFn: fetchSession, staleTime: 5 * 60_000 })
  return { status: q.isPending ? ('loading' as const) : q.data ? ('signed-in' as const) : ('signed-out' as const), user: q.data?.user ?? null }
}

/** A stable function (safe as an effect dependency) that reloads the session. */
export function useRefreshSession() {
  const qc = useQueryClient()
  return useCallback(() => qc.invalidateQueries({ queryKey: sessionKey }), [qc])
}

/** Signs out and drops every cached query of the previous user. */
export function useSignOut() {
  const qc = useQueryClient()
  return async () => {
    await api('/account/logout', { method: 'POST' })
    qc.clear()
    qc.setQueryData(sessionKey, null)
  }
}
