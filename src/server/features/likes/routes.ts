import { Hono } from 'hono'
import { LikedIdsSchema, LikeStateSchema, ProductIdParamSchema, ProductListSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { params } from '../../http/validate'
import type { Platform } from '../../platform'
import { likedIds, likedProducts, setLiked } from './service'

export function likeRoutes({ db }: Platform) {
  return new Hono<AppEnv>()
    .get('/likes', describe({ summary: 'Ids of the products I like', tags: ['likes'], auth: true, response: LikedIdsSchema }), async (c) => c.json({ ids: await likedIds(db, requireUser(c).id) }))
    .get('/likes/products', describe({ summary: 'The products I like (wishlist)', tags: ['likes'], auth: true, response: ProductListSchema }), async (c) =>
      c.json({ items: await likedProducts(db, requireUser(c).id) }),
    )
    .put('/products/:id/like', describe({ summary: 'Like a product', tags: ['likes'], auth: true, response: LikeStateSchema }), params(ProductIdParamSchema), async (c) =>
      c.json(await setLiked(db, requireUser(c).id, c.req.valid('param').id, true)),
    )
    .delete('/products/:id/like', describe({ summary: 'Unlike a product', tags: ['likes'], auth: true, response: LikeStateSchema }), params(ProductIdParamSchema), async (c) =>
      c.json(await setLiked(db, requireUser(c).id, c.req.valid('param').id, false)),
    )
}
