import { describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '~/shared/api'
import { CartSchema, OrderDetailSchema } from '~/shared/marketplace/schemas'
import { MAX_QUANTITY } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import { colorImageSet, PRODUCT_IMAGE_DEFAULT_WIDTH, productImageKey } from '~/shared/marketplace/images'
import { orderInput } from '../../test/checkout'
import type { CatalogueProduct } from '../products'
import { withCatalogueApp } from '../../test/with-test-app'

const { t, catalogue } = withCatalogueApp()

const availableSize = (p: CatalogueProduct) => p.sizes.find((s) => s.available)!.name
const line = (p: CatalogueProduct, quantity = 1) => ({ productId: p.id, size: availableSize(p), color: p.colors[0]!.name, quantity })

describe('cart', () => {
  it("shows each line with its chosen colour's image, and the order keeps it", async () => {
    const u = await t.signUp()
    const p = catalogue.find((c) => c.colors.length > 1)!
    const [first, second] = p.colors
    for (const color of [first!.name, second!.name]) await t.request('/api/cart/items', { body: { ...line(p), color }, cookie: u.cookie })
    const cart = (await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json
    const imageOf = (items: { color: string; image: string }[], color: string) => items.find((i) => i.color === color)!.image
    expect(imageOf(cart.items, first!.name)).toBe(t.platform.storage.url(productImageKey(p.id, PRODUCT_IMAGE_DEFAULT_WIDTH)))
    expect(imageOf(cart.items, second!.name)).toBe(t.platform.storage.url(productImageKey(colorImageSet(p.id, p.colors, second!.name), PRODUCT_IMAGE_DEFAULT_WIDTH)))
    const placed = (await t.request('/api/orders', { body: orderInput(), cookie: u.cookie, schema: OrderDetailSchema })).json
    expect(imageOf(placed.items, second!.name)).toBe(imageOf(cart.items, second!.name))
    expect(imageOf(placed.items, first!.name)).not.toBe(imageOf(placed.items, second!.name))
  })

  it('adds the chosen size and colour at the catalogue price; the same line adds up', async () => {
    const u = await t.signUp()
    const p = catalogue[5]!
    const first = await t.request('/api/cart/items', { body: line(p, 2), cookie: u.cookie })
    expect(first.status).toBe(201)
    const again = await t.request('/api/cart/items', { body: line(p, 1), cookie: u.cookie, schema: CartSchema })
    const cart = again.json
    expect(cart.items).toHaveLength(1)
    expect(cart.items[0]).toMatchObject({ productId: p.id, size: availableSize(p), color: p.colors[0]!.name, quantity: 3, price: p.price, selected: true })
    expect(cart.subtotal).toBe(Math.round(p.price * 300) / 100)
  })

  it('refuses a price from the client, bad quantities, unknown sizes and colours', async () => {
    const u = await t.signUp()
    const p = catalogue[6]!
    const cases: [unknown, string][] = [
      [{ ...line(p), price: 0.01 }, 'price'],
      [line(p, 0), 'quantity'],
      [line(p, MAX_QUANTITY + 1), 'quantity'],
      [line(p, 1.5), 'quantity'],
      [{ ...line(p), size: 'XXXL' }, 'size'],
      [{ ...line(p), size: undefined }, 'size'],
      [{ ...line(p), productId: 'nope' }, 'productId'],
    ]
    for (const [body, field] of cases) {
      const res = await t.request('/api/cart/items', { body, cookie: u.cookie, schema: ApiErrorSchema })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(res.json.error.fields ?? { _: 1 }).join(), JSON.stringify(body)).toMatch(field === 'price' ? /_|price/ : new RegExp(field))
    }
    const badColor = await t.request('/api/cart/items', { body: { ...line(p), color: 'Chartreuse' }, cookie: u.cookie, schema: ApiErrorSchema })
    expect(badColor.json.error.message).toBe(MT.colorUnavailable)
    const sold = catalogue.find((c) => c.sizes.some((s) => !s.available))!
    const soldOut = await t.request('/api/cart/items', { body: { ...line(sold), size: sold.sizes.find((s) => !s.available)!.name }, cookie: u.cookie, schema: ApiErrorSchema })
    expect(soldOut.json.error.message).toBe(MT.sizeUnavailable)
    expect((await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json.items).toEqual([])
  })

  it('quantity never goes below 1; selection changes the subtotal', async () => {
    const u = await t.signUp()
    const [a, b] = [catalogue[7]!, catalogue[8]!]
    await t.request('/api/cart/items', { body: line(a), cookie: u.cookie })
    const cart = (await t.request('/api/cart/items', { body: line(b, 2), cookie: u.cookie, schema: CartSchema })).json
    const idA = cart.items.find((i) => i.productId === a.id)!.id
    const zero = await t.request(`/api/cart/items/${idA}`, { method: 'PATCH', body: { quantity: 0 }, cookie: u.cookie })
    expect(zero.status).toBe(400)
    const unselected = (await t.request(`/api/cart/items/${idA}`, { method: 'PATCH', body: { selected: false }, cookie: u.cookie, schema: CartSchema })).json
    expect(unselected.subtotal).toBe(Math.round(b.price * 200) / 100)
    expect(unselected.selectedCount).toBe(2)
    const none = (await t.request('/api/cart/selection', { method: 'PUT', body: { selected: false }, cookie: u.cookie, schema: CartSchema })).json
    expect(none.subtotal).toBe(0)
  })

  it("one user cannot see, change or remove another user's lines", async () => {
    const a = await t.signUp()
    const b = await t.signUp()
    const cart = (await t.request('/api/cart/items', { body: line(catalogue[9]!), cookie: a.cookie, schema: CartSchema })).json
    const id = cart.items[0]!.id
    expect((await t.request('/api/cart', { cookie: b.cookie, schema: CartSchema })).json.items).toEqual([])
    expect((await t.request(`/api/cart/items/${id}`, { method: 'PATCH', body: { quantity: 5 }, cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/cart/items/${id}`, { method: 'DELETE', cookie: b.cookie })).status).toBe(404)
    await t.request('/api/cart/selection', { method: 'PUT', body: { selected: false }, cookie: b.cookie })
    const still = (await t.request('/api/cart', { cookie: a.cookie, schema: CartSchema })).json
    expect(still.items[0]).toMatchObject({ id, quantity: 1, selected: true })
    expect((await t.request(`/api/cart/items/${id}`, { method: 'DELETE', cookie: a.cookie, schema: CartSchema })).json.items).toEqual([])
    expect((await t.request('/api/cart')).status).toBe(401)
  })
})
