import type { ReactNode } from 'react'
import { Navigate, useLocation } from '../../lib/router'
import { M } from '~/shared/messages'
import { useSession } from '../../lib/session'
import { safeRedirect } from '../../lib/safe-redirect'
import { FullScreenStatus } from './RootPage'

/** 'Checking authentication...', then the screen or /login?redirect=<the requested path>. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'loading') return <FullScreenStatus text={M.checkingAuth} />
  if (status === 'signed-out') {
    const from = location.pathname + location.search + location.hash
    return <Navigate to={`/login?redirect=${encodeURIComponent(from)}`} replace />
  }
  return children
}

/** Login and register: a signed-in user goes on to /feed (or where they were headed). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { status } = useSession()
  const location = useLocation()
  if (status === 'loading') return <FullScreenStatus text={M.loading} />
  if (status === 'signed-in') return <Navigate to={safeRedirect(new URLSearchParams(location.search).get('redirect'))} replace />
  return children
}
