import { desc, eq } from 'drizzle-orm'
import type { ProductSummary } from '~/shared/tryon/schemas'
import { productLikes, products } from '../../db/schema'
import type { Platform } from '../../platform'

/** The products the user liked, newest like first: the garment picker and the hub's Liked tab. */
export async function likedProducts(p: Platform, userId: string): Promise<ProductSummary[]> {
  return p.db
    .select({ id: products.id, name: products.name, brand: products.brand, imageUrl: products.imageUrl, price: products.price })
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(eq(productLikes.userId, userId))
    .orderBy(desc(productLikes.createdAt))
    .limit(200)
}
