import { lazy } from 'react'
import type { AppRoute } from '../../routing'

export const socialRoutes: AppRoute[] = [
  { path: '/search', access: 'public', Component: lazy(() => import('./SearchPage')) },
  { path: '/activity', access: 'protected', Component: lazy(() => import('./ActivityPage')) },
  { path: '/messages', access: 'protected', Component: lazy(() => import('./MessagesPage')) },
  { path: '/messages/:handle', access: 'protected', Component: lazy(() => import('./ConversationPage')) },
  { path: '/live', access: 'protected', Component: lazy(() => import('./LivePage')) },
  { path: '/video/:id', access: 'protected', Component: lazy(() => import('./VideoPage')) },
  { path: '/story/:userId', access: 'protected', Component: lazy(() => import('./StoryViewerPage')) },
]
