import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { CartSchema, OrderDetailSchema, VoucherListSchema, VoucherQuoteSchema } from '~/shared/marketplace/schemas'
import { fromCents, toCents } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import { orders, voucherRedemptions, vouchers } from '../../db/schema'
import { orderInput } from '../../test/checkout'
import type { CatalogueProduct } from '../products'
import { redeemVoucher, VOUCHER_TRIES } from './service'
import { withCatalogueApp } from '../../test/with-test-app'

const { t, catalogue } = withCatalogueApp()

const order = (couponCode: string) => orderInput({ couponCode })
const add = (cookie: string, p: CatalogueProduct) => t.request('/api/cart/items', { body: { productId: p.id, size: p.sizes.find((s) => s.available)!.name, color: p.colors[0]!.name, quantity: 1 }, cookie })
const validate = <S extends z.core.$ZodType>(cookie: string, code: string, schema: S) => t.request('/api/vouchers/validate', { body: { code, shippingMethod: 'standard' }, cookie, schema })
const listOf = async (cookie: string) => (await t.request('/api/vouchers', { cookie, schema: VoucherListSchema })).json.items

async function personalVoucher(userId: string, over: Partial<typeof vouchers.$inferInsert> = {}) {
  const code = `TEST-${Math.random().toString(36).slice(2, 10).toUpperCase()}`
  await t.platform.db.insert(vouchers).values({ code, userId, title: 'Test voucher', percentOff: 30, ...over })
  return code
}

describe('the advertised public code DRAPE20', () => {
  it('validates against the selected lines, then the order stores it with a server-computed total', async () => {
    const u = await t.signUp()
    const p = catalogue[20]!
    await add(u.cookie, p)
    const subtotal = toCents(p.price)
    const discount = Math.round(subtotal * 0.2)

    const quote = await validate(u.cookie, '  drape20 ', VoucherQuoteSchema)
    expect(quote.status, quote.text).toBe(200)
    expect(quote.json).toEqual({
      code: 'DRAPE20',
      percentOff: 20,
      message: MT.voucherApplied('DRAPE20', 20, fromCents(discount)),
      subtotal: fromCents(subtotal),
      discount: fromCents(discount),
      shipping: 9.9,
      total: fromCents(subtotal - discount + 990),
    })

    const res = await t.request('/api/orders', { body: order('drape20'), cookie: u.cookie, schema: OrderDetailSchema })
    expect(res.status, res.text).toBe(201)
    const o = res.json
    expect(o).toMatchObject({ couponCode: 'DRAPE20', subtotal: fromCents(subtotal), discount: fromCents(discount), total: fromCents(subtotal - discount + 990) })
    expect((await t.request(`/api/orders/${o.id}`, { cookie: u.cookie, schema: OrderDetailSchema })).json).toMatchObject({ couponCode: 'DRAPE20', discount: fromCents(discount) })
    expect((await listOf(u.cookie)).find((v) => v.code === 'DRAPE20')).toMatchObject({ status: 'used', personal: false })

    // Once per user: a second order with it is refused, and nothing is ordered.
    await add(u.cookie, p)
    const again = await validate(u.cookie, 'DRAPE20', ValidationErrorSchema)
    expect([again.status, again.json.error.message, again.json.error.fields]).toEqual([400, MT.voucherUsed, { couponCode: MT.voucherUsed }])
    const second = await t.request('/api/orders', { body: order('DRAPE20'), cookie: u.cookie, schema: ApiErrorSchema })
    expect([second.status, second.json.error.message]).toEqual([400, MT.voucherUsed])
    expect((await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json.items).toHaveLength(1)

    // Another user still has it.
    const other = await t.signUp()
    expect((await listOf(other.cookie)).find((v) => v.code === 'DRAPE20')).toMatchObject({ status: 'available' })
  })

  it('cancelling the order gives the voucher back', async () => {
    const u = await t.signUp()
    await add(u.cookie, catalogue[21]!)
    const o = (await t.request('/api/orders', { body: order('DRAPE20'), cookie: u.cookie, schema: OrderDetailSchema })).json
    expect((await t.request(`/api/orders/${o.id}/cancel`, { method: 'POST', cookie: u.cookie })).status).toBe(200)
    await add(u.cookie, catalogue[21]!)
    expect((await validate(u.cookie, 'DRAPE20', VoucherQuoteSchema)).status).toBe(200)
  })
})

describe('refusals, each with its message on the coupon field', () => {
  it('unknown, another user’s personal code, expired, minimum not reached, empty selection', async () => {
    const u = await t.signUp()
    const stranger = await t.signUp()
    const expect400 = async (code: string, message: string) => {
      const res = await validate(u.cookie, code, ValidationErrorSchema)
      expect([res.status, res.json.error.message, res.json.error.fields.couponCode]).toEqual([400, message, message])
      const placed = await t.request('/api/orders', { body: order(code), cookie: u.cookie, schema: ApiErrorSchema })
      expect([placed.status, placed.json.error.message]).toEqual([400, message])
    }
    expect((await validate(u.cookie, 'DRAPE20', ApiErrorSchema)).json.error.message).toBe(MT.noSelectedItems)
    await add(u.cookie, catalogue[22]!)
    await expect400('NOPE-NOT-A-CODE', MT.voucherUnknown)
    // Someone else's personal voucher does not exist as far as this user can tell.
    await expect400(await personalVoucher(stranger.user.id), MT.voucherUnknown)
    await expect400(await personalVoucher(u.user.id, { expiresAt: new Date(Date.now() - 1000) }), MT.voucherExpired)
    const min = toCents(catalogue[22]!.price) + 100
    await expect400(await personalVoucher(u.user.id, { minSubtotalCents: min }), MT.voucherMinimum(fromCents(min)))
    expect((await t.request('/api/cart', { cookie: u.cookie, schema: CartSchema })).json.items).toHaveLength(1)
  })

  it('lists only my personal vouchers and the public codes, with their status', async () => {
    const u = await t.signUp()
    const stranger = await t.signUp()
    const mine = await personalVoucher(u.user.id, { percentOff: 50, expiresAt: new Date(Date.now() - 1000) })
    const theirs = await personalVoucher(stranger.user.id)
    const list = await listOf(u.cookie)
    expect(list.map((v) => v.code)).not.toContain(theirs)
    expect(list.find((v) => v.code === mine)).toMatchObject({ personal: true, status: 'expired', percentOff: 50 })
    expect(list[0]).toMatchObject({ code: 'DRAPE20', status: 'available' })
    expect((await t.request('/api/vouchers')).status).toBe(401)
  })
})

describe('a single-use voucher under concurrency', () => {
  it('two orders placed at the same time use it once', async () => {
    const u = await t.signUp()
    const code = await personalVoucher(u.user.id)
    await add(u.cookie, catalogue[23]!)
    await add(u.cookie, catalogue[24]!)
    const results = await Promise.all([t.request('/api/orders', { body: order(code), cookie: u.cookie }), t.request('/api/orders', { body: order(code), cookie: u.cookie })])
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    const [voucher] = await t.platform.db.select().from(vouchers).where(eq(vouchers.code, code))
    expect(await t.platform.db.select().from(orders).where(eq(orders.voucherId, voucher!.id))).toHaveLength(1)
    expect(await t.platform.db.select().from(voucherRedemptions).where(eq(voucherRedemptions.voucherId, voucher!.id))).toHaveLength(1)
  })

  it('the (voucher, user) key refuses a second redemption that got past the checks', async () => {
    const u = await t.signUp()
    const code = await personalVoucher(u.user.id)
    await add(u.cookie, catalogue[25]!)
    const o = (await t.request('/api/orders', { body: order(''), cookie: u.cookie, schema: OrderDetailSchema })).json
    const [voucher] = await t.platform.db.select().from(vouchers).where(eq(vouchers.code, code))
    await t.platform.db.transaction((tx) => redeemVoucher(tx, voucher!.id, u.user.id, o.id))
    await expect(t.platform.db.transaction((tx) => redeemVoucher(tx, voucher!.id, u.user.id, o.id))).rejects.toMatchObject({ status: 409, message: MT.voucherUsed })
    expect(await t.platform.db.select().from(voucherRedemptions).where(and(eq(voucherRedemptions.voucherId, voucher!.id), eq(voucherRedemptions.userId, u.user.id)))).toHaveLength(1)
  })
})

describe('guessing codes', () => {
  it('is rate limited per user, counting Validate and orders with a code', async () => {
    const u = await t.signUp()
    await add(u.cookie, catalogue[26]!)
    for (let i = 0; i < VOUCHER_TRIES.max; i++) expect((await validate(u.cookie, `GUESS${i}`, ApiErrorSchema)).status).toBe(400)
    const limited = await validate(u.cookie, 'DRAPE20', ApiErrorSchema)
    expect([limited.status, limited.json.error.message]).toEqual([429, MT.voucherTooOften])
    const placed = await t.request('/api/orders', { body: order('DRAPE20'), cookie: u.cookie })
    expect(placed.status).toBe(429)
    // Someone else is not affected.
    const other = await t.signUp()
    await add(other.cookie, catalogue[26]!)
    expect((await validate(other.cookie, 'DRAPE20', VoucherQuoteSchema)).status).toBe(200)
  })
})
