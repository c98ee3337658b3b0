import { Worker } from 'node:worker_threads'
import { type GarmentCategory, TryOnError } from '../../engine'
import type { BodyFrame, Face } from './analysis-schemas'
import type { GarmentAnalysis } from './garment-analysis'
import type { Plate, PlateMasks } from './plate'
import type { Plane, Rgb } from './raster'

/** What the thread is asked: a garment photo's analysis, or the plate of a person whose masks are known. */
export type AnalysisTask =
  | { task: 'garment'; rgb: Rgb; alpha: Plane | null; category?: GarmentCategory }
  | { task: 'plate'; rgb: Rgb; masks: PlateMasks; body: BodyFrame; face: Face | null; skin: [number, number, number] }
export type AnalysisJob = { id: number } & AnalysisTask
export type AnalysisReply = { id: number } & ({ result: GarmentAnalysis | Plate } | { refusal: string } | { failure: string })

type Waiting = { resolve: (result: GarmentAnalysis | Plate) => void; reject: (error: Error) => void }

/**
 * Garment photos and persons' plates are computed on a worker thread, so that a try-on of two
 * photos not analysed yet reads the person (whose models run on the main thread) and the garment
 * at the same time, on two cores, then warps the garment while the person's plate is made; and an
 * upload's analysis leaves the server's event loop free. One thread, started on first use; it does
 * not keep the process alive while it has nothing to do.
 */
let worker: Worker | null = null
const waiting = new Map<number, Waiting>()
let nextId = 0

function start() {
  const thread = new Worker(new URL('./analysis-worker.mjs', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 8 } })
  const failAll = (error: Error) => {
    if (worker === thread) worker = null
    for (const job of waiting.values()) job.reject(error)
    waiting.clear()
  }
  thread.on('message', (reply: AnalysisReply) => {
    const job = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (!waiting.size) thread.unref()
    if (!job) return
    if ('result' in reply) job.resolve(reply.result)
    else if ('refusal' in reply) job.reject(new TryOnError(reply.refusal))
    else job.reject(new Error(`photo analysis failed: ${reply.failure}`))
  })
  thread.on('error', failAll)
  thread.on('exit', (code) => failAll(new Error(`the photo analysis thread stopped (exit code ${code})`)))
  thread.unref()
  return thread
}

function run(task: AnalysisTask): Promise<GarmentAnalysis | Plate> {
  const thread = (worker ??= start())
  const id = nextId++
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    thread.ref()
    const job: AnalysisJob = { id, ...task }
    thread.postMessage(job)
  })
}

/** A garment photo's analysis (as `analyseGarment`), computed on the thread. */
export const analyseGarmentOffThread = (rgb: Rgb, alpha: Plane | null, category?: GarmentCategory) =>
  run({ task: 'garment', rgb, alpha, category }) as Promise<GarmentAnalysis>

/** A person's plate (as `personPlate`), computed on the thread. */
export const personPlateOffThread = (rgb: Rgb, masks: PlateMasks, body: BodyFrame, face: Face | null, skin: [number, number, number]) =>
  run({ task: 'plate', rgb, masks: { person: masks.person, clothing: masks.clothing, keep: masks.keep, bareArms: masks.bareArms }, body, face, skin }) as Promise<Plate>

/** Starts the thread and waits until it answers (its first job loads its code). */
export const warmAnalysisThread = () =>
  analyseGarmentOffThread({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 3) }, null).then(
    () => undefined,
    (error: unknown) => {
      // (a blank image is no garment: the answer itself is what was waited for)
      if (!(error instanceof TryOnError)) throw error
    },
  )
