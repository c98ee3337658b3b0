/** Spec part 2 §9: requested output size, polling and history constants. */
export const TRYON_WIDTH = 768
export const TRYON_HEIGHT = 1024
export const POLL_FIRST_MS = 2000
export const POLL_EVERY_MS = 3000
export const POLL_TIMEOUT_MS = 300_000
export const HISTORY_LIMIT = 50
export const EXPORT_VERSION = '3.0.0'
export const GARMENT_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
export const DEFAULT_POST_CAPTION = '✨ My new look, tried on with Drape Style Studio #VirtualTryOn #AIFashion #StyleStudio #OOTD'
/** The `sizes` of a picker thumbnail in the try-on studio (96 px wide). */
export const THUMBNAIL_SIZES = '96px'
