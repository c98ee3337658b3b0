import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PRODUCT_IMAGE_WIDTHS, productGarmentKey, productImageKey } from '~/shared/marketplace/images'
import type { Storage } from '../../platform/storage'
import { buildCatalogue } from './catalogue'
import { renderProductImages } from './images'

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
})
