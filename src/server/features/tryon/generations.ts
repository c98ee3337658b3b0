import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  type FileRef,
  type GarmentCategory,
  GarmentCategorySchema,
  type Generation,
  type GenerationEvent,
  HISTORY_LIMIT,
  type HistoryRow,
  OUTPUT_FORMATS,
  type StartTryOnInput,
  TRYON_HEIGHT,
  TRYON_WIDTH,
} from '~/shared/tryon/schemas'
import { T } from '~/shared/tryon/messages'
import { productGarmentKey } from '~/shared/marketplace/images'
import { MT } from '~/shared/marketplace/messages'
import { fileRefFromUrl } from '~/shared/tryon/file-ref'
import type { SessionUser } from '~/shared/auth'
import { aiGenerations } from '../../db/schema'
import { oneRow } from '../../db/one-row'
import { AppError, badRequest, notFound, rateLimited } from '../../http/errors'
import type { Platform } from '../../platform'
import { hit } from '../../platform/rate-limit'
import { fileAccess, readStoredFile } from '../platform'
import { productForPurchase } from '../products'
import { getBodyMeasurements } from '../profiles'
import { getSettings } from '../settings'

export const GENERATE_JOB = 'tryon.generate'
export type GenerateJob = { generationId: string; attempt: number }

/** Try-ons one user may have queued or running at once, and starts per hour. */
export const MAX_ACTIVE_PER_USER = 3
export const MAX_STARTS_PER_HOUR = 30

export type GenerationRow = typeof aiGenerations.$inferSelect
export const keyOf = (bucket: string, path: string) => `${bucket}/${path}`

export const toGeneration = (p: Platform, r: GenerationRow): Generation => ({
  id: r.id,
  status: r.status,
  outputUrl: r.outputUrl,
  outputUrls: r.outputUrls,
  error: r.error,
  model: r.model,
  productId: r.productId,
  subjectUrl: p.storage.url(keyOf(r.subjectBucket, r.subjectPath)),
  garmentUrl: p.storage.url(keyOf(r.garmentBucket, r.garmentPath)),
  prompt: typeof r.requestPayload.prompt === 'string' ? r.requestPayload.prompt : null,
  createdAt: r.createdAt.toISOString(),
})

export const toEvent = (r: Pick<GenerationRow, 'id' | 'status' | 'outputUrl' | 'error'>): GenerationEvent => ({ id: r.id, status: r.status, outputUrl: r.outputUrl, error: r.error })

/** A stored image the user may read (own photo, own output, a product or post image), or a 400. */
async function readableImage(p: Platform, user: SessionUser, ref: FileRef, missing: string) {
  const key = keyOf(ref.bucket, ref.path)
  if (!(await fileAccess(p, key, user))) throw badRequest(missing)
  if (!(await readStoredFile(p, key))) throw badRequest(missing)
  return ref
}

/** The cut-out garment (`products/<set>/garment.png`) beside a generated product image, if the ref is one. */
function cutOutBeside(ref: FileRef): FileRef | null {
  const set = ref.bucket === 'products' ? /^([^/]+)\/\d+\.webp$/.exec(ref.path)?.[1] : undefined
  return set ? { bucket: 'products', path: productGarmentKey(set).slice('products/'.length) } : null
}

/**
 * The garment the engine gets for a product try-on: the chosen colour's image (the product's own
 * when no colour is given), as its cut-out garment when the catalogue has one (the catalogue draws
 * dresses, so the engine is told so rather than left to read a drawing's type). Without a product,
 * the image the user chose.
 */
async function garmentRef(p: Platform, ref: FileRef, productId: string | undefined, color: string | undefined): Promise<{ ref: FileRef; category?: GarmentCategory }> {
  if (!productId) return { ref }
  const product = await productForPurchase(p.db, productId)
  if (color && !product.colors.some((c) => c.name === color)) throw badRequest(MT.colorUnavailable, { color: MT.colorUnavailable })
  const image = fileRefFromUrl((color && product.colorImages[color]) || product.imageUrl) ?? ref
  const cutOut = cutOutBeside(image)
  if (cutOut && (await readStoredFile(p, keyOf(cutOut.bucket, cutOut.path)))) return { ref: cutOut, category: 'dress' }
  return { ref: (await readStoredFile(p, keyOf(image.bucket, image.path))) ? image : ref }
}

const MeasurementsSchema = z.object({ heightCm: z.number(), chestCm: z.number(), waistCm: z.number(), hipCm: z.number() }).partial()
export type Measurements = z.infer<typeof MeasurementsSchema>
const MEASUREMENT_LABELS: readonly (readonly [keyof Measurements, string])[] = [['heightCm', 'height'], ['chestCm', 'chest'], ['waistCm', 'waist'], ['hipCm', 'hip']]

/**
 * What a generation row keeps of its request (`requestPayload`), the worker's input. A row whose
 * payload does not match (written by an older version, or damaged) fails rather than runs on guesses.
 */
export const GenerationPayloadSchema = z.object({
  prompt: z.string(),
  promptExtras: z.string().nullish(),
  size: z.string().nullable(),
  color: z.string().nullish(),
  category: z.nullable(GarmentCategorySchema),
  measurements: MeasurementsSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  numberResults: z.number().int().positive(),
  outputFormat: z.enum(OUTPUT_FORMATS),
  model: z.string(),
  customJson: z.record(z.string(), z.unknown()).nullable(),
})
export type GenerationPayload = z.infer<typeof GenerationPayloadSchema>

/** The prompt: the user's template, the extras, and the chosen size and body measurements. */
export function buildPrompt(template: string, extras: string | undefined, size: string | undefined, m: Measurements) {
  const body = MEASUREMENT_LABELS.flatMap(([k, label]) => {
    const cm = m[k]
    return cm == null ? [] : [`${label} ${Math.round(cm)} cm`]
  })
  return [template.trim(), extras?.trim() ? `${extras.trim().replace(/\.$/, '')}.` : '', size ? `The garment is size ${size}.` : '', body.length ? `The person's measurements: ${body.join(', ')}.` : '']
    .filter(Boolean)
    .join(' ')
}

/** The user's measurements from their own profile (cm), without the missing ones. */
async function measurementsOf(p: Platform, userId: string): Promise<Measurements> {
  const m = await getBodyMeasurements(p.db, userId)
  return Object.fromEntries(Object.entries(m).filter(([, v]) => v != null)) as Measurements
}

/**
 * Starts a try-on: checks the inputs are the user's (or public catalogue/post images), applies the
 * per-user limits, records a 'queued' generation with the request payload and queues its job.
 */
export async function startGeneration(p: Platform, user: SessionUser, input: StartTryOnInput): Promise<Generation> {
  // The person is always one of the user's own images (their photos, posts or outputs).
  const subjectMissing = 'That base photo is not available. Please choose another one.'
  if (input.subject.path.split('/')[0] !== user.id) throw badRequest(subjectMissing)
  const subject = await readableImage(p, user, input.subject, subjectMissing)
  const { ref: garment, category } = await garmentRef(p, await readableImage(p, user, input.garment, T.failedToFetchProductImage), input.productId, input.color)
  const [active] = await p.db
    .select({ n: sql<number>`count(*)::int` })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.userId, user.id), inArray(aiGenerations.status, ['queued', 'processing'])))
  if ((active?.n ?? 0) >= MAX_ACTIVE_PER_USER) throw rateLimited(`You already have ${MAX_ACTIVE_PER_USER} try-ons in progress. Please wait for one to finish.`)
  if (p.config.RATE_LIMIT) await hit(p.db, `tryon:${user.id}`, MAX_STARTS_PER_HOUR, 3600, 'You have started many try-ons in the last hour. Please try again later.')

  const { settings, saved } = await getSettings(p.db, user.id)
  const measurements = await measurementsOf(p, user.id)
  const prompt = buildPrompt(settings.prompt_template, input.promptExtras || T.defaultPromptExtras, input.size, measurements)
  const row = oneRow(await p.db
    .insert(aiGenerations)
    .values({
      userId: user.id,
      status: 'queued',
      model: p.config.TRYON_ENGINE === 'runware' ? settings.model : p.config.TRYON_ENGINE,
      subjectBucket: subject.bucket,
      subjectPath: subject.path,
      garmentBucket: garment.bucket,
      garmentPath: garment.path,
      productId: input.productId ?? null,
      requestPayload: {
        prompt,
        promptExtras: input.promptExtras ?? null,
        size: input.size ?? null,
        color: input.color ?? null,
        category: input.category ?? category ?? null,
        measurements,
        width: saved ? settings.width : TRYON_WIDTH,
        height: saved ? settings.height : TRYON_HEIGHT,
        numberResults: settings.number_results,
        outputFormat: settings.output_format,
        model: settings.model,
        customJson: settings.custom_json,
      } satisfies GenerationPayload,
    })
    .returning())
  try {
    await p.queue.send(GENERATE_JOB, { generationId: row.id, attempt: 0 } satisfies GenerateJob)
  } catch (err) {
    await p.db.update(aiGenerations).set({ status: 'failed', error: 'Could not queue the try-on. Please try again.', finishedAt: new Date() }).where(eq(aiGenerations.id, row.id))
    throw new AppError(503, 'unavailable', `Could not queue the try-on. Please try again. (${(err as Error).message})`)
  }
  return toGeneration(p, row)
}

/** One of the user's own generations. */
export async function getGeneration(p: Platform, userId: string, id: string): Promise<Generation> {
  const [row] = await p.db
    .select()
    .from(aiGenerations)
    .where(and(eq(aiGenerations.id, id), eq(aiGenerations.userId, userId)))
    .limit(1)
  if (!row) throw notFound('Generation not found.')
  return toGeneration(p, row)
}

/** The user's own generations, newest first (the hub's recent list). */
export async function listGenerations(p: Platform, userId: string, limit: number) {
  const rows = await p.db.select().from(aiGenerations).where(eq(aiGenerations.userId, userId)).orderBy(desc(aiGenerations.createdAt)).limit(limit)
  return rows.map((r) => toGeneration(p, r))
}

/** The setup page's history: the user's own generations, newest first, at most 50. */
export async function generationHistory(p: Platform, userId: string): Promise<HistoryRow[]> {
  const rows = await p.db
    .select({ id: aiGenerations.id, status: aiGenerations.status, model: aiGenerations.model, error: aiGenerations.error, outputUrl: aiGenerations.outputUrl, createdAt: aiGenerations.createdAt })
    .from(aiGenerations)
    .where(eq(aiGenerations.userId, userId))
    .orderBy(desc(aiGenerations.createdAt))
    .limit(HISTORY_LIMIT)
  return rows.map((r) => ({ id: r.id, status: r.status, model: r.model, error: r.error, imageUrl: r.outputUrl, createdAt: r.createdAt.toISOString() }))
}
