import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import { fromCents, MAX_QUANTITY, toCents } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import type { AddToCartSchema, Cart } from '~/shared/marketplace/schemas'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client'
import { cartItems, products } from '../../db/schema'
import { badRequest, notFound } from '../../http/errors'
import { productForPurchase } from '../products'

const lineColumns = {
  id: cartItems.id,
  productId: cartItems.productId,
  name: products.name,
  brand: products.brand,
  price: products.price,
  size: cartItems.size,
  color: cartItems.color,
  quantity: cartItems.quantity,
  selected: cartItems.selected,
  /** The chosen colour's image when the product has one per colour. */
  image: sql<string>`coalesce(${products.colorImages} ->> ${cartItems.color}, ${products.imageUrl})`,
  archived: products.archived,
}

/** The user's cart lines with today's prices from the catalogue. */
export async function cartLines(db: Db | Tx, userId: string, opts: { selectedOnly?: boolean } = {}) {
  return db
    .select(lineColumns)
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(and(eq(cartItems.userId, userId), opts.selectedOnly ? eq(cartItems.selected, true) : undefined))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
}

/** Sum of price × quantity in cents, so that totals are exact. */
export const subtotalCents = (lines: { price: number; quantity: number }[]) => lines.reduce((sum, l) => sum + toCents(l.price) * l.quantity, 0)

export async function getCart(db: Db, userId: string): Promise<Cart> {
  const items = await cartLines(db, userId)
  const selected = items.filter((i) => i.selected)
  return { items, subtotal: fromCents(subtotalCents(selected)), selectedCount: selected.reduce((n, i) => n + i.quantity, 0) }
}

/** Adds a size and colour of a product; the same line again adds to its quantity (at most 99). */
export async function addToCart(db: Db, userId: string, input: z.output<typeof AddToCartSchema>) {
  const product = await productForPurchase(db, input.productId)
  if (product.archived) throw badRequest(MT.productArchived)
  const size = product.sizes.find((s) => s.name === input.size)
  if (!size?.available) throw badRequest(MT.sizeUnavailable, { size: MT.sizeUnavailable })
  if (!product.colors.some((c) => c.name === input.color)) throw badRequest(MT.colorUnavailable, { color: MT.colorUnavailable })
  await db
    .insert(cartItems)
    .values({ userId, productId: input.productId, size: input.size, color: input.color, quantity: input.quantity })
    .onConflictDoUpdate({
      target: [cartItems.userId, cartItems.productId, cartItems.size, cartItems.color],
      set: { quantity: sql`least(${cartItems.quantity} + excluded.quantity, ${MAX_QUANTITY})`, selected: true },
    })
  return getCart(db, userId)
}

export async function updateCartItem(db: Db, userId: string, id: string, change: { quantity?: number; selected?: boolean }) {
  const updated = await db
    .update(cartItems)
    .set(change)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id })
  if (!updated.length) throw notFound('That item is not in your cart.')
  return getCart(db, userId)
}

export async function removeCartItem(db: Db, userId: string, id: string) {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id })
  if (!removed.length) throw notFound('That item is not in your cart.')
  return getCart(db, userId)
}

export async function selectAll(db: Db, userId: string, selected: boolean) {
  await db.update(cartItems).set({ selected }).where(eq(cartItems.userId, userId))
  return getCart(db, userId)
}

/** Removes lines that became an order (inside the order's transaction). */
export async function removeCartLines(tx: Tx, userId: string, ids: string[]) {
  if (ids.length) await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)))
}
