import type { Feature } from '../types'
import { cartRoutes } from './routes'

export const cartFeature: Feature = { name: 'cart', routes: cartRoutes }
