import type { Feature } from '../types'
import { platformRoutes } from './routes'

export const platformFeature: Feature = { name: 'platform', routes: platformRoutes }
