import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { addresses, cartItems, orderItems, orders, products } from '../../db/schema'
import { iso } from './account'

/** Addresses, orders with their lines (product snapshots without the image URL) and the cart. */
export async function commerceSection(db: Db, userId: string) {
  const [myAddresses, myOrders, cart] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(asc(addresses.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
    db
      .select({ productId: cartItems.productId, productName: products.name, size: cartItems.size, color: cartItems.color, quantity: cartItems.quantity, selected: cartItems.selected, createdAt: cartItems.createdAt })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.createdAt)),
  ])
  const lines = myOrders.length
    ? await db
        .select({ orderId: orderItems.orderId, productId: orderItems.productId, name: orderItems.name, size: orderItems.size, color: orderItems.color, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
        .from(orderItems)
        .where(inArray(orderItems.orderId, myOrders.map((o) => o.id)))
    : []
  return {
    addresses: myAddresses.map(({ userId: _, ...a }) => ({ ...a, createdAt: iso(a.createdAt) })),
    orders: myOrders.map(({ userId: _, ...o }) => ({
      ...o,
      createdAt: iso(o.createdAt),
      cancelledAt: iso(o.cancelledAt),
      lines: lines.filter((l) => l.orderId === o.id).map(({ orderId: __, ...l }) => l),
    })),
    cart: cart.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
  }
}
