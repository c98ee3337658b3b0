import sharp, { type Metadata } from 'sharp'
import { badRequest, tooLarge, unsupportedType } from '../http/errors'

sharp.cache(false)

export const MAX_UPLOAD_BYTES = 12 * 1024 * 1024
export const MAX_INPUT_PIXELS = 40_000_000

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff'])

/** One re-encoded size: `requested` is the width asked for, `width` the one made (never upscaled). */
export type ImageVariant = { requested: number; width: number; data: Buffer; contentType: string; ext: string }
export type ProcessedImage = { width: number; height: number; variants: ImageVariant[] }

/**
 * Checks an uploaded file by its content (not its name or declared type), bounds its size and
 * pixel count, applies the EXIF orientation, strips every piece of metadata (EXIF, GPS, ICC) and
 * re-encodes it, once per requested width (never upscaled).
 */
export async function processUpload(
  input: Buffer,
  opts: { widths: number[]; format?: 'webp' | 'jpeg' | 'png'; quality?: number; maxBytes?: number; fit?: 'inside' | 'cover'; aspect?: number },
): Promise<ProcessedImage> {
  if (input.length === 0) throw badRequest('The file is empty.')
  if (input.length > (opts.maxBytes ?? MAX_UPLOAD_BYTES)) throw tooLarge(`Images can be at most ${Math.round((opts.maxBytes ?? MAX_UPLOAD_BYTES) / 1024 / 1024)} MB.`)
  let meta: Metadata
  try {
    // Header only (no pixels decoded), so the pixel bound below can answer 413 rather than 415.
    meta = await sharp(input, { limitInputPixels: false }).metadata()
  } catch {
    throw unsupportedType('That file is not an image we can read. Use a JPEG, PNG or WebP photo.')
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw unsupportedType('That file is not an image we can read. Use a JPEG, PNG or WebP photo.')
  if (!meta.width || !meta.height) throw unsupportedType('That image has no size.')
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw tooLarge('That image has too many pixels.')

  const format = opts.format ?? 'webp'
  const quality = opts.quality ?? 82
  const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate()
  const oriented = meta.orientation && meta.orientation >= 5 ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height }
  const variants: ImageVariant[] = []
  for (const width of [...new Set(opts.widths)].sort((a, b) => a - b)) {
    const w = Math.min(width, oriented.width)
    let pipeline = base.clone()
    pipeline = opts.aspect
      ? pipeline.resize({ width: w, height: Math.round(w / opts.aspect), fit: 'cover', position: 'attention' })
      : pipeline.resize({ width: w, withoutEnlargement: true, fit: 'inside' })
    pipeline = format === 'webp' ? pipeline.webp({ quality }) : format === 'png' ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality, mozjpeg: true })
    // sharp drops all metadata unless keepMetadata()/withMetadata() is called.
    // A file whose header reads fine but whose data is broken (e.g. a truncated JPEG) fails here.
    const data = await pipeline.toBuffer().catch(() => {
      throw unsupportedType('That image is damaged or incomplete. Try another photo.')
    })
    variants.push({ requested: width, width: w, data, contentType: `image/${format}`, ext: format === 'jpeg' ? 'jpg' : format })
  }
  return { ...oriented, variants }
}

/** The variant made for the requested `width` (asked for in processUpload's `widths`). */
export function variantOf(image: ProcessedImage, width: number): ImageVariant {
  const variant = image.variants.find((v) => v.requested === width)
  if (!variant) throw new Error(`No ${width} px variant was made.`)
  return variant
}

/** Reads a multipart file field as a Buffer, or a 400 when it is missing. */
export async function fileFromForm(form: FormData | Record<string, unknown>, field = 'file') {
  const value = form instanceof FormData ? form.get(field) : form[field]
  if (!(value instanceof File) && !(value instanceof Blob)) throw badRequest('Choose an image to upload.', { [field]: 'Choose an image to upload.' })
  const name = value instanceof File ? value.name : 'upload'
  return { buffer: Buffer.from(await value.arrayBuffer()), name, declaredType: value.type }
}
