import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { forgetAnalysisOfDeleted } from '../../tryon'
import { engineOf } from '../tryon'
import { PREPARE_JOB, type PrepareJob } from './service'

/** Runs the engine's `prepare` (segmentation, pose, …) on a newly stored photo, when it has one (and the photo is still there when it is done). */
export function photoJobs(p: Platform) {
  p.queue.define<PrepareJob>(
    PREPARE_JOB,
    async ({ key, kind, progress }) => {
      const engine = await engineOf(p)
      if (!engine.prepare) return
      const object = await p.storage.get(key)
      if (!object) return
      const start = performance.now()
      await engine.prepare({ key, data: object.body, contentType: object.contentType, kind }, p.storage).finally(() => forgetAnalysisOfDeleted(p.storage, [key]))
      const ms = Math.round(performance.now() - start)
      if (progress) logger.info(`garment analysis ${progress.n}/${progress.of}`, { key, ms })
      else logger.debug('photo prepared', { key, ms })
    },
    { retryLimit: 1, concurrency: 1 },
  )
}
