import type { Feature } from '../types'
import { accountRoutes } from './routes'
import { seedDemoAccounts } from './seed'

export const authFeature: Feature = { name: 'auth', routes: accountRoutes, seed: seedDemoAccounts }

/** What other features may use. */
export { demoUserIds } from './seed'
