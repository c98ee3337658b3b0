import { ConfigError, loadConfig } from './config'
import { warmEngine } from './features/tryon'
import { logger } from './platform/logger'
import { closePlatform, onShutdown, startPlatform } from './start'


/** A job worker without HTTP, for running workers as separate processes at scale. */
async function main() {
  const config = loadConfig()
  logger.setLevel(config.LOG_LEVEL)
  const p = await startPlatform(config, { work: true })
  logger.info('worker started', { database: p.database.kind })
  void warmEngine(p)
  onShutdown(() => closePlatform(p))
}

main().catch((err) => {
  if (err instanceof ConfigError) process.stderr.write(`${err.message}\n`)
  else logger.error('worker failed to start', { err })
  process.exit(1)
})
