import type { AppRoute } from '../../routing'
import { titledPage } from '../shell/TitledPage'

export const socialRoutes: AppRoute[] = [
  { path: '/search', access: 'public', Component: titledPage('Search', { tabBar: true }) },
  { path: '/activity', access: 'protected', Component: titledPage('Activity', { tabBar: true }) },
  { path: '/messages', access: 'protected', Component: titledPage('Messages') },
  { path: '/live', access: 'protected', Component: titledPage('Live') },
  { path: '/video/:id', access: 'protected', Component: titledPage('Video') },
  { path: '/story/:userId', access: 'protected', Component: titledPage('Story') },
]
