import { Worker } from 'node:worker_threads'
import { type GarmentCategory, TryOnError } from '../../engine'
import type { GarmentAnalysis } from './garment-analysis'
import type { Plane, Rgb } from './raster'

export type GarmentJob = { id: number; rgb: Rgb; alpha: Plane | null; category?: GarmentCategory }
export type GarmentReply = { id: number } & ({ analysis: GarmentAnalysis } | { refusal: string } | { failure: string })

type Waiting = { resolve: (analysis: GarmentAnalysis) => void; reject: (error: Error) => void }

/**
 * Garment photos are analysed on a worker thread, so that a try-on of two photos not analysed
 * yet reads the person (whose models run on the main thread) and the garment at the same time,
 * on two cores, and an upload's analysis leaves the server's event loop free. One thread, started
 * on first use; it does not keep the process alive while it has nothing to do.
 */
let worker: Worker | null = null
const waiting = new Map<number, Waiting>()
let nextId = 0

function start() {
  const thread = new Worker(new URL('./garment-worker.mjs', import.meta.url), { resourceLimits: { maxYoungGenerationSizeMb: 8 } })
  const failAll = (error: Error) => {
    if (worker === thread) worker = null
    for (const job of waiting.values()) job.reject(error)
    waiting.clear()
  }
  thread.on('message', (reply: GarmentReply) => {
    const job = waiting.get(reply.id)
    waiting.delete(reply.id)
    if (!waiting.size) thread.unref()
    if (!job) return
    if ('analysis' in reply) job.resolve(reply.analysis)
    else if ('refusal' in reply) job.reject(new TryOnError(reply.refusal))
    else job.reject(new Error(`garment analysis failed: ${reply.failure}`))
  })
  thread.on('error', failAll)
  thread.on('exit', (code) => failAll(new Error(`the garment analysis thread stopped (exit code ${code})`)))
  thread.unref()
  return thread
}

/** A garment photo's analysis (as `analyseGarment`), computed on the worker thread. */
export function analyseGarmentOffThread(rgb: Rgb, alpha: Plane | null, category?: GarmentCategory): Promise<GarmentAnalysis> {
  const thread = (worker ??= start())
  const id = nextId++
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    thread.ref()
    const job: GarmentJob = { id, rgb, alpha, category }
    thread.postMessage(job)
  })
}

/** Starts the thread and waits until it answers (its first job loads its code). */
export const warmGarmentThread = () =>
  analyseGarmentOffThread({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 3) }, null).then(
    () => undefined,
    (error: unknown) => {
      // (a blank image is no garment: the answer itself is what was waited for)
      if (!(error instanceof TryOnError)) throw error
    },
  )
