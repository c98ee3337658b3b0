import { Hono } from 'hono'
import { IdParamSchema, OrderDetailSchema, OrderListQuerySchema, OrderListSchema, PlaceOrderSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { limitVoucherTries } from '../vouchers'
import { cancelOrder, getOrder, listOrders, placeOrder } from './service'

export function orderRoutes(p: Platform) {
  const { db } = p
  return new Hono<AppEnv>()
    .get('/orders', describe({ summary: 'My orders with a status', tags: ['orders'], auth: true, response: OrderListSchema }), query(OrderListQuerySchema), async (c) =>
      c.json({ items: await listOrders(db, requireUser(c).id, c.req.valid('query').status) }),
    )
    .post('/orders', describe({ summary: 'Place an order from the selected cart lines', tags: ['orders'], auth: true, response: OrderDetailSchema }), json(PlaceOrderSchema), async (c) => {
      const me = requireUser(c)
      const input = c.req.valid('json')
      // A code tried here counts like Validate, so ordering cannot be used to guess codes faster.
      if (input.couponCode) await limitVoucherTries(p, me.id)
      return c.json(await placeOrder(db, me.id, input), 201)
    })
    .get('/orders/:id', describe({ summary: 'One of my orders', tags: ['orders'], auth: true, response: OrderDetailSchema }), params(IdParamSchema), async (c) =>
      c.json(await getOrder(db, requireUser(c).id, c.req.valid('param').id)),
    )
    .post('/orders/:id/cancel', describe({ summary: 'Cancel a pending order', tags: ['orders'], auth: true, response: OrderDetailSchema }), params(IdParamSchema), async (c) =>
      c.json(await cancelOrder(db, requireUser(c).id, c.req.valid('param').id)),
    )
}
