import { parentPort } from 'node:worker_threads'
import { TryOnError } from '../../engine'
import type { AnalysisJob, AnalysisReply, AnalysisTask } from './analysis-thread'
import { type GarmentAnalysis, analyseGarment } from './garment-analysis'
import { type Plate, personPlate } from './plate'

const perform = (job: AnalysisTask) =>
  job.task === 'garment' ? analyseGarment(job.rgb, job.alpha, job.category) : personPlate(job.rgb, job.masks, job.body, job.face, job.skin)

/** The result's own pixel buffers, moved to the main thread rather than copied (the thread keeps nothing of a job). */
const buffersOf = (result: GarmentAnalysis | Plate): ArrayBuffer[] =>
  ('mask' in result ? [result.mask.data] : [result.fill.data, result.shade.data]).map((view) => view.buffer as ArrayBuffer)

// The photo analysis thread (see analysis-thread.ts): one job at a time, each answered by its id.
parentPort?.on('message', (job: AnalysisJob) => {
  const { id } = job
  let reply: AnalysisReply
  let moved: ArrayBuffer[] = []
  try {
    const result = perform(job)
    reply = { id, result }
    moved = buffersOf(result)
  } catch (error) {
    reply = error instanceof TryOnError ? { id, refusal: error.message } : { id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) }
  }
  parentPort?.postMessage(reply, moved)
})
