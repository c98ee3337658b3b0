import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../src/server/config'
import { formatReport, importCatalogue, SizeChartFileSchema } from '../src/server/features/products'
import { logger } from '../src/server/platform/logger'
import { closePlatform, startPlatform } from '../src/server/start'

const USAGE = `Usage: npm run catalogue:import -- <products.csv|products.json> [--dry-run] [--archive-missing] [--size-chart <charts.json>]

  <file>             A Shopify product CSV export, or Drape JSON (a list shaped like GET /api/products/:id).
                     Images: paths relative to the file, or http(s) URLs.
  --dry-run          Check everything (images too) and report what would change; write nothing.
  --archive-missing  A full import: archive imported products the file no longer has.
  --size-chart       { "brands": { "<Vendor>": chart }, "products": { "<handle>": chart } }, a chart being
                     { "<size>": { "chest": [min, max], "waist": [...], "hip": [...] } } in cm.

Uses the server's configuration (DATABASE_URL or DATA_DIR, S3_*). With the embedded database, stop the server first.`

// The operator's own file and options: the CLI, not the API, is the only way in.
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean' }, 'archive-missing': { type: 'boolean' }, 'size-chart': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
})
if (values.help || positionals.length !== 1) {
  process.stdout.write(`${USAGE}\n`)
  process.exit(values.help ? 0 : 2)
}

function readSizeCharts(file: string | undefined) {
  if (!file) return undefined
  if (!fs.existsSync(file)) throw new ConfigError(`No such file: ${file}`)
  const parsed = SizeChartFileSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
  if (!parsed.success) throw new ConfigError(`${file}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`)
  return parsed.data
}

/** Products whose images are in, on stderr at most once a second (and at the end). */
function progress() {
  let last = 0
  return (done: number, total: number) => {
    if (done < total && performance.now() - last < 1000) return
    last = performance.now()
    process.stderr.write(`  images: ${done}/${total} products\n`)
  }
}

try {
  const file = positionals[0]!
  if (!fs.existsSync(file)) throw new ConfigError(`No such file: ${file}`)
  const sizeCharts = readSizeCharts(values['size-chart'])
  const config = loadConfig()
  logger.setLevel(config.LOG_LEVEL)
  const p = await startPlatform(config, { work: false })
  try {
    const report = await importCatalogue(p, { file, dryRun: values['dry-run'], archiveMissing: values['archive-missing'], sizeCharts, allowUrls: true, onProgress: progress() })
    process.stdout.write(`${formatReport(report)}\n`)
  } finally {
    await closePlatform(p)
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError || err instanceof SyntaxError ? err.message : ((err as Error).stack ?? String(err))}\n`)
  process.exit(1)
}
