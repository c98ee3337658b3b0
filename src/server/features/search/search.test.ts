import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RecentSearchesSchema, SearchResultsSchema } from '~/shared/social/schemas'
import { ApiErrorSchema } from '~/shared/api'
import { products } from '../../db/schema'
import { createTestApp, type TestApp } from '../../test/harness'
import { socialUser } from '../../test/social'
import { wordPatterns } from './service'

let t: TestApp
let me: Awaited<ReturnType<typeof socialUser>>
let target: Awaited<ReturnType<typeof socialUser>>

const search = async (q: string) => (await t.request(`/api/search?q=${encodeURIComponent(q)}`, { schema: SearchResultsSchema })).json

beforeAll(async () => {
  t = await createTestApp()
  me = await socialUser(t, 'searcher')
  target = await socialUser(t, 'marigold')
  await t.platform.db.insert(products).values([
    { name: 'Silk Slip Dress', brand: 'Aurelia', category: 'Dresses', price: 120, imageUrl: '/api/files/products/1.webp' },
    { name: 'Linen Shirt', brand: 'Nordvik', category: 'Tops', price: 60, imageUrl: '/api/files/products/2.webp' },
    { name: '100% Cotton Tee', brand: 'Basic', category: 'Tops', price: 20, imageUrl: '/api/files/products/3.webp' },
  ])
})
afterAll(() => t.close())

describe('search', () => {
  it('finds people by part of the username and products by a word of the name, case-insensitively', async () => {
    const people = await search('RIGOL')
    expect(people.people.map((p: { id: string }) => p.id)).toEqual([target.id])
    const dress = await search('slip')
    expect(dress.products.map((p: { name: string }) => p.name)).toEqual(['Silk Slip Dress'])
    expect((await search('linen nordvik')).products.map((p: { name: string }) => p.name)).toEqual(['Linen Shirt'])
    expect((await search('linen aurelia')).products).toEqual([])
  })

  it('treats % and _ literally', async () => {
    expect((await search('%')).products.map((p: { name: string }) => p.name)).toEqual(['100% Cotton Tee'])
    expect(wordPatterns('a_b 50%')).toEqual(['%a\\_b%', '%50\\%%'])
  })

  it('needs a query, and remembers recent searches per user', async () => {
    const empty = await t.request('/api/search?q=', { schema: ApiErrorSchema })
    expect(empty.status).toBe(400)
    expect(empty.json.error.code).toBe('validation_failed')
    await t.request('/api/search/recent', { cookie: me.cookie, body: { query: 'slip' } })
    await t.request('/api/search/recent', { cookie: me.cookie, body: { query: 'linen' } })
    const saved = await t.request('/api/search/recent', { cookie: me.cookie, body: { query: 'slip' }, schema: RecentSearchesSchema })
    expect(saved.json.queries).toEqual(['slip', 'linen'])
    expect((await t.request('/api/search/recent', { cookie: target.cookie, schema: RecentSearchesSchema })).json.queries).toEqual([])
    for (let i = 0; i < 12; i++) await t.request('/api/search/recent', { cookie: me.cookie, body: { query: `q${i}` } })
    expect((await t.request('/api/search/recent', { cookie: me.cookie, schema: RecentSearchesSchema })).json.queries).toHaveLength(10)
    const cleared = await t.request('/api/search/recent', { cookie: me.cookie, method: 'DELETE', schema: RecentSearchesSchema })
    expect(cleared.json.queries).toEqual([])
    expect((await t.request('/api/search/recent', { body: { query: 'x' } })).status).toBe(401)
  })
})
