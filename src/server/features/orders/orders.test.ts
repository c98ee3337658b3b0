import { describe, expect, it } from 'vitest'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { AddressListSchema, CartSchema, OrderDetailSchema, OrderListSchema } from '~/shared/marketplace/schemas'
import { MM, MT } from '~/shared/marketplace/messages'
import { orderInput, TEST_SHIPPING } from '../../test/checkout'
import type { CatalogueProduct } from '../products'
import { withCatalogueApp } from '../../test/with-test-app'

const { t, catalogue } = withCatalogueApp()

const shipping = TEST_SHIPPING
const order = orderInput
const add = (cookie: string, p: CatalogueProduct, quantity: number) =>
  t.request('/api/cart/items', { body: { productId: p.id, size: p.sizes.find((s) => s.available)!.name, color: p.colors[0]!.name, quantity }, cookie, schema: CartSchema })

describe('placing an order', () => {
  it('creates it from the selected lines with server-side totals and clears them', async () => {
    const u = await t.signUp()
    const [a, b, c] = [catalogue[10]!, catalogue[11]!, catalogue[12]!]
    await add(u.cookie, a, 2)
    await add(u.cookie, b, 1)
    const cart = (await add(u.cookie, c, 1)).json
    const idC = cart.items.find((i) => i.productId === c.id)!.id
    await t.request(`/api/cart/items/${idC}`, { method: 'PATCH', body: { selected: false }, cookie: u.cookie })

    const res = await t.request('/api/orders', { body: order(), cookie: u.cookie, schema: OrderDetailSchema })
    expect(res.status, res.text).toBe(201)
    const o = res.json
    const subtotal = Math.round(a.price * 200 + b.price * 100) / 100
    expect(o).toMatchObject({ status: 'pending', quantity: 3, subtotal, shipping: 9.9, total: Math.round((subtotal + 9.9) * 100) / 100 })
    expect(o.orderNumber).toMatch(/^#\d{9}$/)
    expect(o.trackingNumber).toMatch(/^DRP[A-Z0-9]{10}$/)
    expect(o.deliveryAddress).toContain('1 Rue de Rivoli')
    expect(o.items.map((i) => [i.name, i.quantity, i.price]).sort()).toEqual([[a.name, 2, a.price], [b.name, 1, b.price]].sort())

    const left = (await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json
    expect(left.items.map((i) => i.productId)).toEqual([c.id])
    expect((await t.request('/api/orders?status=pending', { cookie: u.cookie, schema: OrderListSchema })).json.items.map((x) => x.id)).toEqual([o.id])
  })

  it('free shipping adds nothing; totals ignore any amount the client sends', async () => {
    const u = await t.signUp()
    await add(u.cookie, catalogue[13]!, 1)
    const cheat = await t.request('/api/orders', { body: { ...order({ shippingMethod: 'free' }), total: 0.01 }, cookie: u.cookie })
    expect(cheat.status).toBe(400)
    const o = (await t.request('/api/orders', { body: order({ shippingMethod: 'free' }), cookie: u.cookie, schema: OrderDetailSchema })).json
    expect(o.shipping).toBe(0)
    expect(o.total).toBe(catalogue[13]!.price)
  })

  it('refuses an empty selection, missing required fields and terms not agreed', async () => {
    const u = await t.signUp()
    const empty = await t.request('/api/orders', { body: order(), cookie: u.cookie, schema: ApiErrorSchema })
    expect(empty.status).toBe(400)
    expect(empty.json.error.message).toBe(MT.noSelectedItems)
    await add(u.cookie, catalogue[14]!, 1)
    const missing = await t.request('/api/orders', { body: order({ shipping: { ...shipping, lastName: '', zipCode: '', phoneNumber: '' } }), cookie: u.cookie, schema: ApiErrorSchema })
    expect(missing.status).toBe(400)
    expect(missing.json.error.fields).toMatchObject({ 'shipping.lastName': MM.fieldRequired, 'shipping.zipCode': MM.fieldRequired, 'shipping.phoneNumber': MM.fieldRequired })
    const terms = await t.request('/api/orders', { body: { ...order(), agreeToTerms: false }, cookie: u.cookie, schema: ValidationErrorSchema })
    expect(terms.status).toBe(400)
    expect(terms.json.error.fields.agreeToTerms).toBeTruthy()
    const method = await t.request('/api/orders', { body: { ...order(), shippingMethod: 'teleport' }, cookie: u.cookie })
    expect(method.status).toBe(400)
    expect((await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json.items).toHaveLength(1)
  })

  it('can save the shipping address to the address book', async () => {
    const u = await t.signUp()
    await add(u.cookie, catalogue[15]!, 1)
    await t.request('/api/orders', { body: order({ saveAddress: true }), cookie: u.cookie })
    const list = (await t.request('/api/addresses', { cookie: u.cookie, schema: AddressListSchema })).json.items
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ name: 'Ada Lovelace', isDefault: true, phone: shipping.phoneNumber })
  })
})

describe('orders', () => {
  it('a pending order can be cancelled once; it then shows under cancelled', async () => {
    const u = await t.signUp()
    await add(u.cookie, catalogue[16]!, 1)
    const o = (await t.request('/api/orders', { body: order(), cookie: u.cookie, schema: OrderDetailSchema })).json
    const cancelled = await t.request(`/api/orders/${o.id}/cancel`, { method: 'POST', cookie: u.cookie, schema: OrderDetailSchema })
    expect(cancelled.json.status).toBe('cancelled')
    const again = await t.request(`/api/orders/${o.id}/cancel`, { method: 'POST', cookie: u.cookie, schema: ApiErrorSchema })
    expect(again.status).toBe(409)
    expect(again.json.error.message).toBe(MT.orderCannotBeCancelled)
    expect((await t.request('/api/orders?status=pending', { cookie: u.cookie, schema: OrderListSchema })).json.items).toEqual([])
    expect((await t.request('/api/orders?status=cancelled', { cookie: u.cookie, schema: OrderListSchema })).json.items).toHaveLength(1)
    expect((await t.request('/api/orders?status=shipped', { cookie: u.cookie })).status).toBe(400)
  })

  it("one user cannot see or cancel another user's orders", async () => {
    const a = await t.signUp()
    const b = await t.signUp()
    await add(a.cookie, catalogue[17]!, 1)
    const o = (await t.request('/api/orders', { body: order(), cookie: a.cookie, schema: OrderDetailSchema })).json
    expect((await t.request(`/api/orders/${o.id}`, { cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/orders/${o.id}/cancel`, { method: 'POST', cookie: b.cookie })).status).toBe(404)
    expect((await t.request('/api/orders?status=pending', { cookie: b.cookie, schema: OrderListSchema })).json.items).toEqual([])
    expect((await t.request(`/api/orders/${o.id}`, { cookie: a.cookie, schema: OrderDetailSchema })).json.status).toBe('pending')
    expect((await t.request(`/api/orders/${o.id}`)).status).toBe(401)
  })
})
