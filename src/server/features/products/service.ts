import { and, arrayOverlaps, asc, desc, eq, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import type { ProductCard, ProductDetail, ProductListQuery, ProductPage, SizeAdvice } from '~/shared/marketplace/schemas'
import { z } from 'zod'
import type { Db } from '../../db/client'
import { oneRow } from '../../db/one-row'
import { productLikes, products } from '../../db/schema'
import { decodeCursor, encodeCursor } from '../../http/cursor'
import { notFound } from '../../http/errors'
import { MM } from '~/shared/marketplace/messages'
import { getBodyMeasurements } from '../profiles'
import { recommendSize } from './size-advice'
import { wordPatterns } from '../search'

type ProductRow = typeof products.$inferSelect

const SIMILAR = 8

/**
 * Adds `liked` for the viewer with one primary-key lookup per product shown. (An EXISTS in the
 * select list makes PostgreSQL hash all of the user's likes first, which costs more with many likes.)
 */
async function withLiked<T extends { id: string }>(db: Db, userId: string | null, rows: T[]): Promise<(T & { liked: boolean })[]> {
  if (!userId || rows.length === 0) return rows.map((r) => ({ ...r, liked: false }))
  const liked = await db
    .select({ id: productLikes.productId })
    .from(productLikes)
    .where(and(eq(productLikes.userId, userId), inArray(productLikes.productId, rows.map((r) => r.id))))
  const ids = new Set(liked.map((l) => l.id))
  return rows.map((r) => ({ ...r, liked: ids.has(r.id) }))
}

/** The columns of a product card (listing, wishlist, similar products). */
export const cardColumns = {
  id: products.id,
  name: products.name,
  brand: products.brand,
  category: products.category,
  price: products.price,
  originalPrice: products.originalPrice,
  rating: products.rating,
  reviewsCount: products.reviewsCount,
  imageUrl: products.imageUrl,
  colors: products.colors,
}

/** Rounds the stored real rating for display (one decimal). */
const toCard = (r: ProductCard): ProductCard => ({ ...r, rating: Math.round(r.rating * 10) / 10 })

// Keyset paging: each sort is (key, id) in one direction, so every page is one index range scan.
const SORTS = {
  newest: { key: products.createdAt, dir: 'desc', cast: 'timestamptz' },
  'price-low': { key: products.price, dir: 'asc', cast: 'numeric' },
  'price-high': { key: products.price, dir: 'desc', cast: 'numeric' },
  rating: { key: products.rating, dir: 'desc', cast: 'real' },
} as const

const CursorSchema = z.object({ v: z.string().max(40), id: z.string().regex(/^[0-9a-f-]{36}$/i) })


const SEARCHED_COLUMNS = [products.name, products.brand, products.subcategory, products.material, products.description]

/** Listings, search and similar products leave out archived products (which stay readable by id). */
export const listed = eq(products.archived, false)

function filters(q: ProductListQuery): SQL[] {
  const where: SQL[] = [listed]
  // Every word of the query is somewhere in the product's text: 'linen dress' finds a dress made of linen.
  for (const pattern of wordPatterns(q.q ?? '')) {
    const anyColumn = or(...SEARCHED_COLUMNS.map((col) => ilike(col, pattern)))
    if (anyColumn) where.push(anyColumn)
  }
  if (q.category !== 'all') where.push(eq(products.category, q.category))
  if (q.brands.length) where.push(inArray(products.brand, q.brands))
  if (q.sizes.length) where.push(arrayOverlaps(products.availableSizes, q.sizes))
  if (q.colors.length) where.push(arrayOverlaps(products.colorNames, q.colors))
  if (q.minPrice !== undefined) where.push(gte(products.price, q.minPrice))
  if (q.maxPrice !== undefined) where.push(lte(products.price, q.maxPrice))
  return where
}

/** One page of the listing: filtered, sorted and paged in the database. */
export async function listProducts(db: Db, q: ProductListQuery, userId: string | null): Promise<ProductPage> {
  const sort = SORTS[q.sort]
  const where = filters(q)
  if (q.cursor) {
    const c = decodeCursor(q.cursor, CursorSchema)
    const op = sort.dir === 'desc' ? sql.raw('<') : sql.raw('>')
    where.push(sql`(${sort.key}, ${products.id}) ${op} (${c.v}::${sql.raw(sort.cast)}, ${c.id}::uuid)`)
  }
  const order = sort.dir === 'desc' ? [desc(sort.key), desc(products.id)] : [asc(sort.key), asc(products.id)]
  const rows = await db
    .select({ ...cardColumns, sortValue: sql<string>`(${sort.key})::text` })
    .from(products)
    .where(where.length ? and(...where) : undefined)
    .orderBy(...order)
    .limit(q.limit + 1)
  const page = rows.slice(0, q.limit)
  const last = page.at(-1)
  return {
    items: (await withLiked(db, userId, page.map(({ sortValue: _, ...r }) => r))).map(toCard),
    nextCursor: rows.length > q.limit && last ? encodeCursor({ v: last.sortValue, id: last.id }) : null,
  }
}

function toDetail(r: ProductRow & { liked: boolean }): ProductDetail {
  return {
    ...toCard(r),
    subcategory: r.subcategory,
    createdAt: r.createdAt.toISOString(),
    sizes: r.sizes,
    material: r.material,
    length: r.length,
    sleeveLength: r.sleeveLength,
    neckline: r.neckline,
    fit: r.fit,
    description: r.description,
    sizeChart: r.sizeChart,
    ratingCounts: r.ratingCounts,
    images: r.images,
    colorImages: r.colorImages,
    archived: r.archived,
  }
}

export async function getProduct(db: Db, id: string, userId: string | null) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1)
  if (!row) throw notFound(MM.productNotFound)
  return toDetail(oneRow(await withLiked(db, userId, [row])))
}

/** Up to 8 products of the same category, closest in price first (two range scans of the category-price index). */
export async function similarProducts(db: Db, id: string, userId: string | null): Promise<ProductCard[]> {
  const [base] = await db.select({ category: products.category, price: products.price }).from(products).where(eq(products.id, id)).limit(1)
  if (!base) throw notFound(MM.productNotFound)
  const near = (above: boolean) =>
    db
      .select(cardColumns)
      .from(products)
      .where(and(listed, eq(products.category, base.category), ne(products.id, id), above ? gte(products.price, base.price) : lt(products.price, base.price)))
      .orderBy(above ? asc(products.price) : desc(products.price))
      .limit(SIMILAR)
  const [up, down] = await Promise.all([near(true), near(false)])
  const rows = [...up, ...down].sort((a, b) => Math.abs(a.price - base.price) - Math.abs(b.price - base.price)).slice(0, SIMILAR)
  return (await withLiked(db, userId, rows)).map(toCard)
}

/** The subcategories with their item counts, for /discover. */
export async function subcategoryCounts(db: Db) {
  const rows = await db
    .select({ name: products.subcategory, count: sql<number>`count(*)::int` })
    .from(products)
    .where(listed)
    .groupBy(products.subcategory)
    .orderBy(desc(sql`count(*)`), asc(products.subcategory))
  const subcategories = rows.filter((r): r is { name: string; count: number } => Boolean(r.name))
  return { total: rows.reduce((a, r) => a + r.count, 0), subcategories }
}

/** A size for the signed-in user from their profile measurements and the product's size chart. */
export async function sizeAdvice(db: Db, productId: string, userId: string | null): Promise<SizeAdvice> {
  const [row] = await db.select({ sizeChart: products.sizeChart, sizes: products.sizes }).from(products).where(eq(products.id, productId)).limit(1)
  if (!row) throw notFound(MM.productNotFound)
  if (!userId) return { status: 'signed_out' }
  return recommendSize(row.sizeChart, row.sizes, await getBodyMeasurements(db, userId))
}

/** For other features (cart, orders, try-on): the product's price and options, or a 404. */
export async function productForPurchase(db: Db, id: string) {
  const [row] = await db
    .select({ id: products.id, name: products.name, brand: products.brand, price: products.price, imageUrl: products.imageUrl, sizes: products.sizes, colors: products.colors, colorImages: products.colorImages, archived: products.archived })
    .from(products)
    .where(eq(products.id, id))
    .limit(1)
  if (!row) throw notFound(MM.productNotFound)
  return row
}
