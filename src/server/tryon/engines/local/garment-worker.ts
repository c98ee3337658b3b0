import { parentPort } from 'node:worker_threads'
import { TryOnError } from '../../engine'
import { analyseGarment } from './garment-analysis'
import type { GarmentJob, GarmentReply } from './garment-thread'

// The garment analysis thread (see garment-thread.ts): one job at a time, each answered by its id.
parentPort?.on('message', ({ id, rgb, alpha, category }: GarmentJob) => {
  let reply: GarmentReply
  try {
    reply = { id, analysis: analyseGarment(rgb, alpha, category) }
  } catch (error) {
    reply = error instanceof TryOnError ? { id, refusal: error.message } : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage(reply)
})
