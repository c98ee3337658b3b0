import type { Feature } from '../types'
import { exportRoutes } from './routes'

export const exportFeature: Feature = { name: 'export', routes: exportRoutes }
