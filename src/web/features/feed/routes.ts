import { lazy } from 'react'
import type { AppRoute } from '../../routing'
import { titledPage } from '../shell/TitledPage'

export const feedRoutes: AppRoute[] = [
  { path: '/feed', access: 'protected', Component: lazy(() => import('./FeedPage')) },
  { path: '/camera', access: 'protected', Component: titledPage('Camera') },
  { path: '/photo-library', access: 'protected', Component: titledPage('Photo library') },
]
