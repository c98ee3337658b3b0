import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { ProductDetailSchema, ProductListSchema, ProductPageSchema, SizeAdviceSchema, SubcategoriesSchema } from '~/shared/marketplace/schemas'
import { BRANDS, CATEGORIES, COLORS, PAGE_SIZE, PRODUCT_CATEGORIES, SIZES } from '~/shared/marketplace/constants'
import { colorImageSet, PRODUCT_IMAGE_DEFAULT_WIDTH, PRODUCT_IMAGE_WIDTHS, productGarmentKey, productImageKey } from '~/shared/marketplace/images'
import { MM } from '~/shared/marketplace/messages'
import type { ProductCard, ProductPage } from '~/shared/marketplace/schemas'
import { products, profiles } from '../../db/schema'
import { CATALOGUE_SIZE } from './catalogue'
import { addColorImages, insertCatalogue } from './seed'
import { withCatalogueApp } from '../../test/with-test-app'

const { t, catalogue } = withCatalogueApp()

const list = async (qs: string, cookie?: string) => {
  const res = await t.request(`/api/products?${qs}`, { cookie, schema: ProductPageSchema })
  expect(res.status, res.text).toBe(200)
  return res.json
}

/** Every page of a query, following the cursor. */
async function all(qs: string) {
  const items: ProductCard[] = []
  let cursor: string | null = null
  do {
    const page: ProductPage = await list(`${qs}${cursor ? `&cursor=${cursor}` : ''}`)
    items.push(...page.items)
    cursor = page.nextCursor
  } while (cursor)
  return items
}

describe('demo catalogue', () => {
  it('has at least 120 dresses over 9 categories, 19 brands, 10 colours, sizes XXS-XXL, prices 0-500, some discounted', async () => {
    expect(CATALOGUE_SIZE).toBeGreaterThanOrEqual(120)
    expect(new Set(catalogue.map((c) => c.category)).size).toBe(9)
    expect(new Set(catalogue.map((c) => c.brand)).size).toBe(19)
    expect(new Set(catalogue.flatMap((c) => c.colors.map((x) => x.name))).size).toBe(10)
    expect(catalogue.every((c) => c.sizes.map((s) => s.name).join() === SIZES.join())).toBe(true)
    expect(catalogue.every((c) => c.price >= 0 && c.price <= 500 && (c.originalPrice ?? 0) <= 500)).toBe(true)
    expect(catalogue.some((c) => c.originalPrice && c.originalPrice > c.price)).toBe(true)
    expect(catalogue.every((c) => Object.keys(c.sizeChart).length === SIZES.length)).toBe(true)
  })

  it('seeding twice adds nothing', async () => {
    await insertCatalogue(t.platform)
    expect((await all('')).length).toBe(CATALOGUE_SIZE)
  })
})

describe('GET /api/products', () => {
  it('pages through everything newest first without repeats', async () => {
    const first = await list('')
    expect(first.items).toHaveLength(PAGE_SIZE)
    expect(first.nextCursor).toBeTruthy()
    const items = await all('')
    expect(new Set(items.map((i) => i.id)).size).toBe(CATALOGUE_SIZE)
    expect(items[0]!.id).toBe(catalogue[0]!.id)
  })

  it('sorts by price both ways and by rating across pages', async () => {
    const low = (await all('sort=price-low&limit=17')).map((i) => i.price)
    expect(low).toEqual([...low].sort((a, b) => a - b))
    const high = (await all('sort=price-high&limit=17')).map((i) => i.price)
    expect(high).toEqual([...high].sort((a, b) => b - a))
    const rating = (await all('sort=rating&limit=17')).map((i) => i.rating)
    expect(rating).toEqual([...rating].sort((a, b) => b - a))
    expect(low).toHaveLength(CATALOGUE_SIZE)
  })

  it('filters by category, brand, size, colour and price on the server', async () => {
    const brands = BRANDS.slice(0, 3)
    const items = await all(`category=evening&brands=${encodeURIComponent(brands.join(','))}&sizes=M,L&colors=&minPrice=50&maxPrice=400&sort=price-low`)
    const expected = catalogue.filter(
      (c) => c.category === 'evening' && brands.includes(c.brand as (typeof brands)[number]) && c.sizes.some((s) => ['M', 'L'].includes(s.name) && s.available) && c.price >= 50 && c.price <= 400,
    )
    expect(items.map((i) => i.id).sort()).toEqual(expected.map((c) => c.id).sort())
    const red = await all('colors=Red')
    expect(red.length).toBeGreaterThan(0)
    expect(red.every((i) => i.colors.some((c) => c.name === 'Red'))).toBe(true)
  })

  it('searches names and brands', async () => {
    const items = await all(`q=${encodeURIComponent(BRANDS[4])}`)
    expect(items.length).toBe(catalogue.filter((c) => c.brand === BRANDS[4]).length)
  })

  it('returns an empty page for filters nothing matches', async () => {
    const page = await list('q=no-such-dress-anywhere')
    expect(page).toEqual({ items: [], nextCursor: null })
  })

  it('refuses out-of-range and unknown filters with field messages', async () => {
    for (const qs of ['minPrice=-1', 'maxPrice=501', 'minPrice=300&maxPrice=100', 'sizes=XXXL', 'colors=Chartreuse', 'category=shoes', 'sort=cheapest', 'limit=0', 'limit=500', 'cursor=garbage', 'price=10']) {
      const res = await t.request(`/api/products?${qs}`, { schema: ValidationErrorSchema })
      expect(res.status, qs).toBe(400)
      expect(res.json.error.code, qs).toBe('validation_failed')
      expect(Object.keys(res.json.error.fields).length, qs).toBeGreaterThan(0)
    }
  })

  it('offers every spec category and colour as a filter value', async () => {
    for (const category of CATEGORIES) expect((await t.request(`/api/products?category=${category}&limit=1`)).status).toBe(200)
    for (const color of COLORS) expect((await t.request(`/api/products?colors=${color.name}&limit=1`)).status).toBe(200)
    expect(PRODUCT_CATEGORIES).toHaveLength(9)
  })
})

describe('product page', () => {
  it('shows one product with its options, size chart and review counts', async () => {
    const c = catalogue[3]!
    const res = await t.request(`/api/products/${c.id}`, { schema: ProductDetailSchema })
    expect(res.status).toBe(200)
    const p = res.json
    expect(p.name).toBe(c.name)
    expect(p.sizes.map((s) => s.name)).toEqual([...SIZES])
    expect(p.ratingCounts.reduce((a, b) => a + b, 0)).toBe(p.reviewsCount)
    expect(p.sizeChart.M?.chest).toHaveLength(2)
    expect(p.liked).toBe(false)
  })

  it('gives every colour of a demo product its own image, the first colour the product image', async () => {
    const c = catalogue.find((x) => x.colors.length > 2)!
    const p = (await t.request(`/api/products/${c.id}`, { schema: ProductDetailSchema })).json
    expect(Object.keys(p.colorImages).sort()).toEqual(c.colors.map((x) => x.name).sort())
    expect(p.colorImages[c.colors[0]!.name]).toBe(p.imageUrl)
    expect(new Set(Object.values(p.colorImages)).size).toBe(c.colors.length)
    for (const color of c.colors) expect(p.colorImages[color.name]).toBe(t.platform.storage.url(productImageKey(colorImageSet(c.id, c.colors, color.name), PRODUCT_IMAGE_DEFAULT_WIDTH)))
  })

  it('fills in the colour images of demo products seeded before they had them', async () => {
    const c = catalogue[7]!
    await t.platform.db.update(products).set({ colorImages: {} }).where(eq(products.id, c.id))
    await addColorImages(t.platform)
    const p = (await t.request(`/api/products/${c.id}`, { schema: ProductDetailSchema })).json
    expect(Object.keys(p.colorImages).sort()).toEqual(c.colors.map((x) => x.name).sort())
  })

  it("serves a demo product's images before the seed has rendered them (rendered on first ask, once), and nothing else", async () => {
    const c = catalogue.find((x) => x.colors.length > 1)!
    const set = colorImageSet(c.id, c.colors, c.colors[1]!.name)
    const put = vi.spyOn(t.platform.storage, 'put')
    const [a, b] = await Promise.all([t.request(`/api/files/${productImageKey(set, 240)}`), t.request(`/api/files/${productImageKey(set, 720)}`)])
    expect([a.status, a.headers.get('content-type'), b.status]).toEqual([200, 'image/webp', 200])
    expect(put).toHaveBeenCalledTimes(PRODUCT_IMAGE_WIDTHS.length + 1)
    expect((await t.request(`/api/files/${productGarmentKey(set)}`)).headers.get('content-type')).toBe('image/png')
    for (const key of [productImageKey(set, 123), productImageKey(`${c.id}-no-such-colour`, 240), productImageKey('00000000-0000-4000-8000-000000000000', 240)]) {
      expect((await t.request(`/api/files/${key}`)).status, key).toBe(404)
    }
    expect(put).toHaveBeenCalledTimes(PRODUCT_IMAGE_WIDTHS.length + 1)
    put.mockRestore()
  })

  it('is a 404 with the spec message when missing, a 400 when the id is not an id', async () => {
    const missing = await t.request('/api/products/00000000-0000-4000-8000-000000000000', { schema: ApiErrorSchema })
    expect(missing.status).toBe(404)
    expect(missing.json.error.message).toBe(MM.productNotFound)
    expect((await t.request('/api/products/not-an-id')).status).toBe(400)
  })

  it('lists similar products of the same category', async () => {
    const c = catalogue[0]!
    const res = await t.request(`/api/products/${c.id}/similar`, { schema: ProductListSchema })
    expect(res.json.items.length).toBeGreaterThan(0)
    expect(res.json.items.every((i) => i.category === c.category && i.id !== c.id)).toBe(true)
  })

  it('gives subcategory counts that add up to the catalogue', async () => {
    const res = await t.request('/api/products/subcategories', { schema: SubcategoriesSchema })
    expect(res.json.total).toBe(CATALOGUE_SIZE)
    expect(res.json.subcategories.reduce((a, s) => a + s.count, 0)).toBe(CATALOGUE_SIZE)
  })
})

describe('size advice', () => {
  it('asks signed-out users to sign in and users without measurements to add them', async () => {
    const id = catalogue[0]!.id
    expect((await t.request(`/api/products/${id}/size-advice`, { schema: SizeAdviceSchema })).json).toEqual({ status: 'signed_out' })
    const u = await t.signUp()
    expect((await t.request(`/api/products/${id}/size-advice`, { cookie: u.cookie, schema: SizeAdviceSchema })).json).toEqual({ status: 'no_measurements' })
  })

  it("recommends a size from the user's own profile measurements and says why", async () => {
    const u = await t.signUp()
    await t.platform.db.insert(profiles).values({ userId: u.user.id, chestCm: 90, waistCm: 70, hipCm: 97 }).onConflictDoUpdate({ target: profiles.userId, set: { chestCm: 90, waistCm: 70, hipCm: 97 } })
    const product = catalogue.find((c) => c.style.fit === 'a-line')!
    const res = await t.request(`/api/products/${product.id}/size-advice`, { cookie: u.cookie, schema: SizeAdviceSchema })
    expect(res.json).toMatchObject({ status: 'recommended', size: 'M', reason: 'Chest 90 cm fits M' })
    const other = await t.signUp()
    expect((await t.request(`/api/products/${product.id}/size-advice`, { cookie: other.cookie, schema: SizeAdviceSchema })).json.status).toBe('no_measurements')
  })
})
