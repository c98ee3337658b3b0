import { and, desc, eq, sql } from 'drizzle-orm'
import type { ProductCard } from '~/shared/marketplace/schemas'
import type { Db } from '../../db/client'
import { productLikes, products } from '../../db/schema'
import { cardColumns, productForPurchase } from '../products'

/** Likes are rows of (user, product); setting one twice changes nothing. */
export async function setLiked(db: Db, userId: string, productId: string, liked: boolean) {
  await productForPurchase(db, productId)
  if (liked) await db.insert(productLikes).values({ userId, productId }).onConflictDoNothing()
  else await db.delete(productLikes).where(and(eq(productLikes.userId, userId), eq(productLikes.productId, productId)))
  return { liked }
}

export async function likedIds(db: Db, userId: string) {
  const rows = await db.select({ id: productLikes.productId }).from(productLikes).where(eq(productLikes.userId, userId)).orderBy(desc(productLikes.createdAt))
  return rows.map((r) => r.id)
}

/** The user's liked products, most recently liked first (wishlist, try-on garment picker). */
export async function likedProducts(db: Db, userId: string, limit = 200): Promise<ProductCard[]> {
  const rows = await db
    .select({ ...cardColumns, liked: sql<boolean>`true` })
    .from(productLikes)
    .innerJoin(products, eq(products.id, productLikes.productId))
    .where(eq(productLikes.userId, userId))
    .orderBy(desc(productLikes.createdAt))
    .limit(limit)
  return rows.map((r) => ({ ...r, rating: Math.round(r.rating * 10) / 10 }))
}
