import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'
import { sweepPendingUploads } from '../../platform/pending-uploads'

const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Hourly, every instance deletes uploads never used within a day (post drafts, unsaved avatars).
 * Sweeps claim rows atomically, so instances running them at once do not collide.
 */
export function platformJobs(p: Platform) {
  const sweep = () =>
    sweepPendingUploads(p)
      .then((removed) => {
        if (removed) logger.info('unused uploads deleted', { removed })
      })
      .catch((err: unknown) => logger.debug('upload sweep skipped', { err }))
  setTimeout(sweep, 5000).unref()
  setInterval(sweep, SWEEP_EVERY_MS).unref()
}
