import type { Feature } from '../types'
import { productRoutes } from './routes'
import { seedCatalogue } from './seed'

export const productsFeature: Feature = { name: 'products', routes: productRoutes, seed: seedCatalogue }
