import { and, desc, eq, sql } from 'drizzle-orm'
import type { Collection } from '~/shared/tryon/schemas'
import { styleCollectionItems, styleCollections, tryonResults } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { notFound } from '../../http/errors'
import type { Platform } from '../../platform'

/** The user's style collections with their item count and newest result as cover. */
export async function listCollections(p: Platform, userId: string): Promise<Collection[]> {
  // Qualified by hand: inside a select list drizzle renders a column without its table name.
  const collectionId = sql.raw('"style_collections"."id"')
  const rows = await p.db
    .select({
      id: styleCollections.id,
      name: styleCollections.name,
      createdAt: styleCollections.createdAt,
      itemCount: sql<number>`(select count(*)::int from ${styleCollectionItems} i where i.collection_id = ${collectionId})`,
      coverUrl: sql<string | null>`(select r.result_url from ${styleCollectionItems} i join ${tryonResults} r on r.id = i.result_id where i.collection_id = ${collectionId} order by i.created_at desc limit 1)`,
    })
    .from(styleCollections)
    .where(eq(styleCollections.userId, userId))
    .orderBy(desc(styleCollections.createdAt))
    .limit(100)
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }))
}

export async function createCollection(p: Platform, userId: string, name: string): Promise<Collection> {
  const row = oneRow(await p.db.insert(styleCollections).values({ userId, name }).returning())
  return { id: row.id, name: row.name, itemCount: 0, coverUrl: null, createdAt: row.createdAt.toISOString() }
}

/** Adds one of the user's saved results to one of the user's collections (idempotent). */
export async function addToCollection(p: Platform, userId: string, collectionId: string, resultId: string) {
  const [collection] = await p.db
    .select({ id: styleCollections.id })
    .from(styleCollections)
    .where(and(eq(styleCollections.id, collectionId), eq(styleCollections.userId, userId)))
  if (!collection) throw notFound('Collection not found.')
  const [result] = await p.db
    .select({ id: tryonResults.id })
    .from(tryonResults)
    .where(and(eq(tryonResults.id, resultId), eq(tryonResults.userId, userId)))
  if (!result) throw notFound('Saved result not found.')
  await p.db.insert(styleCollectionItems).values({ collectionId, resultId }).onConflictDoNothing()
  return oneRow((await listCollections(p, userId)).filter((c) => c.id === collectionId))
}
