import { lazy } from 'react'
import type { AppRoute } from '../../routing'
import { titledPage } from '../shell/TitledPage'

export const profileRoutes: AppRoute[] = [
  { path: '/profile', access: 'protected', Component: lazy(() => import('./ProfilePage')) },
  { path: '/profile/edit', access: 'protected', Component: titledPage('Edit Profile') },
]
