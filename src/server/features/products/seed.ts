import { desc, inArray, isNotNull } from 'drizzle-orm'
import { PRODUCT_IMAGE_DEFAULT_WIDTH, productImageKey } from '~/shared/marketplace/images'
import { products, type ProductColor } from '../../db/schema'
import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { buildCatalogue, STYLE_WORDS, type CatalogueProduct, type DressStyle } from './catalogue'
import { hasProductImages, renderProductImages } from './images'

/** Images rendered before start-up continues (the first listing page); the rest follow in the background. */
const RENDER_UP_FRONT = 24
const RENDER_CONCURRENCY = 2

export function catalogueRow(c: CatalogueProduct, imageUrl: string): typeof products.$inferInsert {
  const reviews = c.ratingCounts.reduce((a, b) => a + b, 0)
  const rating = reviews ? c.ratingCounts.reduce((sum, n, i) => sum + n * (5 - i), 0) / reviews : 0
  return {
    id: c.id,
    name: c.name,
    brand: c.brand,
    category: c.category,
    subcategory: c.subcategory,
    price: c.price,
    originalPrice: c.originalPrice,
    rating: Math.round(rating * 10) / 10,
    reviewsCount: reviews,
    ratingCounts: c.ratingCounts,
    imageUrl,
    createdAt: c.createdAt,
    colors: c.colors,
    sizes: c.sizes,
    availableSizes: c.sizes.filter((s) => s.available).map((s) => s.name),
    colorNames: c.colors.map((x) => x.name),
    material: c.material,
    length: STYLE_WORDS.LENGTH_WORDS[c.style.length],
    sleeveLength: STYLE_WORDS.SLEEVE_WORDS[c.style.sleeve],
    neckline: STYLE_WORDS.NECK_WORDS[c.style.neckline],
    fit: STYLE_WORDS.FIT_NAMES[c.style.fit].replace(/ Dress$/, ''),
    description: c.description,
    sizeChart: c.sizeChart,
    illustration: c.style,
  }
}

type Drawable = { id: string; illustration: DressStyle; colors: ProductColor[] }

async function renderAll(p: Platform, items: Drawable[]) {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const c = items[next++]!
      if (!(await hasProductImages(p.storage, c.id))) await renderProductImages(p.storage, c.id, c.illustration, c.colors[0]?.hex ?? '#D8C3A5')
    }
  }
  await Promise.all(Array.from({ length: RENDER_CONCURRENCY }, worker))
}

/**
 * The demo catalogue (idempotent): inserts the products that are missing, then renders the
 * images of any illustrated product that has none yet, newest first (from the stored
 * `illustration`, so images can be rebuilt from the database alone).
 */
export async function seedCatalogue(p: Platform) {
  await insertCatalogue(p)
  const rows = await p.db
    .select({ id: products.id, illustration: products.illustration, colors: products.colors })
    .from(products)
    .where(isNotNull(products.illustration))
    .orderBy(desc(products.createdAt))
  const drawable = rows.filter((r): r is Drawable => r.illustration !== null)
  await renderAll(p, drawable.slice(0, RENDER_UP_FRONT))
  void renderAll(p, drawable.slice(RENDER_UP_FRONT)).catch((err) => logger.error('product images failed', { err }))
}

/** The catalogue's rows without images (also used by tests); returns the whole catalogue. */
export async function insertCatalogue(p: Platform) {
  const catalogue = buildCatalogue()
  const present = new Set((await p.db.select({ id: products.id }).from(products).where(inArray(products.id, catalogue.map((c) => c.id)))).map((r) => r.id))
  const missing = catalogue.filter((c) => !present.has(c.id))
  if (missing.length) {
    await p.db.insert(products).values(missing.map((c) => catalogueRow(c, p.storage.url(productImageKey(c.id, PRODUCT_IMAGE_DEFAULT_WIDTH))))).onConflictDoNothing()
    logger.info('demo catalogue seeded', { products: missing.length })
  }
  return catalogue
}
