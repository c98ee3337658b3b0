import { lazy } from 'react'
import type { AppRoute } from '../../routing'

export const tryonRoutes: AppRoute[] = [
  { path: '/style-studio', access: 'protected', Component: lazy(() => import('./StudioPage')) },
  { path: '/style-studio-generate', access: 'protected', Component: lazy(() => import('./GeneratePage')) },
  { path: '/style-studio-setup', access: 'protected', Component: lazy(() => import('./SetupPage')) },
  { path: '/export', access: 'protected', Component: lazy(() => import('./ExportPage')) },
]
