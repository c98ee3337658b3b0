import type { Feature } from '../types'
import { cartRoutes } from './routes'

export const cartFeature: Feature = { name: 'cart', routes: cartRoutes }

/** What other features may use. */
export { addToCart, cartLines, removeCartLines, subtotalCents } from './service'
