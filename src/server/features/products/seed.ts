import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import { colorImageSet, PRODUCT_IMAGE_DEFAULT_WIDTH, productImageKey } from '~/shared/marketplace/images'
import { products, type ProductColor } from '../../db/schema'
import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { eachLimited } from './each-limited'
import { buildCatalogue, STYLE_WORDS, type CatalogueProduct, type DressStyle } from './catalogue'
import { colorImageSets, renderMissing, type ImageSet } from './images'

/** Products whose first colour is rendered before start-up continues (the first listing page); the rest follow in the background. */
const RENDER_UP_FRONT = 24
const RENDER_CONCURRENCY = 2

/** The stored URL of each colour's image of a generated product, by colour name. */
function colorImageUrls(p: Platform, id: string, colors: readonly ProductColor[]) {
  return Object.fromEntries(colors.map((c) => [c.name, p.storage.url(productImageKey(colorImageSet(id, colors, c.name), PRODUCT_IMAGE_DEFAULT_WIDTH))]))
}

export function catalogueRow(c: CatalogueProduct, imageUrl: string, colorImages: Record<string, string>): typeof products.$inferInsert {
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
    colorImages,
  }
}

type Drawable = { id: string; illustration: DressStyle; colors: ProductColor[] }

const renderAll = (p: Platform, items: ImageSet[]) => eachLimited(items, RENDER_CONCURRENCY, (item) => renderMissing(p.storage, item))

/**
 * The demo catalogue (idempotent): inserts the products that are missing, then renders the
 * images of every colour of any illustrated product that has none yet, newest first (from the
 * stored `illustration`, so images can be rebuilt from the database alone).
 */
export async function seedCatalogue(p: Platform) {
  await insertCatalogue(p)
  await addColorImages(p)
  const rows = await p.db
    .select({ id: products.id, illustration: products.illustration, colors: products.colors })
    .from(products)
    .where(isNotNull(products.illustration))
    .orderBy(desc(products.createdAt))
  const sets = rows.filter((r): r is Drawable => r.illustration !== null).map((r) => colorImageSets(r.id, r.illustration, r.colors))
  await renderAll(p, sets.slice(0, RENDER_UP_FRONT).flatMap((s) => s.slice(0, 1)))
  const later = [...sets.slice(0, RENDER_UP_FRONT).flatMap((s) => s.slice(1)), ...sets.slice(RENDER_UP_FRONT).flat()]
  void renderAll(p, later).catch((err) => logger.error('product images failed', { err }))
}

/** The catalogue's rows without images (also used by tests); returns the whole catalogue. */
export async function insertCatalogue(p: Platform) {
  const catalogue = buildCatalogue()
  const present = new Set((await p.db.select({ id: products.id }).from(products).where(inArray(products.id, catalogue.map((c) => c.id)))).map((r) => r.id))
  const missing = catalogue.filter((c) => !present.has(c.id))
  if (missing.length) {
    await p.db
      .insert(products)
      .values(missing.map((c) => catalogueRow(c, p.storage.url(productImageKey(c.id, PRODUCT_IMAGE_DEFAULT_WIDTH)), colorImageUrls(p, c.id, c.colors))))
      .onConflictDoNothing()
    logger.info('demo catalogue seeded', { products: missing.length })
  }
  return catalogue
}

/** Illustrated products seeded before colours had their own images get their colour image URLs. */
export async function addColorImages(p: Platform) {
  const rows = await p.db
    .select({ id: products.id, colors: products.colors })
    .from(products)
    .where(and(isNotNull(products.illustration), eq(products.colorImages, sql`'{}'::jsonb`)))
  for (const r of rows) await p.db.update(products).set({ colorImages: colorImageUrls(p, r.id, r.colors) }).where(eq(products.id, r.id))
}
