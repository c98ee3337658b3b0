import type { Feature } from '../types'
import { searchRoutes } from './routes'

export const searchFeature: Feature = { name: 'search', routes: searchRoutes }

/** What other features may use. */
export { wordPatterns } from './service'
