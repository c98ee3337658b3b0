import { boolean, index, integer, jsonb, numeric, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'

export type ProductColor = { name: string; hex: string }
/** `stock` is kept for imported products whose shop tracks inventory (`available` is then stock > 0). */
export type ProductSize = { name: string; available: boolean; stock?: number }
/** Body measurements (cm) each size fits, e.g. { M: { chest: [88, 92], waist: [70, 74], hip: [96, 100] } }. */
export type SizeChart = Record<string, Partial<Record<'chest' | 'waist' | 'hip' | 'height', [number, number]>>>

/** How the generated illustration draws a dress (features/products/illustration.ts). */
export type ProductIllustration = {
  length: 'mini' | 'knee' | 'midi' | 'maxi'
  neckline: 'v-neck' | 'round' | 'square' | 'sweetheart' | 'halter' | 'off-shoulder' | 'boat' | 'collar'
  sleeve: 'sleeveless' | 'cap' | 'short' | 'puff' | 'three-quarter' | 'long'
  fit: 'a-line' | 'bodycon' | 'fit-and-flare' | 'shift' | 'wrap' | 'slip'
  pattern: 'solid' | 'stripes' | 'dots' | 'floral' | 'gingham' | 'ribbed' | 'pleats'
  belt: boolean
  buttons: boolean
}

/** Spec part 2 §3, plus a size chart per product. Prices in euros. */
export const products = pgTable(
  'products',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    brand: text().notNull(),
    category: text().notNull(),
    subcategory: text(),
    price: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    originalPrice: numeric({ precision: 10, scale: 2, mode: 'number' }),
    rating: real().notNull().default(0),
    reviewsCount: integer().notNull().default(0),
    imageUrl: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    colors: jsonb().$type<ProductColor[]>().notNull().default([]),
    sizes: jsonb().$type<ProductSize[]>().notNull().default([]),
    material: text(),
    length: text(),
    sleeveLength: text(),
    neckline: text(),
    fit: text(),
    description: text(),
    sizeChart: jsonb().$type<SizeChart>().notNull().default({}),
    /** Reviews with 5, 4, 3, 2 and 1 stars; `rating` and `reviews_count` are derived from it. */
    ratingCounts: jsonb().$type<[number, number, number, number, number]>().notNull().default([0, 0, 0, 0, 0]),
    /** Filter columns kept in step with `sizes` (available ones) and `colors` by the catalogue service. */
    availableSizes: text().array().notNull().default([]),
    colorNames: text().array().notNull().default([]),
    /** How the generated illustration draws this dress (pattern, belt, ...); null for uploaded photos. */
    illustration: jsonb().$type<ProductIllustration>(),
    /** The shop's own key of an imported product (Shopify handle); null for demo products. Imports upsert by it. */
    handle: text(),
    /** Left out of listings and search (an import no longer has it), but still readable for carts, orders and likes. */
    archived: boolean().notNull().default(false),
    /** The product's images in order (the first is `image_url`); empty for demo products. */
    images: jsonb().$type<string[]>().notNull().default([]),
    /** The image of each colour, by colour name (e.g. { Navy: '/api/files/products/…/480.webp' }). */
    colorImages: jsonb().$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    index('products_created_idx').on(t.createdAt, t.id),
    index('products_category_idx').on(t.category, t.createdAt),
    index('products_brand_idx').on(t.brand),
    index('products_price_idx').on(t.price),
    index('products_rating_idx').on(t.rating),
    // Keyset paging per sort order: (sort key, id).
    index('products_price_id_idx').on(t.price, t.id),
    index('products_rating_id_idx').on(t.rating, t.id),
    index('products_category_price_idx').on(t.category, t.price, t.id),
    index('products_available_sizes_idx').using('gin', t.availableSizes),
    index('products_color_names_idx').using('gin', t.colorNames),
    uniqueIndex('products_handle_idx').on(t.handle),
  ],
)

export const productLikes = pgTable(
  'product_likes',
  {
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.productId] }), index('product_likes_product_idx').on(t.productId)],
)
