import { Hono } from 'hono'
import { AddressListSchema, AddressSchema, IdParamSchema, ShippingAddressSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json, params } from '../../http/validate'
import type { Platform } from '../../platform'
import { createAddress, deleteAddress, getAddress, listAddresses, setDefaultAddress, updateAddress } from './service'

/** The signed-in user's address book. */
export function addressRoutes({ db }: Platform) {
  return new Hono<AppEnv>()
    .get('/addresses', describe({ summary: 'My addresses, the default first', tags: ['addresses'], auth: true, response: AddressListSchema }), async (c) =>
      c.json({ items: await listAddresses(db, requireUser(c).id) }),
    )
    .post('/addresses', describe({ summary: 'Add an address', tags: ['addresses'], auth: true, response: AddressSchema }), json(ShippingAddressSchema), async (c) =>
      c.json(await createAddress(db, requireUser(c).id, c.req.valid('json')), 201),
    )
    .get('/addresses/:id', describe({ summary: 'One of my addresses', tags: ['addresses'], auth: true, response: AddressSchema }), params(IdParamSchema), async (c) =>
      c.json(await getAddress(db, requireUser(c).id, c.req.valid('param').id)),
    )
    .put('/addresses/:id', describe({ summary: 'Change an address', tags: ['addresses'], auth: true, response: AddressSchema }), params(IdParamSchema), json(ShippingAddressSchema), async (c) =>
      c.json(await updateAddress(db, requireUser(c).id, c.req.valid('param').id, c.req.valid('json'))),
    )
    .post('/addresses/:id/default', describe({ summary: 'Make an address the default', tags: ['addresses'], auth: true, response: AddressListSchema }), params(IdParamSchema), async (c) =>
      c.json({ items: await setDefaultAddress(db, requireUser(c).id, c.req.valid('param').id) }),
    )
    .delete('/addresses/:id', describe({ summary: 'Delete an address', tags: ['addresses'], auth: true }), params(IdParamSchema), async (c) => {
      await deleteAddress(db, requireUser(c).id, c.req.valid('param').id)
      return c.body(null, 204)
    })
}
