import type { Feature } from '../types'
import { activityRoutes } from './routes'
import { seedDemoActivity } from './seed'

export const notificationsFeature: Feature = { name: 'notifications', routes: activityRoutes, seed: seedDemoActivity }

/** What other features may use. */
export { notify, notifyMentions } from './service'
