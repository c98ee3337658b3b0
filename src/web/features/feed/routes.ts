import { lazy } from 'react'
import type { AppRoute } from '../../routing'

export const feedRoutes: AppRoute[] = [
  { path: '/feed', access: 'protected', Component: lazy(() => import('./FeedPage')) },
  { path: '/camera', access: 'protected', Component: lazy(() => import('./CameraPage')) },
  { path: '/photo-library', access: 'protected', Component: lazy(() => import('./PhotoLibraryPage')) },
  { path: '/p/:postId', access: 'protected', Component: lazy(() => import('./PostPage')) },
]
