import type { Feature } from '../types'
import { settingsRoutes } from './routes'

export const settingsFeature: Feature = { name: 'settings', routes: settingsRoutes }

/** What other features may use. */
export { getSettings } from './service'
