import { Hono } from 'hono'
import { ValidateVoucherSchema, VoucherListSchema, VoucherQuoteSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json } from '../../http/validate'
import type { Platform } from '../../platform'
import { limitVoucherTries, listVouchers, quoteVoucher } from './service'

export function voucherRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/vouchers', describe({ summary: 'My vouchers and the public codes, with their status', tags: ['vouchers'], auth: true, response: VoucherListSchema }), async (c) =>
      c.json({ items: await listVouchers(p.db, requireUser(c).id) }),
    )
    .post(
      '/vouchers/validate',
      describe({ summary: 'Check a voucher code against my selected cart lines (rate limited)', tags: ['vouchers'], auth: true, response: VoucherQuoteSchema }),
      json(ValidateVoucherSchema),
      async (c) => {
        const me = requireUser(c)
        await limitVoucherTries(p, me.id)
        return c.json(await quoteVoucher(p.db, me.id, c.req.valid('json')))
      },
    )
}
