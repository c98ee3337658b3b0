import { and, eq, lt } from 'drizzle-orm'
import type { OutputFormat, TryOnImage, TryOnInput } from '../../tryon/engine'
import { forgetAnalysisOfDeleted, TryOnError } from '../../tryon'
import { aiGenerations } from '../../db/schema'
import type { Platform } from '../../platform'
import sharp from 'sharp'
import { MAX_INPUT_PIXELS, processUpload, variantOf } from '../../platform/images'
import { logger } from '../../platform/logger'
import { engineOf } from './engine-registry'
import { GENERATE_JOB, type GenerateJob, GenerationPayloadSchema, type GenerationRow, keyOf, toEvent } from './generations'

/** A job runs at most this many times (a retryable engine error or a crash starts the next). */
export const MAX_ATTEMPTS = 2
export const HEARTBEAT_MS = 10_000
/** A 'processing' row without a heartbeat for this long lost its worker. */
export const STALE_AFTER_MS = 45_000
/** A 'queued' row this old lost its job. */
export const QUEUED_EXPIRY_MS = 15 * 60_000
const ENGINE_TIMEOUT_MS = 5 * 60_000
export const INTERRUPTED = 'The try-on was interrupted. Please try again.'
export const UNREADABLE_REQUEST = 'This try-on can no longer be run. Please start it again.'

const thisAttempt = (id: string, attempt: number) => and(eq(aiGenerations.id, id), eq(aiGenerations.attempt, attempt))

async function publish(p: Platform, row: GenerationRow) {
  await p.events.publish(row.userId, { type: 'generation', data: toEvent(row) }).catch((err) => logger.warn('could not publish generation event', { err }))
}

/** The widest result stored; a wider engine image is scaled down. */
const OUTPUT_MAX_WIDTH = 2048
const ENCODINGS = { JPG: { format: 'jpeg', ext: 'jpg' }, PNG: { format: 'png', ext: 'png' }, WEBP: { format: 'webp', ext: 'webp' } } as const

/**
 * An engine image as we store it: checked by content; kept as is when it already is the requested
 * format without metadata, otherwise re-encoded (metadata stripped, size bounded).
 */
async function normalizeOutput(image: TryOnImage, format: OutputFormat) {
  const wanted = ENCODINGS[format]
  const meta = await sharp(image.data, { limitInputPixels: MAX_INPUT_PIXELS })
    .metadata()
    .catch(() => null)
  if (!meta?.width || !meta.height) throw new TryOnError('The try-on engine returned an image we could not read. Please try again.')
  if (meta.format === wanted.format && !meta.exif && !meta.xmp && !meta.iptc && !meta.icc && meta.width <= OUTPUT_MAX_WIDTH && meta.height <= OUTPUT_MAX_WIDTH) {
    return { data: image.data, ext: wanted.ext, contentType: `image/${wanted.format}` }
  }
  const out = await processUpload(image.data, { widths: [OUTPUT_MAX_WIDTH], format: wanted.format, quality: 90, maxBytes: 40 * 1024 * 1024 })
  const v = variantOf(out, OUTPUT_MAX_WIDTH)
  return { data: v.data, ext: v.ext, contentType: v.contentType }
}

/** Stores the engine's images under ai-outputs/{userId}/{generationId}/ (private to the user). */
async function storeOutputs(p: Platform, row: GenerationRow, images: TryOnImage[], format: OutputFormat) {
  return Promise.all(
    images.map(async (image, i) => {
      const v = await normalizeOutput(image, format)
      const key = `ai-outputs/${row.userId}/${row.id}/${row.attempt}-${i}.${v.ext}`
      await p.storage.put(key, v.data, v.contentType)
      return p.storage.url(key)
    }),
  )
}

async function finish(p: Platform, row: GenerationRow, set: Partial<GenerationRow>) {
  const [done] = await p.db
    .update(aiGenerations)
    .set({ ...set, finishedAt: new Date(), heartbeatAt: null })
    .where(and(thisAttempt(row.id, row.attempt), eq(aiGenerations.status, 'processing')))
    .returning()
  if (done) await publish(p, done)
}

/**
 * Gives a running attempt back to the queue unchanged (this process is shutting down): another
 * worker runs the same attempt, which does not count as a failure.
 */
async function handBack(p: Platform, row: GenerationRow) {
  const [queued] = await p.db
    .update(aiGenerations)
    .set({ status: 'queued', heartbeatAt: null })
    .where(and(thisAttempt(row.id, row.attempt), eq(aiGenerations.status, 'processing')))
    .returning()
  if (!queued) return
  await p.queue.send(GENERATE_JOB, { generationId: row.id, attempt: row.attempt } satisfies GenerateJob)
  await publish(p, queued)
  logger.info('generation handed back to the queue at shutdown', { id: row.id, attempt: row.attempt })
}

/** Puts a generation back in the queue as its next attempt. */
async function requeue(p: Platform, id: string, fromAttempt: number, startAfter = 0) {
  const [row] = await p.db
    .update(aiGenerations)
    .set({ status: 'queued', attempt: fromAttempt + 1, heartbeatAt: null })
    .where(thisAttempt(id, fromAttempt))
    .returning()
  if (!row) return
  await p.queue.send(GENERATE_JOB, { generationId: id, attempt: row.attempt } satisfies GenerateJob, startAfter ? { startAfter } : undefined)
  await publish(p, row)
}

/**
 * One attempt of a generation: queued -> processing (heartbeating) -> engine -> outputs stored ->
 * succeeded, or failed with the engine's message; handed back to the queue when the process shuts
 * down meanwhile. Every write is tied to the attempt, so a late worker of an attempt that was
 * given up cannot overwrite a newer one.
 */
export async function runGeneration(p: Platform, job: GenerateJob) {
  const [row] = await p.db
    .update(aiGenerations)
    .set({ status: 'processing', heartbeatAt: new Date() })
    .where(and(thisAttempt(job.generationId, job.attempt), eq(aiGenerations.status, 'queued')))
    .returning()
  if (!row) return
  await publish(p, row)
  // Beats while the attempt runs; stops the engine once the sweep has given this attempt up.
  const superseded = new AbortController()
  const heartbeat = setInterval(() => {
    p.db
      .update(aiGenerations)
      .set({ heartbeatAt: new Date() })
      .where(and(thisAttempt(row.id, row.attempt), eq(aiGenerations.status, 'processing')))
      .returning({ id: aiGenerations.id })
      .then((rows) => rows.length === 0 && superseded.abort())
      .catch(() => {})
  }, HEARTBEAT_MS)
  heartbeat.unref()
  try {
    const stored = GenerationPayloadSchema.safeParse(row.requestPayload)
    if (!stored.success) throw new TryOnError(UNREADABLE_REQUEST)
    const payload = stored.data
    const personKey = keyOf(row.subjectBucket, row.subjectPath)
    const garmentKey = keyOf(row.garmentBucket, row.garmentPath)
    const [person, garment] = await Promise.all([p.storage.get(personKey), p.storage.get(garmentKey)])
    if (!person || !garment) throw new TryOnError('A photo of this try-on is no longer available. Please choose your photos again.')
    const engine = await engineOf(p)
    const start = performance.now()
    const input: TryOnInput = {
      person: { key: personKey, data: person.body, contentType: person.contentType },
      garment: { key: garmentKey, data: garment.body, contentType: garment.contentType, category: payload.category ?? undefined, productId: row.productId ?? undefined },
      measurements: payload.measurements,
      size: payload.size ?? undefined,
      width: payload.width,
      height: payload.height,
      numberResults: payload.numberResults,
      outputFormat: payload.outputFormat,
      model: payload.model,
      prompt: payload.prompt,
      customJson: payload.customJson ?? undefined,
      signal: AbortSignal.any([superseded.signal, p.shutdown.signal, AbortSignal.timeout(ENGINE_TIMEOUT_MS)]),
    }
    const output = await engine.generate(input).finally(() => forgetAnalysisOfDeleted(p.storage, [personKey, garmentKey]))
    const engineMs = performance.now() - start
    const urls = await storeOutputs(p, row, output.images, payload.outputFormat)
    const [outputUrl] = urls
    if (outputUrl === undefined) throw new TryOnError('The try-on engine returned no image. Please try again.')
    await finish(p, row, { status: 'succeeded', outputUrl, outputUrls: urls, model: output.model, error: null })
    logger.info('generation succeeded', { id: row.id, engine: engine.name, engineMs: Math.round(engineMs), images: urls.length })
  } catch (err) {
    if (p.shutdown.signal.aborted) {
      await handBack(p, row)
      return
    }
    if (err instanceof TryOnError && err.retryable && row.attempt + 1 < MAX_ATTEMPTS) {
      logger.warn('generation attempt failed; retrying', { id: row.id, attempt: row.attempt, message: err.message })
      await requeue(p, row.id, row.attempt, 5)
      return
    }
    const message = err instanceof TryOnError ? err.message : 'Something went wrong while creating your try-on. Please try again.'
    if (!(err instanceof TryOnError)) logger.error('generation failed', { id: row.id, err })
    await finish(p, row, { status: 'failed', error: message })
  } finally {
    clearInterval(heartbeat)
  }
}

/**
 * Finds generations whose worker died (no heartbeat for STALE_AFTER_MS) and runs them again, or
 * fails them once MAX_ATTEMPTS is reached; fails queued rows whose job was lost. Runs at start-up
 * and then periodically in every process, so nothing stays 'processing' forever after a crash.
 */
export async function sweepStaleGenerations(p: Platform) {
  const staleBefore = new Date(Date.now() - STALE_AFTER_MS)
  const stale = await p.db
    .select({ id: aiGenerations.id, attempt: aiGenerations.attempt })
    .from(aiGenerations)
    .where(and(eq(aiGenerations.status, 'processing'), lt(aiGenerations.heartbeatAt, staleBefore)))
    .limit(100)
  let requeued = 0
  let failed = 0
  for (const s of stale) {
    if (s.attempt + 1 < MAX_ATTEMPTS) {
      logger.warn('requeueing an interrupted generation', { id: s.id, attempt: s.attempt })
      await requeue(p, s.id, s.attempt)
      requeued++
      continue
    }
    const [row] = await p.db
      .update(aiGenerations)
      .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date(), heartbeatAt: null })
      .where(and(thisAttempt(s.id, s.attempt), eq(aiGenerations.status, 'processing')))
      .returning()
    if (row) {
      failed++
      await publish(p, row)
    }
  }
  const lost = await p.db
    .update(aiGenerations)
    .set({ status: 'failed', error: INTERRUPTED, finishedAt: new Date() })
    .where(and(eq(aiGenerations.status, 'queued'), lt(aiGenerations.createdAt, new Date(Date.now() - QUEUED_EXPIRY_MS))))
    .returning()
  for (const row of lost) await publish(p, row)
  return { requeued, failed: failed + lost.length }
}
