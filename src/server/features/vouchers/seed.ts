import crypto from 'node:crypto'
import { eq } from 'drizzle-orm'
import { toCents } from '~/shared/marketplace/constants'
import { vouchers } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'

const DAY_MS = 24 * 3600_000
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const suffix = () => Array.from(crypto.randomBytes(6), (b) => ALNUM[b % ALNUM.length]).join('')

/** The original's sample promotions (30% and 50%) as personal vouchers: one usable, one expired. */
const PERSONAL = [
  { prefix: 'STYLE30', title: '30% off orders over €100', percentOff: 30, minSubtotalCents: toCents(100), expiresInDays: 30 },
  { prefix: 'VIP50', title: '50% off one order', percentOff: 50, minSubtotalCents: 0, expiresInDays: -1 },
]

/** Demo accounts get personal vouchers (DRAPE20, the public code, comes with the migration). */
export async function seedDemoVouchers(p: Platform) {
  for (const user of await demoUserIds(p.db)) {
    const [has] = await p.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.userId, user.id)).limit(1)
    if (has) continue
    await p.db.insert(vouchers).values(
      PERSONAL.map((v) => ({ code: `${v.prefix}-${suffix()}`, userId: user.id, title: v.title, percentOff: v.percentOff, minSubtotalCents: v.minSubtotalCents, expiresAt: new Date(Date.now() + v.expiresInDays * DAY_MS) })),
    )
  }
}
