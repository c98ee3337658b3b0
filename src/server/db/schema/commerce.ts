import { sql } from 'drizzle-orm'
import { boolean, index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from './auth'
import { products } from './products'

/** Persisted per user (PRODUCT.md §2). One line per product, size and colour. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text().notNull(),
    color: text().notNull(),
    quantity: integer().notNull().default(1),
    selected: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('cart_items_line_idx').on(t.userId, t.productId, t.size, t.color), index('cart_items_user_idx').on(t.userId, t.createdAt)],
)

/**
 * A discount code. `user_id` set: a personal voucher only its owner can use, once. `user_id` null:
 * a public code (e.g. the advertised DRAPE20) each user can use once. Redemptions enforce "once".
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Upper case; unique across personal and public vouchers. */
    code: text().notNull().unique(),
    userId: text().references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    percentOff: integer().notNull(),
    minSubtotalCents: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('vouchers_user_idx').on(t.userId)],
)

export const orderStatusEnum = pgEnum('order_status', ['pending', 'delivered', 'cancelled'])
export const shippingMethodEnum = pgEnum('shipping_method', ['free', 'standard', 'fast'])
export const paymentMethodEnum = pgEnum('payment_method', ['cash', 'credit'])

/** Amounts in euro cents, computed by the server from the products at the time of the order. */
export const orders = pgTable(
  'orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderNumber: text().notNull().unique(),
    trackingNumber: text().notNull(),
    status: orderStatusEnum().notNull().default('pending'),
    quantity: integer().notNull(),
    subtotalCents: integer().notNull(),
    shippingCents: integer().notNull(),
    totalCents: integer().notNull(),
    shippingMethod: shippingMethodEnum().notNull(),
    paymentMethod: paymentMethodEnum().notNull(),
    /** The voucher code as the shopper typed it (normalised), and the voucher it applied. */
    couponCode: text(),
    voucherId: uuid().references(() => vouchers.id, { onDelete: 'set null' }),
    /** The voucher's discount on the subtotal; `total = subtotal - discount + shipping`. */
    discountCents: integer().notNull().default(0),
    /** The checkout's copyBillingAddress: the billing address is the delivery address. */
    copyBillingAddress: boolean().notNull().default(true),
    deliveryName: text().notNull(),
    deliveryAddress: text().notNull(),
    deliveryPhone: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('orders_user_status_idx').on(t.userId, t.status, t.createdAt)],
)

/** A snapshot of each line, so that later product changes do not rewrite history. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid().references(() => products.id, { onDelete: 'set null' }),
    name: text().notNull(),
    imageUrl: text().notNull(),
    size: text().notNull(),
    color: text().notNull(),
    quantity: integer().notNull(),
    unitPriceCents: integer().notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
)

/** Address book; exactly one default per user (enforced by a partial unique index). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text().notNull().default(''),
    lastName: text().notNull(),
    country: text().notNull(),
    streetName: text().notNull(),
    city: text().notNull(),
    state: text().notNull().default(''),
    zipCode: text().notNull(),
    phoneNumber: text().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_idx').on(t.userId, t.createdAt), uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`)],
)

/**
 * One use of a voucher by a user. The primary key (voucher, user) is what makes a voucher single
 * use per user even when two orders are placed at the same moment: the second insert conflicts.
 */
export const voucherRedemptions = pgTable(
  'voucher_redemptions',
  {
    voucherId: uuid()
      .notNull()
      .references(() => vouchers.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid()
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.voucherId, t.userId] }), index('voucher_redemptions_order_idx').on(t.orderId)],
)
