import { Suspense } from 'react'
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router'
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

function toRouteObject({ path, access, Component }: AppRoute): RouteObject {
  const screen = <Component />
  const element = access === 'protected' ? <RequireAuth>{screen}</RequireAuth> : access === 'guest' ? <GuestOnly>{screen}</GuestOnly> : screen
  return { path, element }
}

function RootLayout() {
  return (
    <Suspense fallback={<FullScreenStatus text="Loading..." />}>
      <ScrollRestoration />
      <Outlet />
    </Suspense>
  )
}

export const router = createBrowserRouter([{ element: <RootLayout />, children: appRoutes.map(toRouteObject) }])
