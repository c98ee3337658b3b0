import { eq } from 'drizzle-orm'
import { productLikes } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'
import { buildCatalogue } from '../products'
import { setLiked } from './service'

/** Demo accounts like a few dresses, so the wishlist and the try-on garment picker have some. */
export async function seedDemoLikes(p: Platform) {
  const catalogue = buildCatalogue()
  for (const [i, user] of (await demoUserIds(p.db)).entries()) {
    const [existing] = await p.db.select({ id: productLikes.productId }).from(productLikes).where(eq(productLikes.userId, user.id)).limit(1)
    if (existing) continue
    for (const product of catalogue.slice(i * 11, i * 11 + 5)) await setLiked(p.db, user.id, product.id, true)
  }
}
