import { Suspense, useLayoutEffect } from 'react'
import { Routes, useLocation, useNavigationType } from './lib/router'
import { authRoutes } from './features/auth/routes'
import { feedRoutes } from './features/feed/routes'
import { marketplaceRoutes } from './features/marketplace/routes'
import { profileRoutes } from './features/profile/routes'
import { GuestOnly, RequireAuth } from './features/shell/guards'
import { FullScreenStatus } from './features/shell/RootPage'
import { shellRoutes } from './features/shell/routes'
import { socialRoutes } from './features/social/routes'
import { tryonRoutes } from './features/tryon/routes'
import type { AppRoute } from './routing'

/** The route table of both spec documents; each feature owns its entries. The catch-all is last. */
export const appRoutes: AppRoute[] = [...authRoutes, ...feedRoutes, ...profileRoutes, ...socialRoutes, ...marketplaceRoutes, ...tryonRoutes, ...shellRoutes]

function guarded({ access, Component }: AppRoute) {
  const screen = <Component />
  return access === 'protected' ? <RequireAuth>{screen}</RequireAuth> : access === 'guest' ? <GuestOnly>{screen}</GuestOnly> : screen
}

const routeElements = appRoutes.map((r) => ({ path: r.path, element: guarded(r) }))

/** New screens start at the top; back and forward keep the browser's own scroll restoration. */
function ScrollToTop() {
  const { pathname } = useLocation()
  const type = useNavigationType()
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0)
  }, [pathname, type])
  return null
}

export function AppRoutes() {
  return (
    <Suspense fallback={<FullScreenStatus text="Loading..." />}>
      <ScrollToTop />
      <Routes routes={routeElements} />
    </Suspense>
  )
}
