import type { Config } from './config'
import { features } from './features'
import { closePlatform, openPlatform, type Platform } from './platform'
import type { Database } from './db/client'
import { logger } from './platform/logger'
import { pruneRateLimits } from './platform/rate-limit'

/** Opens the platform, registers every feature's jobs and starts the queue (and its workers). */
export async function startPlatform(config: Config, opts: { work: boolean; database?: Database }): Promise<Platform> {
  const p = await openPlatform(config, { database: opts.database })
  for (const feature of features) feature.jobs?.(p)
  await p.queue.start()
  if (opts.work) await p.queue.work()
  await pruneRateLimits(p.db)
  return p
}

/**
 * Seeds every feature's demo data in order (idempotent). While it runs, /api/health answers 503
 * with `seed` not ready, so load balancers and tests wait for it; pages are served meanwhile.
 */
export async function seedDemoData(p: Platform) {
  p.readiness.seeding = true
  try {
    for (const feature of features) {
      if (!feature.seed) continue
      const start = performance.now()
      await feature.seed(p)
      logger.debug('seeded', { feature: feature.name, ms: Math.round(performance.now() - start) })
    }
  } catch (err) {
    p.readiness.seedError = (err as Error).message
    logger.error('demo data could not be seeded', { err })
  } finally {
    p.readiness.seeding = false
  }
}

export function onShutdown(stop: () => Promise<void>) {
  let stopping = false
  const handler = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    await stop().catch((err) => logger.error('shutdown failed', { err }))
    process.exit(0)
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}

export { closePlatform }
