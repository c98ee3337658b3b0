import { Hono } from 'hono'
import { AddToCartSchema, CartSchema, IdParamSchema, SelectAllSchema, UpdateCartItemSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, params } from '../../http/validate'
import type { Platform } from '../../platform'
import { addToCart, getCart, removeCartItem, selectAll, updateCartItem } from './service'

/** The signed-in user's cart; prices always come from the catalogue. */
export function cartRoutes({ db }: Platform) {
  return new Hono<AppEnv>()
    .get('/cart', describe({ summary: 'My cart', tags: ['cart'], auth: true, response: CartSchema }), async (c) => c.json(await getCart(db, requireUser(c).id)))
    .post('/cart/items', describe({ summary: 'Add a product in a size and colour', tags: ['cart'], auth: true, response: CartSchema }), json(AddToCartSchema), async (c) =>
      c.json(await addToCart(db, requireUser(c).id, c.req.valid('json')), 201),
    )
    .patch('/cart/items/:id', describe({ summary: 'Change the quantity or selection of a line', tags: ['cart'], auth: true, response: CartSchema }), params(IdParamSchema), json(UpdateCartItemSchema), async (c) =>
      c.json(await updateCartItem(db, requireUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .delete('/cart/items/:id', describe({ summary: 'Remove a line', tags: ['cart'], auth: true, response: CartSchema }), params(IdParamSchema), async (c) =>
      c.json(await removeCartItem(db, requireUser(c).id, c.req.valid('param').id)),
    )
    .put('/cart/selection', describe({ summary: 'Select or unselect every line', tags: ['cart'], auth: true, response: CartSchema }), json(SelectAllSchema), async (c) =>
      c.json(await selectAll(db, requireUser(c).id, c.req.valid('json').selected)),
    )
}
