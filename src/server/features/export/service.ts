import { eq, inArray } from 'drizzle-orm'
import { EXPORT_VERSION } from '~/shared/tryon/schemas'
import type { Db } from '../../db/client'
import { aiGenerations, productLikes, products, styleCollectionItems, styleCollections, tryonResults, userPhotos, userRunwareSettings } from '../../db/schema'
import type { Platform } from '../../platform'
import { accountSection, iso } from './account'
import { commerceSection } from './commerce'
import { socialSection } from './social'

export { plainName } from './account'

/** Liked products, try-on photos, generations, saved results, collections and settings: metadata only, no file paths or URLs. */
async function tryOnSection(db: Db, userId: string) {
  const [likedProducts, photos, generations, results, settings, collections] = await Promise.all([
    db.select({ productId: productLikes.productId, productName: products.name, createdAt: productLikes.createdAt }).from(productLikes).innerJoin(products, eq(products.id, productLikes.productId)).where(eq(productLikes.userId, userId)),
    db.select({ id: userPhotos.id, photoType: userPhotos.photoType, originalFilename: userPhotos.originalFilename, fileSize: userPhotos.fileSize, mimeType: userPhotos.mimeType, createdAt: userPhotos.createdAt }).from(userPhotos).where(eq(userPhotos.userId, userId)),
    db.select({ id: aiGenerations.id, status: aiGenerations.status, model: aiGenerations.model, error: aiGenerations.error, productId: aiGenerations.productId, createdAt: aiGenerations.createdAt, finishedAt: aiGenerations.finishedAt }).from(aiGenerations).where(eq(aiGenerations.userId, userId)),
    db.select({ id: tryonResults.id, generationId: tryonResults.generationId, productId: tryonResults.productId, createdAt: tryonResults.createdAt }).from(tryonResults).where(eq(tryonResults.userId, userId)),
    db.select().from(userRunwareSettings).where(eq(userRunwareSettings.userId, userId)),
    db.select({ id: styleCollections.id, name: styleCollections.name, createdAt: styleCollections.createdAt }).from(styleCollections).where(eq(styleCollections.userId, userId)),
  ])
  const items = collections.length ? await db.select().from(styleCollectionItems).where(inArray(styleCollectionItems.collectionId, collections.map((c) => c.id))) : []
  const s = settings[0]
  return {
    productLikes: likedProducts.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    photos: photos.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    generations: generations.map((x) => ({ ...x, createdAt: iso(x.createdAt), finishedAt: iso(x.finishedAt) })),
    savedResults: results.map((x) => ({ ...x, createdAt: iso(x.createdAt) })),
    styleCollections: collections.map((c) => ({ ...c, createdAt: iso(c.createdAt), resultIds: items.filter((i) => i.collectionId === c.id).map((i) => i.resultId) })),
    tryOnSettings: s ? { model: s.model, width: s.width, height: s.height, numberResults: s.numberResults, outputFormat: s.outputFormat, promptTemplate: s.promptTemplate, customJson: s.customJson } : null,
  }
}

/**
 * A personal data export (spec part 2 §2 /export, PRODUCT.md §3): everything stored about the
 * signed-in user and nothing of anyone else's beyond a username (decision 0018), in format
 * version 3.0.0, without any image URL.
 */
export async function exportUserData(p: Platform, userId: string) {
  const [account, commerce, social, tryOn] = await Promise.all([accountSection(p.db, userId), commerceSection(p.db, userId), socialSection(p.db, userId), tryOnSection(p.db, userId)])
  return { version: EXPORT_VERSION, exportedAt: new Date().toISOString(), ...account, ...social, ...commerce, ...tryOn }
}
