import { createHash } from 'node:crypto'
import { logger } from '../platform/logger'
import type { Storage } from '../platform/storage'
import type { StoredImage } from './engine'

/** How one kind of analysis is kept in storage next to its photo (`source` is the photo's fingerprint). */
export type AnalysisCodec<T> = {
  load(storage: Storage, key: string, source: string): Promise<T | null>
  save(storage: Storage, key: string, source: string, value: T): Promise<void>
}

/** An analysis and whether it was already there; `saved` settles (never rejects) once it is stored. */
export type Analysed<T> = { value: T; cached: boolean; saved: Promise<void> }

/**
 * Where a photo's analysis is stored, next to the photo: its JSON, its masks and, for a person, its
 * plate; for a garment, the garment as drawn. Every engine keeps what it derives from a photo under
 * these keys, so that deleting the photo deletes them too (`forgetAnalysis`).
 */
export const analysisKeys = (key: string) => ({ json: `${key}.analysis.json`, masks: `${key}.analysis.png`, plate: `${key}.analysis-plate.png`, drawn: `${key}.analysis-drawn.png` })

/** Deletes what was derived from a photo (a person's body analysis is as private as the photo). */
export async function forgetAnalysis(storage: Storage, key: string) {
  await Promise.all(Object.values(analysisKeys(key)).map((derived) => storage.delete(derived)))
}

/**
 * Deletes the analysis of photos deleted while they were analysed: their deletion came before the
 * analysis was stored, so it deleted nothing. Run after anything that may store an analysis;
 * a failure is logged, never thrown.
 */
export async function forgetAnalysisOfDeleted(storage: Storage, keys: string[]) {
  await Promise.all(
    keys.map(async (key) => {
      if (!(await storage.has(key))) await forgetAnalysis(storage, key)
    }),
  ).catch((err: unknown) => logger.warn('could not delete the analysis of a deleted photo', { keys, err }))
}

const fingerprint = (data: Buffer) => createHash('sha256').update(data).digest('hex').slice(0, 32)
const stored = Promise.resolve()

/**
 * Analyses of stored photos, each computed once: taken from memory, from storage, or computed now
 * by one caller per photo in this process while every other caller (the upload's prepare job, a
 * try-on started at once) waits for that same computation. The value is handed out as soon as it
 * is computed; storing it runs on, and a failure to store is logged, not thrown (the analysis is
 * then computed again next time). Two processes may compute the same photo at once: storage
 * writes replace each other whole, so each reads either nothing or a complete analysis.
 */
export function createAnalysisStore<T>(codec: AnalysisCodec<T>, opts: { memory: number }) {
  const recent = new Map<string, { value: T; saved: Promise<void> }>()
  const flights = new Map<string, Promise<Analysed<T>>>()
  const remember = (id: string, entry: { value: T; saved: Promise<void> }) => {
    recent.delete(id)
    recent.set(id, entry)
    const oldest = recent.keys().next()
    if (recent.size > opts.memory && !oldest.done) recent.delete(oldest.value)
  }

  async function loadOrCompute(image: StoredImage, source: string, compute: () => Promise<T>, storage?: Storage): Promise<Analysed<T>> {
    const loaded = storage ? await codec.load(storage, image.key, source) : null
    if (loaded !== null) return { value: loaded, cached: true, saved: stored }
    const value = await compute()
    const saved = storage
      ? codec.save(storage, image.key, source, value).catch((err: unknown) => logger.warn('could not store a photo analysis', { key: image.key, err }))
      : stored
    return { value, cached: false, saved }
  }

  return {
    /** The analysis of `image`, computed with `compute` only when no one has it or is computing it. */
    get(image: StoredImage, compute: () => Promise<T>, storage?: Storage): Promise<Analysed<T>> {
      const source = fingerprint(image.data)
      const id = `${image.key}:${source}`
      const known = recent.get(id)
      if (known) {
        remember(id, known)
        return Promise.resolve({ ...known, cached: true })
      }
      let flight = flights.get(id)
      if (!flight) {
        flight = loadOrCompute(image, source, compute, storage)
          .then((analysed) => {
            remember(id, analysed)
            return analysed
          })
          .finally(() => flights.delete(id))
        flights.set(id, flight)
      }
      return flight
    },
  }
}
