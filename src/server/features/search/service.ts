import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm'
import type { SearchResults } from '~/shared/social/schemas'
import type { Db } from '../../db/client'
import { postImages, posts, products, profiles, recentSearches } from '../../db/schema'
import { listed } from '../products'
import { userCards } from '../profiles'

const PEOPLE_LIMIT = 10
const PRODUCTS_LIMIT = 12
const POSTS_LIMIT = 12
const MAX_WORDS = 5
const RECENT_KEPT = 10

/** The words of a query as ILIKE patterns (`%word%`, wildcards escaped), at most five. */
export function wordPatterns(q: string) {
  return q
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((w) => `%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`)
}

/** The text a result is found by, exactly as products_/profiles_search_text_trgm_idx index it. */
const productText = sql`(${products.name} || ' ' || ${products.brand})`
const personText = sql`(coalesce(${profiles.username}, '') || ' ' || coalesce(${profiles.displayName}, ''))`

/** Every word matches at least one of `columns` (each word uses the trigram index of a column). */
const allWordsIn = (patterns: string[], columns: Parameters<typeof ilike>[0][]) => and(...patterns.map((p) => or(...columns.map((col) => ilike(col, p)))))

/** People by part of their username or name, then products by name or brand, then posts by caption. */
export async function search(db: Db, q: string): Promise<SearchResults> {
  const patterns = wordPatterns(q)
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`
  const [people, productRows, postRows] = await Promise.all([
    // Usernames that start with the query first, then the shortest.
    db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(allWordsIn(patterns, [personText]))
      .orderBy(sql`${profiles.username} ilike ${prefix} desc`, sql`length(${profiles.username})`, profiles.username)
      .limit(PEOPLE_LIMIT),
    // Newest first, in the order of products_created_idx: for a common word the scan stops after a
    // few rows; for a rare one the trigram index (products_search_text_trgm_idx) finds them.
    db
      .select({ id: products.id, name: products.name, brand: products.brand, price: products.price, imageUrl: products.imageUrl })
      .from(products)
      .where(and(listed, allWordsIn(patterns, [productText])))
      .orderBy(desc(products.createdAt), desc(products.id))
      .limit(PRODUCTS_LIMIT),
    db
      .select({ id: posts.id, caption: posts.caption, userId: posts.userId })
      .from(posts)
      .where(allWordsIn(patterns, [posts.caption]))
      .orderBy(desc(posts.createdAt), posts.id)
      .limit(POSTS_LIMIT),
  ])
  const postIds = postRows.map((r) => r.id)
  const [cards, images] = await Promise.all([
    userCards(db, [...people.map((r) => r.userId), ...postRows.map((r) => r.userId)]),
    postIds.length
      ? db
          .selectDistinctOn([postImages.postId], { postId: postImages.postId, imageUrl: postImages.imageUrl })
          .from(postImages)
          .where(inArray(postImages.postId, postIds))
          .orderBy(postImages.postId, postImages.imageOrder)
      : Promise.resolve([]),
  ])
  const imageBy = new Map(images.map((i) => [i.postId, i.imageUrl]))
  return {
    people: people.flatMap((r) => cards.get(r.userId) ?? []),
    products: productRows,
    posts: postRows.flatMap((r) => {
      const user = cards.get(r.userId)
      return user ? [{ id: r.id, caption: r.caption, imageUrl: imageBy.get(r.id) ?? null, user }] : []
    }),
  }
}

/** Remembers a search of the signed-in user (newest first, the last ten kept). */
export async function rememberSearch(db: Db, me: string, query: string) {
  await db
    .insert(recentSearches)
    .values({ userId: me, query })
    .onConflictDoUpdate({ target: [recentSearches.userId, recentSearches.query], set: { searchedAt: sql`now()` } })
  await db.execute(sql`
    delete from ${recentSearches} where ${recentSearches.userId} = ${me} and ${recentSearches.query} not in (
      select ${recentSearches.query} from ${recentSearches} where ${recentSearches.userId} = ${me} order by ${recentSearches.searchedAt} desc limit ${RECENT_KEPT}
    )`)
}

export async function recentSearchesOf(db: Db, me: string) {
  const rows = await db.select({ query: recentSearches.query }).from(recentSearches).where(eq(recentSearches.userId, me)).orderBy(desc(recentSearches.searchedAt)).limit(RECENT_KEPT)
  return rows.map((r) => r.query)
}

export async function clearRecentSearches(db: Db, me: string, query?: string) {
  await db.delete(recentSearches).where(and(eq(recentSearches.userId, me), query ? eq(recentSearches.query, query) : undefined))
}
