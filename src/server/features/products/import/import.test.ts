import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '~/shared/api'
import { SearchResultsSchema } from '~/shared/social/schemas'
import { CartSchema, ProductDetailSchema, ProductPageSchema } from '~/shared/marketplace/schemas'
import { MT } from '~/shared/marketplace/messages'
import { cartItems, productLikes, products } from '../../../db/schema'
import { createTestApp, type TestApp } from '../../../test/harness'
import { createTestEngine, type TestEngine } from '../../../test/tryon-engine'
import { setEngine } from '../../tryon'
import { importCatalogue, type ImportReport } from './run'

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'shopify-products.csv')
const SIZE_CHARTS = { brands: { 'Maison Lune': { S: { chest: [84, 88] as [number, number] }, M: { chest: [88, 92] as [number, number] } } }, products: {} }

let t: TestApp
let engine: TestEngine
let dir: string
let csv: string

/** A photo-like image (a gradient with a shape) in the given format. */
async function photo(file: string, color: { r: number; g: number; b: number }, format: 'jpeg' | 'png' | 'webp') {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="rgb(${color.r},${color.g},${color.b})"/><ellipse cx="300" cy="420" rx="180" ry="300" fill="#fff" opacity="0.4"/></svg>`
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, await sharp(Buffer.from(svg)).toFormat(format).toBuffer())
}

beforeAll(async () => {
  t = await createTestApp()
  engine = createTestEngine()
  setEngine(t.platform, engine)
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-import-'))
  csv = path.join(dir, 'products.csv')
  fs.copyFileSync(FIXTURE, csv)
  await photo(path.join(dir, 'images/wrap-sage.jpg'), { r: 156, g: 175, b: 136 }, 'jpeg')
  await photo(path.join(dir, 'images/wrap-navy.png'), { r: 31, g: 42, b: 68 }, 'png')
  await photo(path.join(dir, 'images/wrap-back.png'), { r: 150, g: 170, b: 130 }, 'png')
  await photo(path.join(dir, 'images/slip.webp'), { r: 20, g: 20, b: 20 }, 'webp')
  await photo(path.join(dir, 'images/tee.jpg'), { r: 204, g: 119, b: 34 }, 'jpeg')
})
afterAll(async () => {
  await t.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const productCount = async () => (await t.platform.db.select({ id: products.id }).from(products)).length
const byHandle = async (handle: string) => (await t.platform.db.select().from(products).where(eq(products.handle, handle)))[0]!
const detail = async (id: string) => (await t.request(`/api/products/${id}`, { schema: ProductDetailSchema })).json
const reasons = (r: ImportReport) => r.skipped.map((i) => `${i.line} ${i.field}: ${i.reason}`)

describe('importing a Shopify product CSV', () => {
  it('a dry run reports what would change and every skipped row, and writes nothing', async () => {
    const progress: string[] = []
    const report = await importCatalogue(t.platform, { file: csv, dryRun: true, onProgress: (done, total) => progress.push(`${done}/${total}`) })
    expect(progress).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5'])
    expect(report.products).toEqual({ created: 4, updated: 0, unchanged: 0, archived: 0, skipped: 2 })
    expect(report.rows).toBe(18)
    expect(reasons(report)).toEqual([
      '8 Variant Price: Variant Price must be a decimal number such as 59.90',
      '12 Image Src: https://cdn.example.com/files/slip-back.jpg: Images from URLs are only read from an operator’s file (the import command)',
      '15 Option2 Value: Size "38" is not one of XXS, XS, S, M, L, XL, XXL',
      '18 Type: Type "Boots" is not one of Drape\'s categories (casual, evening, cocktail, maxi, mini, midi, shirt, jersey, knit) and no tag names one',
      '19 Image Src: images/nowhere.jpg: No image file at images/nowhere.jpg',
      '19 image: The product has no usable image, so it was not imported',
      '20 Handle: Handle is required',
    ])
    expect(report.notes.map((n) => `${n.line} ${n.field}`)).toEqual(['11 Variant Price', '14 Option1 Value', '17 Type'])
    expect(report.images).toEqual({ stored: 5, reused: 0 })
    expect(await productCount()).toBe(0)
    const sage = crypto.createHash('sha256').update(fs.readFileSync(path.join(dir, 'images/wrap-sage.jpg'))).digest('hex')
    expect(await t.platform.storage.get(`products/img-${sage.slice(0, 32)}/480.webp`)).toBeNull()
    expect((await t.request('/api/products', { schema: ProductPageSchema })).json.items).toEqual([])
  })

  it('imports products with their colours, sizes, stock, images per colour and size chart, and queues garment analyses', async () => {
    const report = await importCatalogue(t.platform, { file: csv, sizeCharts: SIZE_CHARTS })
    expect(report.products).toEqual({ created: 4, updated: 0, unchanged: 0, archived: 0, skipped: 2 })
    expect(report.analysesQueued).toBe(5)

    const wrap = await detail((await byHandle('linen-wrap-midi')).id)
    expect(wrap).toMatchObject({ name: 'Linen Wrap Midi Dress', brand: 'Maison Lune', category: 'midi', subcategory: 'Midi Dress', price: 89, originalPrice: 120, archived: false })
    expect(wrap.description).toBe('A relaxed "wrap" midi, in washed linen.\n100% linen\nTie waist & side pockets')
    expect(wrap.colors).toEqual([
      { name: 'Sage', hex: '#9CAF88' },
      { name: 'Navy', hex: '#1F2A44' },
    ])
    expect(wrap.sizes).toEqual([
      { name: 'S', available: true, stock: 5 },
      { name: 'M', available: true, stock: 4 },
      { name: 'L', available: true, stock: 5 },
    ])
    expect(wrap.images).toHaveLength(3)
    expect(wrap.imageUrl).toBe(wrap.images[0])
    expect(wrap.colorImages).toEqual({ Sage: wrap.images[0], Navy: wrap.images[1] })
    expect(wrap.sizeChart).toEqual(SIZE_CHARTS.brands['Maison Lune'])
    for (const width of [240, 480, 720]) {
      const file = await t.request(new URL(wrap.imageUrl.replace('/480.webp', `/${width}.webp`), 'http://x').pathname)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('image/webp')
    }

    const slip = await detail((await byHandle('satin-slip-gown')).id)
    expect(slip).toMatchObject({ category: 'evening', price: 149.9, originalPrice: null })
    expect(slip.sizes.map((s) => s.name)).toEqual(['S', 'M', 'XL'])
    expect(slip.images).toHaveLength(1)
    const tee = await detail((await byHandle('cotton-tee-dress')).id)
    expect(tee).toMatchObject({ category: 'jersey', colors: [{ name: 'Ochre', hex: '#BDB6AD' }], sizes: [{ name: 'XS', available: true }, { name: 'M', available: true }] })

    // The draft is imported archived: readable, not listed.
    const listing = (await t.request('/api/products', { schema: ProductPageSchema })).json
    expect(listing.items.map((i) => i.name).sort()).toEqual(['Cotton T-Shirt Dress', 'Linen Wrap Midi Dress', 'Satin Slip Gown'])
    expect((await detail((await byHandle('everyday-dress')).id)).archived).toBe(true)

    await expect.poll(() => engine.prepared.filter((k) => k.startsWith('garment:products/img-')).length, { timeout: 10_000 }).toBe(5)
  })

  it('importing the same file again changes nothing and stores no image twice', async () => {
    const before = await productCount()
    const report = await importCatalogue(t.platform, { file: csv, sizeCharts: SIZE_CHARTS })
    expect(report.products).toEqual({ created: 0, updated: 0, unchanged: 4, archived: 0, skipped: 2 })
    expect(report.images).toEqual({ stored: 0, reused: 5 })
    expect(report.analysesQueued).toBe(0)
    expect(await productCount()).toBe(before)
  })

  it('a full import updates changed products and archives missing ones, which stay in carts and likes', async () => {
    const { cookie, user } = await t.signUp()
    const slip = await byHandle('satin-slip-gown')
    expect((await t.request('/api/cart/items', { cookie, body: { productId: slip.id, size: 'S', color: 'Black', quantity: 1 } })).status).toBe(201)
    await t.platform.db.insert(productLikes).values({ userId: user.id, productId: slip.id })

    const changed = path.join(dir, 'changed.csv')
    const lines = fs.readFileSync(csv, 'utf8').split('\r\n')
    fs.writeFileSync(changed, lines.filter((l) => !l.startsWith('satin-slip-gown')).join('\r\n').replaceAll('89.00', '79.00'))
    const dry = await importCatalogue(t.platform, { file: changed, dryRun: true, archiveMissing: true })
    expect(dry.products).toMatchObject({ created: 0, updated: 1, unchanged: 2, archived: 1 })
    expect((await byHandle('satin-slip-gown')).archived).toBe(false)

    const report = await importCatalogue(t.platform, { file: changed, archiveMissing: true })
    expect(report.products).toEqual({ created: 0, updated: 1, unchanged: 2, archived: 1, skipped: 2 })
    expect((await byHandle('linen-wrap-midi')).price).toBe(79)
    expect((await byHandle('satin-slip-gown')).archived).toBe(true)

    const search = await t.request('/api/search?q=satin', { cookie, schema: SearchResultsSchema })
    expect(search.json.products).toEqual([])
    expect(((await t.request('/api/products?q=satin', { schema: ProductPageSchema })).json).items).toEqual([])
    expect((await t.request(`/api/products/${slip.id}`, { schema: ProductDetailSchema })).json.archived).toBe(true)
    expect((await t.request('/api/cart', { cookie, schema: CartSchema })).json.items).toMatchObject([{ name: 'Satin Slip Gown', archived: true }])
    expect(await t.platform.db.select().from(productLikes).where(eq(productLikes.productId, slip.id))).toHaveLength(1)
    const again = await t.request('/api/cart/items', { cookie, body: { productId: slip.id, size: 'S', color: 'Black', quantity: 1 }, schema: ApiErrorSchema })
    expect(again.status).toBe(400)
    expect(again.json.error.message).toBe(MT.productArchived)
    expect(await t.platform.db.select().from(cartItems).where(eq(cartItems.productId, slip.id))).toHaveLength(1)
    const shipping = { firstName: 'Ada', lastName: 'Lovelace', country: 'France', streetName: '1 Rue de Rivoli', city: 'Paris', state: '', zipCode: '75001', phoneNumber: '+33 6 11 22 33 44' }
    const checkout = await t.request('/api/orders', { cookie, body: { shipping, shippingMethod: 'standard', paymentMethod: 'cash', agreeToTerms: true }, schema: ApiErrorSchema })
    expect(checkout.status).toBe(400)
    expect(checkout.json.error.message).toBe(MT.productUnavailable)

    // Back in the file: listed again.
    const back = await importCatalogue(t.platform, { file: csv, archiveMissing: true })
    expect(back.products).toMatchObject({ updated: 2, archived: 0 })
    expect((await byHandle('satin-slip-gown')).archived).toBe(false)
  })

  it('reads images from http(s) URLs only when allowed, with a size bound, and never other schemes', async () => {
    const served: string[] = []
    const slipBack = fs.readFileSync(path.join(dir, 'images/tee.jpg'))
    const fakeFetch = (async (url: URL) => {
      served.push(url.toString())
      return new Response(new Uint8Array(slipBack), { headers: { 'content-type': 'image/jpeg' } })
    }) as unknown as typeof fetch
    const report = await importCatalogue(t.platform, { file: csv, allowUrls: true, fetch: fakeFetch, dryRun: true })
    expect(served).toEqual(['https://cdn.example.com/files/slip-back.jpg'])
    expect(report.skipped.some((i) => i.reason.includes('cdn.example.com'))).toBe(false)

    const huge = (async () => new Response(new Uint8Array(13 * 1024 * 1024))) as unknown as typeof fetch
    const tooBig = await importCatalogue(t.platform, { file: csv, allowUrls: true, fetch: huge, dryRun: true })
    expect(reasons(tooBig)).toContain('12 Image Src: https://cdn.example.com/files/slip-back.jpg: The image is larger than 12 MB')

    const json = path.join(dir, 'schemes.json')
    const item = { name: 'Odd Dress', brand: 'Linea', category: 'casual', price: 10, colors: [{ name: 'Red' }], sizes: [{ name: 'M' }] }
    fs.writeFileSync(
      json,
      JSON.stringify([
        { ...item, handle: 'file-scheme', imageUrl: 'file:///etc/passwd' },
        { ...item, handle: 'escapes', imageUrl: '../outside.jpg' },
      ]),
    )
    const schemes = await importCatalogue(t.platform, { file: json, allowUrls: true, dryRun: true })
    expect(reasons(schemes).filter((r) => !r.includes('no usable image'))).toEqual([
      '1 image: file:///etc/passwd: Images are local paths or http(s) URLs',
      '2 image: ../outside.jpg: Image paths must stay inside the folder of the product file',
    ])
  })
})

describe("importing Drape's own JSON", () => {
  it('imports products shaped like the products API, by handle, and reports bad ones', async () => {
    const file = path.join(dir, 'drape.json')
    const good = {
      handle: 'json-knit-dress',
      name: 'Ribbed Knit Dress',
      brand: 'Nord Thread',
      category: 'knit',
      price: 99.5,
      originalPrice: null,
      colors: [{ name: 'Black', image: 'images/slip.webp' }, { name: 'Camel' }],
      sizes: [{ name: 'S', stock: 0 }, { name: 'M', available: true }, { name: 'L', available: false }],
      sizeChart: { S: { chest: [80, 84] }, M: { chest: [84, 88] } },
      imageUrl: 'images/tee.jpg',
      description: 'A ribbed knit.',
    }
    fs.writeFileSync(
      file,
      JSON.stringify({
        items: [good, { ...good, name: 'Same handle' }, { ...good, handle: 'bad-category', category: 'shoes' }, { ...good, handle: undefined }, { ...good, handle: 'bad-size', sizes: [{ name: '40' }] }],
      }),
    )
    const report = await importCatalogue(t.platform, { file })
    expect(report.products).toMatchObject({ created: 1, skipped: 2 })
    expect(report.skipped.map((i) => `${i.line} ${i.field}`)).toEqual(['2 handle', '3 category', '4 handle', '5 sizes'])
    const knit = await detail((await byHandle('json-knit-dress')).id)
    expect(knit).toMatchObject({ category: 'knit', price: 99.5, sizeChart: good.sizeChart, colors: [{ name: 'Black', hex: '#1F1F1F' }, { name: 'Camel', hex: '#C19A6B' }] })
    expect(knit.sizes).toEqual([
      { name: 'S', available: false, stock: 0 },
      { name: 'M', available: true },
      { name: 'L', available: false, stock: 0 },
    ])
    expect(knit.images).toHaveLength(2)
    expect(knit.colorImages).toEqual({ Black: knit.images[1] })
  })
})
