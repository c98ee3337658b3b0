import type { AppRoute } from '../../routing'
import { titledPage } from '../shell/TitledPage'

export const tryonRoutes: AppRoute[] = [
  { path: '/style-studio', access: 'protected', Component: titledPage('Style Studio', { tabBar: true }) },
  { path: '/style-studio-generate', access: 'protected', Component: titledPage('Virtual Try-On', { tabBar: true }) },
  { path: '/style-studio-setup', access: 'protected', Component: titledPage('Style Studio Setup') },
  { path: '/export', access: 'protected', Component: titledPage('Export') },
]
