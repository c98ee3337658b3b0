import type { Feature } from '../types'
import { addressRoutes } from './routes'

export const addressesFeature: Feature = { name: 'addresses', routes: addressRoutes }

/** What other features may use. */
export { createAddress, formatAddress, fullName } from './service'
