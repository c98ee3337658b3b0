import { and, asc, desc, eq, isNull, or } from 'drizzle-orm'
import { fromCents, shippingPrice, toCents } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import type { ValidateVoucherSchema, Voucher, VoucherQuote } from '~/shared/marketplace/schemas'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client'
import { voucherRedemptions, vouchers } from '../../db/schema'
import { badRequest, conflict } from '../../http/errors'
import type { Platform } from '../../platform'
import { hit } from '../../platform/rate-limit'
import { cartLines, subtotalCents } from '../cart'

type VoucherRow = typeof vouchers.$inferSelect

/** Voucher codes one user may try (validate or order with a code) per window, against guessing. */
export const VOUCHER_TRIES = { max: 20, windowSeconds: 600 }

export async function limitVoucherTries(p: Platform, userId: string) {
  if (p.config.RATE_LIMIT) await hit(p.db, `voucher:${userId}`, VOUCHER_TRIES.max, VOUCHER_TRIES.windowSeconds, MT.voucherTooOften)
}

/** The discount on a subtotal, rounded to the cent and never more than the subtotal. */
export const discountCents = (percentOff: number, subtotal: number) => Math.min(subtotal, Math.round((subtotal * percentOff) / 100))

const refuse = (message: string) => badRequest(message, { couponCode: message })

/**
 * The voucher a code names for this user, if they may use it now with this subtotal: their own
 * personal voucher or a public code, not expired, not used by them, minimum reached. Another
 * user's personal code answers "unknown", so codes cannot be probed.
 */
export async function applicableVoucher(db: Db | Tx, userId: string, code: string, subtotal: number): Promise<{ voucher: VoucherRow; discountCents: number }> {
  const [voucher] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, code), or(isNull(vouchers.userId), eq(vouchers.userId, userId))))
    .limit(1)
  if (!voucher) throw refuse(MT.voucherUnknown)
  if (voucher.expiresAt && voucher.expiresAt <= new Date()) throw refuse(MT.voucherExpired)
  const [used] = await db
    .select({ orderId: voucherRedemptions.orderId })
    .from(voucherRedemptions)
    .where(and(eq(voucherRedemptions.voucherId, voucher.id), eq(voucherRedemptions.userId, userId)))
    .limit(1)
  if (used) throw refuse(MT.voucherUsed)
  if (subtotal < voucher.minSubtotalCents) throw refuse(MT.voucherMinimum(fromCents(voucher.minSubtotalCents)))
  return { voucher, discountCents: discountCents(voucher.percentOff, subtotal) }
}

/**
 * Marks the voucher used by this order, inside the order's transaction. The (voucher, user)
 * primary key refuses a second use even when two orders race past `applicableVoucher` together:
 * the later insert waits for the first transaction, finds the row and rolls its order back.
 */
export async function redeemVoucher(tx: Tx, voucherId: string, userId: string, orderId: string) {
  const rows = await tx.insert(voucherRedemptions).values({ voucherId, userId, orderId }).onConflictDoNothing().returning({ orderId: voucherRedemptions.orderId })
  if (!rows.length) throw conflict(MT.voucherUsed)
}

/** A cancelled order gives its voucher back. */
export async function releaseVoucher(db: Db | Tx, userId: string, orderId: string) {
  await db.delete(voucherRedemptions).where(and(eq(voucherRedemptions.userId, userId), eq(voucherRedemptions.orderId, orderId)))
}

/** Checkout's Validate: what the selected lines would cost with this voucher and shipping. */
export async function quoteVoucher(db: Db, userId: string, input: z.output<typeof ValidateVoucherSchema>): Promise<VoucherQuote> {
  const lines = await cartLines(db, userId, { selectedOnly: true })
  if (!lines.length) throw badRequest(MT.noSelectedItems)
  const subtotal = subtotalCents(lines)
  const { voucher, discountCents: discount } = await applicableVoucher(db, userId, input.code, subtotal)
  const shipping = toCents(shippingPrice(input.shippingMethod))
  return {
    code: voucher.code,
    percentOff: voucher.percentOff,
    message: MT.voucherApplied(voucher.code, voucher.percentOff, fromCents(discount)),
    subtotal: fromCents(subtotal),
    discount: fromCents(discount),
    shipping: fromCents(shipping),
    total: fromCents(subtotal - discount + shipping),
  }
}

const STATUS_ORDER = { available: 0, used: 1, expired: 2 } as const

/** The user's personal vouchers and the public codes, each with whether the user can still use it. */
export async function listVouchers(db: Db, userId: string): Promise<Voucher[]> {
  const rows = await db
    .select({ voucher: vouchers, usedBy: voucherRedemptions.orderId })
    .from(vouchers)
    .leftJoin(voucherRedemptions, and(eq(voucherRedemptions.voucherId, vouchers.id), eq(voucherRedemptions.userId, userId)))
    .where(or(isNull(vouchers.userId), eq(vouchers.userId, userId)))
    .orderBy(desc(vouchers.percentOff), asc(vouchers.code))
    .limit(100)
  const now = new Date()
  return rows
    .map(({ voucher: v, usedBy }) => ({
      code: v.code,
      title: v.title,
      percentOff: v.percentOff,
      minSubtotal: fromCents(v.minSubtotalCents),
      expiresAt: v.expiresAt?.toISOString() ?? null,
      personal: v.userId !== null,
      status: usedBy ? ('used' as const) : v.expiresAt && v.expiresAt <= now ? ('expired' as const) : ('available' as const),
    }))
    .sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status])
}
