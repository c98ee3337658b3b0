import { lazy } from 'react'
import type { AppRoute } from '../../routing'
import RootPage from './RootPage'

export const shellRoutes: AppRoute[] = [
  { path: '/', access: 'public', Component: RootPage },
  { path: '/placeholder', access: 'public', Component: RootPage },
  { path: '*', access: 'public', Component: lazy(() => import('./NotFoundPage')) },
]
