import type { Config } from './config'
import { features } from './features'
import { closePlatform, openPlatform, type Platform } from './platform'
import type { Database } from './db/client'
import { logger } from './platform/logger'
import { pruneRateLimits } from './platform/rate-limit'

/** Opens the platform, registers every feature's jobs, starts the queue and seeds demo data. */
export async function startPlatform(config: Config, opts: { work: boolean; seed: boolean; database?: Database }): Promise<Platform> {
  const p = await openPlatform(config, { database: opts.database })
  for (const feature of features) feature.jobs?.(p)
  await p.queue.start()
  if (opts.work) await p.queue.work()
  if (opts.seed) {
    for (const feature of features) {
      if (!feature.seed) continue
      const start = performance.now()
      await feature.seed(p)
      logger.debug('seeded', { feature: feature.name, ms: Math.round(performance.now() - start) })
    }
  }
  await pruneRateLimits(p.db)
  return p
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
