import type { Feature } from '../types'
import { productRoutes } from './routes'
import { seedCatalogue } from './seed'

export const productsFeature: Feature = { name: 'products', routes: productRoutes, seed: seedCatalogue }

/** What other features may use. */
export { buildCatalogue } from './catalogue'
export type { CatalogueProduct } from './catalogue'
export { insertCatalogue } from './seed'
export { cardColumns, listed, productForPurchase } from './service'
