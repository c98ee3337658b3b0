import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { GENERATE_JOB, type GenerateJob } from './generations'
import { runGeneration, STALE_AFTER_MS, sweepStaleGenerations } from './worker'

/** Concurrent generations per process; the per-user limit keeps one user from taking them all. */
const WORKERS = 4

/** The generation job, and the sweep that recovers generations orphaned by a crash. */
export function tryonJobs(p: Platform) {
  p.queue.define<GenerateJob>(GENERATE_JOB, (job) => runGeneration(p, job), { retryLimit: 0, expireInSeconds: 10 * 60, concurrency: WORKERS })
  const sweep = () => sweepStaleGenerations(p).catch((err) => logger.debug('generation sweep skipped', { err }))
  setTimeout(sweep, 2000).unref()
  setInterval(sweep, STALE_AFTER_MS / 2).unref()
}
