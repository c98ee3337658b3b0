import { z } from 'zod/mini'
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
  originalFilename: z.nullable(z.string()),
  fileSize: z.number(),
  mimeType: z.string(),
  createdAt: z.string(),
})
export type Photo = z.infer<typeof PhotoSchema>

export const PhotoListQuerySchema = z.strictObject({ type: PhotoTypeSchema })
export const UuidParamSchema = z.strictObject({ id: z.uuid('Not found.') })

/** An image in our own storage: `bucket/path` (never a URL to fetch). */
export const FileRefSchema = z.strictObject({
  bucket: z.string().check(z.refine(isStorageBucket, 'Unknown bucket.')),
  path: z.string().check(z.refine(isStoragePath, 'Invalid path.')),
})
export type FileRef = z.infer<typeof FileRefSchema>

export const GarmentCategorySchema = z.enum(['top', 'dress', 'bottom'])
export type GarmentCategory = z.infer<typeof GarmentCategorySchema>

export const StartTryOnSchema = z.strictObject({
  subject: FileRefSchema,
  garment: FileRefSchema,
  productId: z.optional(z.uuid()),
  /** The product's colour the shopper chose: the try-on wears that colour's garment image. */
  color: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  category: z.optional(GarmentCategorySchema),
  promptExtras: z.optional(z.string().check(z.trim(), z.maxLength(500))),
  size: z.optional(z.enum(GARMENT_SIZES)),
})
export type StartTryOnInput = z.infer<typeof StartTryOnSchema>

export const GenerationStatusSchema = z.enum(['queued', 'processing', 'succeeded', 'failed'])

export const GenerationSchema = z.object({
  id: z.string(),
  status: GenerationStatusSchema,
  outputUrl: z.nullable(z.string()),
  outputUrls: z.array(z.string()),
  error: z.nullable(z.string()),
  model: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  subjectUrl: z.string(),
  garmentUrl: z.string(),
  prompt: z.nullable(z.string()),
  createdAt: z.string(),
})
export type Generation = z.infer<typeof GenerationSchema>
/** The live event published on `/api/events` as `generation`. */
/** What the try-on worker publishes about a generation as it moves on. */
export const GenerationEventSchema = z.pick(GenerationSchema, { id: true, status: true, outputUrl: true, error: true })
export type GenerationEvent = z.infer<typeof GenerationEventSchema>

export const ProductSummarySchema = z.object({ id: z.string(), name: z.string(), brand: z.string(), imageUrl: z.string(), price: z.number() })
export type ProductSummary = z.infer<typeof ProductSummarySchema>

const resultUrl = () => z.optional(z.string().check(z.maxLength(500)))
export const SaveResultSchema = z.strictObject({ generationId: z.uuid(), resultUrl: resultUrl() })
export const TryOnResultSchema = z.object({
  id: z.string(),
  generationId: z.nullable(z.string()),
  productId: z.nullable(z.string()),
  basePhotoUrl: z.string(),
  productPhotoUrl: z.string(),
  resultUrl: z.string(),
  createdAt: z.string(),
  product: z.nullable(z.pick(ProductSummarySchema, { id: true, name: true, brand: true, imageUrl: true })),
})
export type TryOnResult = z.infer<typeof TryOnResultSchema>

export const PostToFeedSchema = z.strictObject({ generationId: z.uuid(), resultUrl: resultUrl(), caption: z.optional(z.string().check(z.trim(), z.maxLength(2200))) })
/** The post a result became. */
export const PostedResultSchema = z.object({ postId: z.string(), imageUrl: z.string() })

/** The account export file: its version and time, then every area's data. */
export const ExportFileSchema = z.looseObject({ version: z.literal(EXPORT_VERSION), exportedAt: z.string() })

export const CollectionSchema = z.object({ id: z.string(), name: z.string(), itemCount: z.number(), coverUrl: z.nullable(z.string()), createdAt: z.string() })
export type Collection = z.infer<typeof CollectionSchema>
export const CreateCollectionSchema = z.strictObject({ name: z.string().check(z.trim(), z.minLength(1, 'Give the collection a name.'), z.maxLength(60, 'At most 60 characters.')) })
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

const dimension = z.number({ error: 'Enter a number.' }).check(z.int('Use whole pixels.'), z.minimum(256, 'At least 256 px.'), z.maximum(2048, 'At most 2048 px.'))

export const SettingsSchema = z.strictObject({
  model: z.string().check(z.trim(), z.minLength(1, 'Choose a model.'), z.maxLength(100, 'At most 100 characters.'), z.regex(/^[\w:@.\-/]+$/, 'Use a model id like runware:106@1.')),
  width: dimension,
  height: dimension,
  number_results: z.number({ error: T.numberResultsHint }).check(z.int(T.numberResultsHint), z.minimum(1, T.numberResultsHint), z.maximum(4, T.numberResultsHint)),
  output_format: z.enum(OUTPUT_FORMATS),
  prompt_template: z.string().check(z.trim(), z.minLength(1, 'Enter a prompt template.'), z.maxLength(4000, 'At most 4000 characters.')),
  custom_json: z.nullable(z.record(z.string(), z.unknown())),
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
export const SettingsResponseSchema = z.extend(SettingsSchema, { saved: z.boolean(), engine: z.enum(TRYON_ENGINES) })
export type SettingsResponse = z.infer<typeof SettingsResponseSchema>

export const HistoryRowSchema = z.object({
  id: z.string(),
  status: GenerationStatusSchema,
  model: z.nullable(z.string()),
  error: z.nullable(z.string()),
  imageUrl: z.nullable(z.string()),
  createdAt: z.string(),
})
export type HistoryRow = z.infer<typeof HistoryRowSchema>
