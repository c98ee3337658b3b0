import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import type { Session } from '~/shared/auth'
import { api, ApiRequestError } from './api'

export const sessionKey = ['session'] as const

async function fetchSession(): Promise<Session | null> {
  try {
    return await api<Session>('/session')
  } catch (err) {
    if (err instanceof ApiRequestError && err.status === 401) return null
    throw err
  }
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
