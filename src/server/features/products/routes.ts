import { Hono } from 'hono'
import { ProductDetailSchema, ProductIdParamSchema, ProductListQuerySchema, ProductListSchema, ProductPageSchema, SizeAdviceSchema, SubcategoriesSchema } from '~/shared/marketplace/schemas'
import { describe } from '../../http/openapi'
import type { AppEnv } from '../../http/session'
import { params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { getProduct, listProducts, similarProducts, sizeAdvice, subcategoryCounts } from './service'

/** The catalogue is public; `liked` and size advice use the session when there is one. */
export function productRoutes({ db }: Platform) {
  const viewer = (c: { get(k: 'user'): { id: string } | null }) => c.get('user')?.id ?? null
  return new Hono<AppEnv>()
    .get('/products', describe({ summary: 'Products: filtered, sorted and paged (keyset cursor)', tags: ['products'], response: ProductPageSchema }), query(ProductListQuerySchema), async (c) =>
      c.json(await listProducts(db, c.req.valid('query'), viewer(c))),
    )
    .get('/products/subcategories', describe({ summary: 'Subcategories with item counts', tags: ['products'], response: SubcategoriesSchema }), async (c) => c.json(await subcategoryCounts(db)))
    .get('/products/:id', describe({ summary: 'One product', tags: ['products'], response: ProductDetailSchema }), params(ProductIdParamSchema), async (c) =>
      c.json(await getProduct(db, c.req.valid('param').id, viewer(c))),
    )
    .get('/products/:id/similar', describe({ summary: 'Similar products', tags: ['products'], response: ProductListSchema }), params(ProductIdParamSchema), async (c) =>
      c.json({ items: await similarProducts(db, c.req.valid('param').id, viewer(c)) }),
    )
    .get('/products/:id/size-advice', describe({ summary: "A size for the signed-in user from the profile's measurements", tags: ['products'], response: SizeAdviceSchema }), params(ProductIdParamSchema), async (c) =>
      c.json(await sizeAdvice(db, c.req.valid('param').id, viewer(c))),
    )
}
