import { lazy } from 'react'
import type { AppRoute } from '../../routing'

export const profileRoutes: AppRoute[] = [
  { path: '/profile', access: 'protected', Component: lazy(() => import('./ProfilePage')) },
  { path: '/profile/edit', access: 'protected', Component: lazy(() => import('./ProfileEditPage')) },
  { path: '/u/:username', access: 'protected', Component: lazy(() => import('./UserProfilePage')) },
]
