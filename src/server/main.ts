import type http from 'node:http'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { warmEngine } from './features/tryon'
import { ConfigError, loadConfig } from './config'
import { trackInFlight } from './http/in-flight'
import { logger } from './platform/logger'
import { closePlatform, onShutdown, seedDemoData, startPlatform } from './start'


/** How long requests in flight at shutdown get to finish before their connections are closed. */
const DRAIN_MS = 10_000

/** Stops accepting connections, closes idle keep-alive ones and waits (bounded) for requests in flight. */
async function stopServing(server: http.Server, requests: { idle(): Promise<void> }) {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  server.closeIdleConnections()
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, DRAIN_MS)))
  await Promise.race([Promise.all([closed, requests.idle()]), late])
  clearTimeout(timer)
  server.closeAllConnections()
}

async function main() {
  const config = loadConfig()
  logger.setLevel(config.LOG_LEVEL)
  const p = await startPlatform(config, { work: config.WORKERS === 'inline' })
  const app = createApp(p)
  const requests = trackInFlight(app.fetch)
  const server = serve({ fetch: requests.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    const url = `http://localhost:${info.port}`
    logger.info('listening', { url, database: p.database.kind, storage: p.storage.kind, mail: p.mailer.kind, engine: config.TRYON_ENGINE })
    const mailbox = p.mailer.kind === 'dev' ? `  Dev mailbox: ${config.publicUrl}/dev/mailbox?key=${encodeURIComponent(p.mailer.key)}\n` : ''
    process.stdout.write(`\n  Drape is running at ${url}\n${mailbox}\n`)
  })
  if (p.mailer.kind === 'off') {
    logger.warn('mail goes nowhere: set SMTP_URL (or DEV_MAILBOX=on to keep mails in the keyed dev mailbox); sign-up verification and password reset mails are not delivered')
  }
  if (config.SEED_DEMO) void seedDemoData(p)
  // (try-ons run in this process: their engine is made ready now rather than on the first one)
  if (config.WORKERS === 'inline') void warmEngine(p)
  onShutdown(async () => {
    // First: health answers 503 and event streams end (their clients reconnect elsewhere), so that
    // only ordinary requests in flight remain to be waited for.
    p.shutdown.abort()
    await stopServing(server as http.Server, requests)
    await closePlatform(p)
  })
}

main().catch((err) => {
  if (err instanceof ConfigError) {
    process.stderr.write(`${err.message}\n`)
  } else {
    logger.error('failed to start', { err })
  }
  process.exit(1)
})
