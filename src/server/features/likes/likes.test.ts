import { describe, expect, it } from 'vitest'
import { LikedIdsSchema, LikeStateSchema, ProductDetailSchema, ProductListSchema, ProductPageSchema } from '~/shared/marketplace/schemas'
import { withCatalogueApp } from '../../test/with-test-app'

const { t, catalogue } = withCatalogueApp()

describe('product likes', () => {
  it('need a session', async () => {
    const res = await t.request(`/api/products/${catalogue[0]!.id}/like`, { method: 'PUT' })
    expect(res.status).toBe(401)
    expect((await t.request('/api/likes/products')).status).toBe(401)
  })

  it('are per user: liking shows in my listing, wishlist and ids only', async () => {
    const a = await t.signUp()
    const b = await t.signUp()
    const [p1, p2] = [catalogue[0]!, catalogue[1]!]
    expect((await t.request(`/api/products/${p1.id}/like`, { method: 'PUT', cookie: a.cookie, schema: LikeStateSchema })).json).toEqual({ liked: true })
    expect((await t.request(`/api/products/${p1.id}/like`, { method: 'PUT', cookie: a.cookie, schema: LikeStateSchema })).json).toEqual({ liked: true })
    await t.request(`/api/products/${p2.id}/like`, { method: 'PUT', cookie: a.cookie })

    expect((await t.request('/api/likes', { cookie: a.cookie, schema: LikedIdsSchema })).json.ids.sort()).toEqual([p1.id, p2.id].sort())
    expect((await t.request('/api/likes', { cookie: b.cookie, schema: LikedIdsSchema })).json.ids).toEqual([])
    const wishlist = (await t.request('/api/likes/products', { cookie: a.cookie, schema: ProductListSchema })).json.items
    expect(wishlist.map((i) => i.id)).toEqual([p2.id, p1.id])

    const asA = (await t.request('/api/products?limit=2', { cookie: a.cookie, schema: ProductPageSchema })).json.items
    expect(asA.map((i) => i.liked)).toEqual([true, true])
    const asB = (await t.request('/api/products?limit=2', { cookie: b.cookie, schema: ProductPageSchema })).json.items
    expect(asB.map((i) => i.liked)).toEqual([false, false])
    expect((await t.request(`/api/products/${p1.id}`, { cookie: b.cookie, schema: ProductDetailSchema })).json.liked).toBe(false)

    // B unliking A's product changes nothing for A.
    await t.request(`/api/products/${p1.id}/like`, { method: 'DELETE', cookie: b.cookie })
    expect((await t.request('/api/likes', { cookie: a.cookie, schema: LikedIdsSchema })).json.ids).toContain(p1.id)
    expect((await t.request(`/api/products/${p1.id}/like`, { method: 'DELETE', cookie: a.cookie, schema: LikeStateSchema })).json).toEqual({ liked: false })
    expect((await t.request('/api/likes', { cookie: a.cookie, schema: LikedIdsSchema })).json.ids).toEqual([p2.id])
  })

  it('a missing product is a 404', async () => {
    const a = await t.signUp()
    const res = await t.request('/api/products/00000000-0000-4000-8000-000000000000/like', { method: 'PUT', cookie: a.cookie })
    expect(res.status).toBe(404)
  })
})
