import type { Feature } from '../types'
import { liveRoutes } from './routes'

export const liveFeature: Feature = { name: 'live', routes: liveRoutes }
