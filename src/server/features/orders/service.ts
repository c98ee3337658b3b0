import crypto from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { z } from 'zod'
import { fromCents, shippingPrice, toCents, type OrderStatus } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import type { OrderDetail, OrderSummary, PlaceOrderSchema } from '~/shared/marketplace/schemas'
import type { Db } from '../../db/client'
import { orderItems, orders } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { badRequest, conflict, notFound } from '../../http/errors'
import { createAddress, formatAddress, fullName } from '../addresses'
import { cartLines, removeCartLines, subtotalCents } from '../cart'
import { applicableVoucher, redeemVoucher, releaseVoucher } from '../vouchers'

type OrderRow = typeof orders.$inferSelect

const digits = (n: number) => Array.from(crypto.randomBytes(n), (b) => String(b % 10)).join('')
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const code = (n: number) => Array.from(crypto.randomBytes(n), (b) => ALNUM[b % ALNUM.length]).join('')

function toSummary(r: OrderRow): OrderSummary {
  return {
    id: r.id,
    orderNumber: r.orderNumber,
    date: r.createdAt.toISOString(),
    trackingNumber: r.trackingNumber,
    quantity: r.quantity,
    subtotal: fromCents(r.subtotalCents),
    total: fromCents(r.totalCents),
    status: r.status,
  }
}

/**
 * Turns the selected cart lines into an order in one transaction: prices, the voucher's discount
 * and totals are computed here from the catalogue (never taken from the client), the voucher is
 * marked used, then the lines leave the cart.
 */
export async function placeOrder(db: Db, userId: string, input: z.output<typeof PlaceOrderSchema>): Promise<OrderDetail> {
  const id = await db.transaction(async (tx) => {
    const lines = await cartLines(tx, userId, { selectedOnly: true })
    if (!lines.length) throw badRequest(MT.noSelectedItems)
    if (lines.some((l) => l.archived)) throw badRequest(MT.productUnavailable)
    const subtotal = subtotalCents(lines)
    const shipping = toCents(shippingPrice(input.shippingMethod))
    const voucher = input.couponCode ? await applicableVoucher(tx, userId, input.couponCode, subtotal) : null
    const discount = voucher?.discountCents ?? 0
    const order = oneRow(
      await tx
      .insert(orders)
      .values({
        userId,
        orderNumber: `#${digits(9)}`,
        trackingNumber: `DRP${code(10)}`,
        quantity: lines.reduce((n, l) => n + l.quantity, 0),
        subtotalCents: subtotal,
        shippingCents: shipping,
        discountCents: discount,
        totalCents: subtotal - discount + shipping,
        shippingMethod: input.shippingMethod,
        paymentMethod: input.paymentMethod,
        couponCode: voucher?.voucher.code ?? null,
        voucherId: voucher?.voucher.id ?? null,
        copyBillingAddress: input.copyBillingAddress,
        deliveryName: fullName(input.shipping),
        deliveryAddress: formatAddress(input.shipping),
        deliveryPhone: input.shipping.phoneNumber,
      })
        .returning({ id: orders.id }),
    )
    if (voucher) await redeemVoucher(tx, voucher.voucher.id, userId, order.id)
    await tx.insert(orderItems).values(
      lines.map((l) => ({ orderId: order.id, productId: l.productId, name: l.name, imageUrl: l.image, size: l.size, color: l.color, quantity: l.quantity, unitPriceCents: toCents(l.price) })),
    )
    await removeCartLines(
      tx,
      userId,
      lines.map((l) => l.id),
    )
    if (input.saveAddress) await createAddress(tx, userId, input.shipping)
    return order.id
  })
  return getOrder(db, userId, id)
}

export async function listOrders(db: Db, userId: string, status: OrderStatus) {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, status)))
    .orderBy(desc(orders.createdAt))
    .limit(100)
  return rows.map(toSummary)
}

export async function getOrder(db: Db, userId: string, id: string): Promise<OrderDetail> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), eq(orders.userId, userId)))
  if (!row) throw notFound(MT.orderNotFound)
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(orderItems.name)
  return {
    ...toSummary(row),
    deliveryAddress: `${row.deliveryName}, ${row.deliveryAddress}, ${row.deliveryPhone}`,
    shippingMethod: row.shippingMethod,
    paymentMethod: row.paymentMethod,
    shipping: fromCents(row.shippingCents),
    couponCode: row.couponCode,
    discount: fromCents(row.discountCents),
    items: items.map((i) => ({ productId: i.productId, name: i.name, size: i.size, color: i.color, quantity: i.quantity, price: fromCents(i.unitPriceCents), image: i.imageUrl })),
  }
}

/** Only a pending order can be cancelled; its voucher can be used again. */
export async function cancelOrder(db: Db, userId: string, id: string) {
  const row = await db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(eq(orders.id, id), eq(orders.userId, userId), eq(orders.status, 'pending')))
      .returning({ id: orders.id })
    if (cancelled) await releaseVoucher(tx, userId, id)
    return cancelled
  })
  if (!row) {
    await getOrder(db, userId, id)
    throw conflict(MT.orderCannotBeCancelled)
  }
  return getOrder(db, userId, id)
}

/** For demo data: marks some of a user's orders delivered. */
export async function markDelivered(db: Db, userId: string, ids: string[]) {
  if (ids.length) await db.update(orders).set({ status: 'delivered' }).where(and(eq(orders.userId, userId), inArray(orders.id, ids)))
}
