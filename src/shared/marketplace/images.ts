import type { NonEmpty } from '../lists'
/** Generated product images: WebP in several widths (3:4) plus a garment PNG with transparency. */
export const PRODUCT_IMAGE_WIDTHS = [240, 480, 720] as const
/** Cards never need more than 480 px (two columns on a phone at 2-3x), which keeps them small. */
export const CARD_IMAGE_WIDTHS = [240, 480] as const
export const PRODUCT_IMAGE_DEFAULT_WIDTH = 480
/** The `sizes` of a card's image: half the column in the grid, a 112 px thumbnail in the list. */
export const CARD_IMAGE_SIZES = { grid: '(max-width: 480px) 50vw, 240px', list: '112px' } as const

export const productImageKey = (productId: string, width: number) => `products/${productId}/${width}.webp`
export const productGarmentKey = (productId: string) => `products/${productId}/garment.png`

/**
 * The image set (the `<id>` of the keys above) of one colour of a generated product: the first
 * colour's is the product's own set, every other colour has `<productId>-<colour>`.
 */
export function colorImageSet(productId: string, colors: readonly { name: string }[], color: string) {
  return colors[0]?.name === color ? productId : `${productId}-${color.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`
}

const GENERATED = /\/products\/[^/]+\/\d+\.webp$/
const withWidth = (imageUrl: string, width: number) => imageUrl.replace(/\d+\.webp$/, `${width}.webp`)

/** `src` and `srcset` for a stored product image URL (`…/products/<id>/<width>.webp`); other URLs are used as they are. */
export function productImageSources(imageUrl: string, widths: NonEmpty<number> = PRODUCT_IMAGE_WIDTHS) {
  if (!GENERATED.test(imageUrl)) return { src: imageUrl, srcSet: undefined }
  return { src: withWidth(imageUrl, widths[0]), srcSet: widths.map((w) => `${withWidth(imageUrl, w)} ${w}w`).join(', ') }
}

type ColoredProduct = { imageUrl: string; colors: readonly { name: string }[]; colorImages: Record<string, string> }

/**
 * The colour a product page shows for the `color` asked for in its address (the first colour when
 * that is none of the product's) and that colour's image. The server preloads the same image.
 */
export function shownColor(p: ColoredProduct, wanted: string | null) {
  const color = p.colors.find((c) => c.name === wanted)?.name ?? p.colors[0]?.name ?? ''
  return { color, image: p.colorImages[color] ?? p.imageUrl }
}
