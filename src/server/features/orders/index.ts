import type { Feature } from '../types'
import { orderRoutes } from './routes'
import { seedDemoOrders } from './seed'

export const ordersFeature: Feature = { name: 'orders', routes: orderRoutes, seed: seedDemoOrders }
