import { Hono } from 'hono'
import { z } from 'zod'
import { RecentSearchesSchema, RecentSearchSchema, SEARCH_MAX_LENGTH, SearchQuerySchema, SearchResultsSchema } from '~/shared/social/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { clearRecentSearches, recentSearchesOf, rememberSearch, search } from './service'

const ClearQuerySchema = z.strictObject({ query: z.string().trim().min(1).max(SEARCH_MAX_LENGTH).optional() })

export function searchRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/search', describe({ summary: 'Search people, products and posts', tags: ['search'], response: SearchResultsSchema }), query(SearchQuerySchema), async (c) => {
      return c.json(await search(p.db, c.req.valid('query').q))
    })
    .get('/search/recent', describe({ summary: 'Your recent searches, newest first', tags: ['search'], auth: true, response: RecentSearchesSchema }), async (c) => {
      return c.json({ queries: await recentSearchesOf(p.db, requireUser(c).id) })
    })
    .post('/search/recent', describe({ summary: 'Remember a search', tags: ['search'], auth: true, response: RecentSearchesSchema }), json(RecentSearchSchema), async (c) => {
      const me = requireUser(c).id
      await rememberSearch(p.db, me, c.req.valid('json').query)
      return c.json({ queries: await recentSearchesOf(p.db, me) })
    })
    .delete('/search/recent', describe({ summary: 'Forget one recent search, or all of them', tags: ['search'], auth: true, response: RecentSearchesSchema }), query(ClearQuerySchema), async (c) => {
      const me = requireUser(c).id
      await clearRecentSearches(p.db, me, c.req.valid('query').query)
      return c.json({ queries: await recentSearchesOf(p.db, me) })
    })
}
