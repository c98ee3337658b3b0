/** The `sizes` of an image as wide as the column (at most 480 px): a post's images, a product's main image. */
export const COLUMN_IMAGE_SIZES = '(max-width: 480px) 100vw, 480px'
