import type { Feature } from '../types'
import { productRoutes } from './routes'
import { seedCatalogue } from './seed'

export const productsFeature: Feature = { name: 'products', routes: productRoutes, seed: seedCatalogue }

/** What other features may use. */
export { buildCatalogue } from './catalogue'
export { dressSvg } from './illustration'
export { renderProductImages } from './images'
export { formatReport } from './import/report'
export { importCatalogue, type ImportReport } from './import/run'
export { renderProductImageOnDemand } from './render-on-demand'
export { SizeChartFileSchema } from './import/schemas'
export type { CatalogueProduct } from './catalogue'
export { insertCatalogue } from './seed'
export { cardColumns, listed, listProducts, productForPurchase } from './service'
