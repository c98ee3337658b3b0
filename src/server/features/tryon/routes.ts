import { Hono } from 'hono'
import { z } from 'zod'
import {
  AddToCollectionSchema,
  CollectionSchema,
  CreateCollectionSchema,
  GenerationSchema,
  HistoryRowSchema,
  PostedResultSchema,
  PostToFeedSchema,
  type ProductSummary,
  ProductSummarySchema,
  SaveResultSchema,
  StartTryOnSchema,
  TryOnResultSchema,
  UuidParamSchema,
} from '~/shared/tryon/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { addToCollection, createCollection, listCollections } from './collections'
import { generationHistory, getGeneration, listGenerations, startGeneration } from './generations'
import { likedProducts } from '../likes'
import { deleteResult, listResults, postToFeed, saveResult } from './results'

const tags = ['tryon']
const RecentQuerySchema = z.strictObject({ limit: z.coerce.number().int().min(1).max(50).default(12) })

export function tryonRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .post('/tryon/generations', describe({ summary: 'Start a virtual try-on (queued; follow it on /api/events or by polling)', tags, auth: true, response: GenerationSchema }), json(StartTryOnSchema), async (c) => {
      const generation = await startGeneration(p, requireUser(c), c.req.valid('json'))
      return c.json({ ...generation, generationId: generation.id }, 202)
    })
    .get('/tryon/generations', describe({ summary: 'My recent generations, newest first', tags, auth: true, response: z.array(GenerationSchema) }), query(RecentQuerySchema), async (c) => {
      return c.json(await listGenerations(p, requireUser(c).id, c.req.valid('query').limit))
    })
    .get('/tryon/generations/:id', describe({ summary: 'One of my generations (status, output_url, error)', tags, auth: true, response: GenerationSchema }), params(UuidParamSchema), async (c) => {
      return c.json(await getGeneration(p, requireUser(c).id, c.req.valid('param').id))
    })
    .get('/tryon/history', describe({ summary: 'My generation history, newest first, at most 50', tags, auth: true, response: z.array(HistoryRowSchema) }), async (c) => {
      return c.json(await generationHistory(p, requireUser(c).id))
    })
    .get('/tryon/results', describe({ summary: 'My saved results with their product', tags, auth: true, response: z.array(TryOnResultSchema) }), async (c) => {
      return c.json(await listResults(p, requireUser(c).id))
    })
    .post('/tryon/results', describe({ summary: 'Save a result of one of my generations', tags, auth: true, response: TryOnResultSchema }), json(SaveResultSchema), async (c) => {
      const { generationId, resultUrl } = c.req.valid('json')
      const { result, created } = await saveResult(p, requireUser(c).id, generationId, resultUrl)
      return c.json(result, created ? 201 : 200)
    })
    .delete('/tryon/results/:id', describe({ summary: 'Delete one of my saved results', tags, auth: true }), params(UuidParamSchema), async (c) => {
      await deleteResult(p, requireUser(c).id, c.req.valid('param').id)
      return c.body(null, 204)
    })
    .post('/tryon/posts', describe({ summary: 'Post a result of one of my generations to the feed', tags, auth: true, response: PostedResultSchema }), json(PostToFeedSchema), async (c) => {
      const { generationId, resultUrl, caption } = c.req.valid('json')
      return c.json(await postToFeed(p, requireUser(c).id, generationId, resultUrl, caption), 201)
    })
    .get('/tryon/liked', describe({ summary: 'Products I liked (garment picker)', tags, auth: true, response: z.array(ProductSummarySchema) }), async (c) => {
      const liked = await likedProducts(p.db, requireUser(c).id)
      return c.json(liked.map(({ id, name, brand, imageUrl, price }): ProductSummary => ({ id, name, brand, imageUrl, price })))
    })
    .get('/tryon/collections', describe({ summary: 'My style collections', tags, auth: true, response: z.array(CollectionSchema) }), async (c) => {
      return c.json(await listCollections(p, requireUser(c).id))
    })
    .post('/tryon/collections', describe({ summary: 'Create a style collection', tags, auth: true, response: CollectionSchema }), json(CreateCollectionSchema), async (c) => {
      return c.json(await createCollection(p, requireUser(c).id, c.req.valid('json').name), 201)
    })
    .post('/tryon/collections/:id/items', describe({ summary: 'Add a saved result to one of my collections', tags, auth: true, response: CollectionSchema }), params(UuidParamSchema), json(AddToCollectionSchema), async (c) => {
      return c.json(await addToCollection(p, requireUser(c).id, c.req.valid('param').id, c.req.valid('json').resultId))
    })
}
