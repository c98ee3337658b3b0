import { z } from 'zod'
import { EXPORT_VERSION, GARMENT_SIZES } from './constants'
import { isStorageBucket, isStoragePath } from './file-ref'
import { T } from './messages'

// Without zod, so that screens that need only these do not load it (issue #13 first-load budget).
export * from './constants'
export { fileRefFromUrl, isStorageBucket, isStoragePath } from './file-ref'

export const PhotoTypeSchema = z.enum(['base', 'product'])
export type PhotoType = z.infer<typeof PhotoTypeSchema>

export const PhotoSchema = z.object({
  id: z.string(),
  photoType: PhotoTypeSchema,
  filePath: z.string(),
  fileUrl: z.string(),
  originalFilename: z.string().nullable(),
  fileSize: z.number(),
  mimeType: z.string(),
  createdAt: z.string(),
})
export type Photo = z.infer<typeof PhotoSchema>

export const PhotoListQuerySchema = z.strictObject({ type: PhotoTypeSchema })
export const UuidParamSchema = z.strictObject({ id: z.uuid('Not found.') })

/** An image in our own storage: `bucket/path` (never a URL to fetch). */
export const FileRefSchema = z.strictObject({
  bucket: z.string().refine(isStorageBucket, 'Unknown bucket.'),
  path: z.string().refine(isStoragePath, 'Invalid path.'),
})
export type FileRef = z.infer<typeof FileRefSchema>

export const GarmentCategorySchema = z.enum(['top', 'dress', 'bottom'])

export const StartTryOnSchema = z.strictObject({
  subject: FileRefSchema,
  garment: FileRefSchema,
  productId: z.uuid().optional(),
  /** The product's colour the shopper chose: the try-on wears that colour's garment image. */
  color: z.string().trim().min(1).max(40).optional(),
  category: GarmentCategorySchema.optional(),
  promptExtras: z.string().trim().max(500).optional(),
  size: z.enum(GARMENT_SIZES).optional(),
})
export type StartTryOnInput = z.infer<typeof StartTryOnSchema>

export const GenerationStatusSchema = z.enum(['queued', 'processing', 'succeeded', 'failed'])

export const GenerationSchema = z.object({
  id: z.string(),
  status: GenerationStatusSchema,
  outputUrl: z.string().nullable(),
  outputUrls: z.array(z.string()),
  error: z.string().nullable(),
  model: z.string().nullable(),
  productId: z.string().nullable(),
  subjectUrl: z.string(),
  garmentUrl: z.string(),
  prompt: z.string().nullable(),
  createdAt: z.string(),
})
export type Generation = z.infer<typeof GenerationSchema>
/** The live event published on `/api/events` as `generation`. */
/** What the try-on worker publishes about a generation as it moves on. */
export const GenerationEventSchema = GenerationSchema.pick({ id: true, status: true, outputUrl: true, error: true })
export type GenerationEvent = z.infer<typeof GenerationEventSchema>

export const ProductSummarySchema = z.object({ id: z.string(), name: z.string(), brand: z.string(), imageUrl: z.string(), price: z.number() })
export type ProductSummary = z.infer<typeof ProductSummarySchema>

export const SaveResultSchema = z.strictObject({ generationId: z.uuid(), resultUrl: z.string().max(500).optional() })
export const TryOnResultSchema = z.object({
  id: z.string(),
  generationId: z.string().nullable(),
  productId: z.string().nullable(),
  basePhotoUrl: z.string(),
  productPhotoUrl: z.string(),
  resultUrl: z.string(),
  createdAt: z.string(),
  product: ProductSummarySchema.pick({ id: true, name: true, brand: true, imageUrl: true }).nullable(),
})
export type TryOnResult = z.infer<typeof TryOnResultSchema>

export const PostToFeedSchema = z.strictObject({ generationId: z.uuid(), resultUrl: z.string().max(500).optional(), caption: z.string().trim().max(2200).optional() })
/** The post a result became. */
export const PostedResultSchema = z.object({ postId: z.string(), imageUrl: z.string() })

/** The account export file: its version and time, then every area's data. */
export const ExportFileSchema = z.object({ version: z.literal(EXPORT_VERSION), exportedAt: z.string() }).loose()

export const CollectionSchema = z.object({ id: z.string(), name: z.string(), itemCount: z.number(), coverUrl: z.string().nullable(), createdAt: z.string() })
export type Collection = z.infer<typeof CollectionSchema>
export const CreateCollectionSchema = z.strictObject({ name: z.string().trim().min(1, 'Give the collection a name.').max(60, 'At most 60 characters.') })
export const AddToCollectionSchema = z.strictObject({ resultId: z.uuid() })

// Settings (spec part 2 §5, §9)
export const RECOMMENDED_MODEL = 'runware:106@1'
export const MODEL_CHOICES = [
  { value: 'runware:106@1', label: 'runware:106@1 (recommended)' },
  { value: 'runware:100@1', label: 'runware:100@1' },
  { value: 'bfl:3@1', label: 'bfl:3@1' },
  { value: 'bfl:4@1', label: 'bfl:4@1' },
  { value: 'bfl:flux@vto', label: 'bfl:flux@vto (FLUX Virtual Try-On)' },
  { value: 'custom', label: 'custom' },
] as const
export const SUPPORTED_MODELS: readonly string[] = MODEL_CHOICES.map((m) => m.value).filter((v) => v !== 'custom')
export const isSupportedModel = (model: string) => SUPPORTED_MODELS.includes(model)
export const MODEL_FALLBACK_WARNING = `This model lacks seedImage/mask support; requests fall back to ${RECOMMENDED_MODEL}.`
export const OUTPUT_FORMATS = ['JPG', 'PNG', 'WEBP'] as const

export const DEFAULT_PROMPT_TEMPLATE =
  'Virtual try-on. Image 1 shows the person; image 2 shows the garment. Create a photorealistic photo of the exact person from image 1 wearing the garment from image 2. ' +
  'Keep the face, identity, hair, skin tone, body shape, pose, hands, camera angle, lighting and background of image 1 exactly as they are. ' +
  'Replace only the clothing: transfer the garment from image 2 with its true colour, pattern, print, fabric texture, neckline, sleeves, length and fit, draped naturally on the body with realistic folds and shadows. ' +
  'Do not add accessories, text or logos that are not in image 2.'

const dimension = z.number({ error: 'Enter a number.' }).int('Use whole pixels.').min(256, 'At least 256 px.').max(2048, 'At most 2048 px.')

export const SettingsSchema = z.strictObject({
  model: z.string().trim().min(1, 'Choose a model.').max(100).regex(/^[\w:@.\-/]+$/, 'Use a model id like runware:106@1.'),
  width: dimension,
  height: dimension,
  number_results: z.number({ error: T.numberResultsHint }).int(T.numberResultsHint).min(1, T.numberResultsHint).max(4, T.numberResultsHint),
  output_format: z.enum(OUTPUT_FORMATS),
  prompt_template: z.string().trim().min(1, 'Enter a prompt template.').max(4000, 'At most 4000 characters.'),
  custom_json: z.record(z.string(), z.unknown()).nullable(),
})
export type Settings = z.infer<typeof SettingsSchema>

export const DEFAULT_SETTINGS: Settings = {
  model: 'bfl:4@1',
  width: 1024,
  height: 1024,
  number_results: 1,
  output_format: 'JPG',
  prompt_template: DEFAULT_PROMPT_TEMPLATE,
  custom_json: null,
}

/** The try-on engines a server can run (TRYON_ENGINE). */
export const TRYON_ENGINES = ['local', 'runware', 'http'] as const
export type TryOnEngineName = (typeof TRYON_ENGINES)[number]
/** The user's settings, whether they were saved, and the engine this server runs (the settings drive Runware only). */
export const SettingsResponseSchema = SettingsSchema.extend({ saved: z.boolean(), engine: z.enum(TRYON_ENGINES) })
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>

export const HistoryRowSchema = z.object({
  id: z.string(),
  status: GenerationStatusSchema,
  model: z.string().nullable(),
  error: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
})
export type HistoryRow = z.infer<typeof HistoryRowSchema>
