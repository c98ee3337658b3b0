import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { colorImageSet, PRODUCT_IMAGE_WIDTHS, productGarmentKey, productImageKey } from '~/shared/marketplace/images'
import type { Storage } from '../../platform/storage'
import { buildCatalogue } from './catalogue'
import { colorImageSets, renderMissing, renderProductImages } from './images'

describe('generated product images', () => {
  it('stores a 3:4 WebP per width and a garment PNG whose background is transparent', async () => {
    const files = new Map<string, { body: Buffer; type: string }>()
    const storage = { put: async (key: string, body: Buffer, type: string) => void files.set(key, { body, type }) } as unknown as Storage
    const product = buildCatalogue().find((c) => c.style.pattern === 'floral')!
    await renderProductImages(storage, product.id, product.style, product.colors[0]!.hex)

    for (const width of PRODUCT_IMAGE_WIDTHS) {
      const file = files.get(productImageKey(product.id, width))!
      expect(file.type).toBe('image/webp')
      const meta = await sharp(file.body).metadata()
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', width, Math.round((width * 4) / 3)])
    }
    const garment = files.get(productGarmentKey(product.id))!
    const { data, info } = await sharp(garment.body).raw().toBuffer({ resolveWithObject: true })
    expect(info.channels).toBe(4)
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3]
    expect(alphaAt(2, 2)).toBe(0)
    expect(alphaAt(Math.round(info.width / 2), Math.round(info.height / 2))).toBe(255)
  })

  it('cuts the garment for the try-on out without an outline: its edge is the cloth, not a drawn dark line (worn, it showed as a beaded edge)', async () => {
    const files = new Map<string, Buffer>()
    const storage = { put: async (key: string, body: Buffer) => void files.set(key, body) } as unknown as Storage
    const product = buildCatalogue().find((c) => c.style.pattern === 'solid')!
    await renderProductImages(storage, product.id, product.style, product.colors[0]!.hex)
    const { data, info } = await sharp(files.get(productGarmentKey(product.id))!).raw().toBuffer({ resolveWithObject: true })
    const lightness = (x: number, y: number) => {
      const i = (y * info.width + x) * 4
      return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!
    }
    // Across the middle of the bodice, from the left: the first opaque pixel is as light as the cloth a few pixels in.
    const y = Math.round(info.height * 0.3)
    let x = 0
    while (x < info.width && data[(y * info.width + x) * 4 + 3]! < 255) x++
    expect(x).toBeLessThan(info.width / 2)
    expect(Math.abs(lightness(x, y) - lightness(x + 6, y))).toBeLessThan(12)
  })

  it("renders every colour's own image set once, in that colour", async () => {
    const files = new Map<string, Buffer>()
    const storage = { put: async (key: string, body: Buffer) => void files.set(key, body), has: async (key: string) => files.has(key) } as unknown as Storage
    const product = buildCatalogue().find((c) => c.colors.length > 1 && c.style.pattern === 'solid')!
    const render = () => Promise.all(colorImageSets(product.id, product.style, product.colors).map((s) => renderMissing(storage, s)))
    await render()
    const rendered = files.size
    expect(rendered).toBe(product.colors.length * (PRODUCT_IMAGE_WIDTHS.length + 1))
    for (const color of product.colors) {
      const garment = files.get(productGarmentKey(colorImageSet(product.id, product.colors, color.name)))!
      const { data, info } = await sharp(garment).raw().toBuffer({ resolveWithObject: true })
      const at = (Math.round(info.height / 2) * info.width + Math.round(info.width / 2)) * 4
      const hex = (n: number) => parseInt(color.hex.slice(1 + n * 2, 3 + n * 2), 16)
      // The middle of the dress is near the colour's hex (shading moves it a little).
      for (const n of [0, 1, 2]) expect(Math.abs(data[at + n]! - hex(n)), color.name).toBeLessThan(60)
    }
    await render()
    expect(files.size).toBe(rendered)
  })
})
