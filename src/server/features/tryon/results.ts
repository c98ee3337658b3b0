import { and, desc, eq } from 'drizzle-orm'
import { T } from '~/shared/tryon/messages'
import { DEFAULT_POST_CAPTION, type TryOnResult } from '~/shared/tryon/schemas'
import { aiGenerations, products, tryonResults } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { badRequest, notFound } from '../../http/errors'
import type { Platform } from '../../platform'
import { FILES_PREFIX } from '../../platform/storage'
import { storePostImage } from '../posts'
import { createPost } from '../posts'
import { keyOf } from './generations'

/** One of the user's own succeeded generations and the chosen output (the first by default), or a 400 with `missing`. */
async function succeededOutput(p: Platform, userId: string, generationId: string, resultUrl: string | undefined, missing: string) {
  const [gen] = await p.db
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, generationId), eq(aiGenerations.userId, userId)))
    .limit(1)
  if (!gen) throw notFound('Generation not found.')
  const url = resultUrl ?? gen.outputUrl
  if (gen.status !== 'succeeded' || !url || !gen.outputUrls.includes(url)) throw badRequest(missing)
  return { gen, url }
}

const resultColumns = {
  id: tryonResults.id,
  generationId: tryonResults.generationId,
  productId: tryonResults.productId,
  basePhotoUrl: tryonResults.basePhotoUrl,
  productPhotoUrl: tryonResults.productPhotoUrl,
  resultUrl: tryonResults.resultUrl,
  createdAt: tryonResults.createdAt,
  // Null as a whole when the result has no product (left join).
  product: { id: products.id, name: products.name, brand: products.brand, imageUrl: products.imageUrl },
}
const selectResults = (p: Platform) => p.db.select(resultColumns).from(tryonResults).leftJoin(products, eq(products.id, tryonResults.productId))
type ResultRow = Awaited<ReturnType<typeof selectResults>>[number]

const toResult = (r: ResultRow): TryOnResult => ({
  id: r.id,
  generationId: r.generationId,
  productId: r.productId,
  basePhotoUrl: r.basePhotoUrl,
  productPhotoUrl: r.productPhotoUrl,
  resultUrl: r.resultUrl,
  createdAt: r.createdAt.toISOString(),
  product: r.product,
})

/** The user's saved results with their product, newest first. */
export async function listResults(p: Platform, userId: string) {
  const rows = await selectResults(p)
    .where(eq(tryonResults.userId, userId))
    .orderBy(desc(tryonResults.createdAt))
    .limit(200)
  return rows.map(toResult)
}

/** Saves one output of the user's own succeeded generation (once; saving again returns the same result). */
export async function saveResult(p: Platform, userId: string, generationId: string, resultUrl?: string) {
  const { gen, url } = await succeededOutput(p, userId, generationId, resultUrl, T.missingDataToSave)
  const [existing] = await p.db
    .select({ id: tryonResults.id })
    .from(tryonResults)
    .where(and(eq(tryonResults.userId, userId), eq(tryonResults.generationId, gen.id), eq(tryonResults.resultUrl, url)))
    .limit(1)
  const id =
    existing?.id ??
    oneRow(
      await p.db
        .insert(tryonResults)
        .values({
          userId,
          generationId: gen.id,
          productId: gen.productId,
          basePhotoUrl: p.storage.url(keyOf(gen.subjectBucket, gen.subjectPath)),
          productPhotoUrl: p.storage.url(keyOf(gen.garmentBucket, gen.garmentPath)),
          resultUrl: url,
        })
        .returning({ id: tryonResults.id }),
    ).id
  const row = oneRow(await selectResults(p).where(eq(tryonResults.id, id)))
  return { result: toResult(row), created: !existing }
}

/** Deletes one of the user's saved results (the generation and its image stay in the history). */
export async function deleteResult(p: Platform, userId: string, id: string) {
  const [row] = await p.db
    .delete(tryonResults)
    .where(and(eq(tryonResults.id, id), eq(tryonResults.userId, userId)))
    .returning({ id: tryonResults.id })
  if (!row) throw notFound('Saved result not found.')
}

/**
 * Posts an output of the user's own generation to the feed: the image is copied into the public
 * posts bucket (outputs stay private), then the posts feature publishes it (counts, mentions).
 */
export async function postToFeed(p: Platform, userId: string, generationId: string, resultUrl: string | undefined, caption: string | undefined) {
  const { url } = await succeededOutput(p, userId, generationId, resultUrl, T.noImageToPost)
  const object = await p.storage.get(url.slice(FILES_PREFIX.length))
  if (!object) throw badRequest(T.noImageToPost)
  const image = await storePostImage(p, userId, object.body)
  const post = await createPost(p, userId, { caption: caption || DEFAULT_POST_CAPTION, imageUrls: [image.url] })
  return { postId: post.id, imageUrl: image.url }
}
