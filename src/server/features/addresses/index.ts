import type { Feature } from '../types'
import { addressRoutes } from './routes'

export const addressesFeature: Feature = { name: 'addresses', routes: addressRoutes }
