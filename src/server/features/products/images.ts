import sharp from 'sharp'
import { colorImageSet, PRODUCT_IMAGE_WIDTHS, productGarmentKey, productImageKey } from '~/shared/marketplace/images'
import type { ProductColor } from '../../db/schema'
import type { Storage } from '../../platform/storage'
import type { DressStyle } from './catalogue'
import { dressSvg } from './illustration'

const LARGEST = Math.max(...PRODUCT_IMAGE_WIDTHS)
const GARMENT_WIDTH = 480

/**
 * Renders a product's illustration once at the largest width and stores a WebP per width
 * (`products/<id>/<w>.webp`), plus the dress alone on a transparent background
 * (`products/<id>/garment.png`) whose alpha channel is the garment mask for the try-on engine.
 * The largest WebP is written last, so its presence means the set is complete.
 */
export async function renderProductImages(storage: Storage, id: string, style: DressStyle, colorHex: string) {
  const { data, info } = await sharp(Buffer.from(dressSvg(style, colorHex, { width: LARGEST }))).raw().toBuffer({ resolveWithObject: true })
  const garment = await sharp(Buffer.from(dressSvg(style, colorHex, { width: GARMENT_WIDTH, garmentOnly: true })))
    .png({ compressionLevel: 6 })
    .toBuffer()
  await storage.put(productGarmentKey(id), garment, 'image/png')
  for (const width of [...PRODUCT_IMAGE_WIDTHS].sort((a, b) => a - b)) {
    const webp = await sharp(data, { raw: info }).resize(width).webp({ quality: 80, effort: 0 }).toBuffer()
    await storage.put(productImageKey(id, width), webp, 'image/webp')
  }
}

export const hasProductImages = (storage: Storage, id: string) => storage.has(productImageKey(id, LARGEST))

export type ImageSet = { set: string; style: DressStyle; hex: string }

/** The image set of each colour of a generated product, first colour first. */
export const colorImageSets = (id: string, style: DressStyle, colors: readonly ProductColor[]): ImageSet[] => colors.map((c) => ({ set: colorImageSet(id, colors, c.name), style, hex: c.hex }))

/** Renders an image set unless it is complete already. */
export async function renderMissing(storage: Storage, s: ImageSet) {
  if (!(await hasProductImages(storage, s.set))) await renderProductImages(storage, s.set, s.style, s.hex)
}
