// Issue #17: import a Shopify product CSV of 10,000 products with 30,000 variants (a handful of
// small generated images, reused) into an empty shop, then import it again (nothing changes).
// Prints rows per second and the peak resident memory of the process.
// BENCH_DATABASE_URL=postgres://… runs against PostgreSQL; by default the embedded PGlite on disk.
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { BRANDS, COLORS, SIZES } from '../src/shared/marketplace/constants'
import { loadConfig } from '../src/server/config'
import { importCatalogue, type ImportReport } from '../src/server/features/products'
import { closePlatform, startPlatform } from '../src/server/start'
import { tmpDir } from './lib'

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000)
const VARIANTS_PER_PRODUCT = 3
const IMAGES = 5
const TYPES = ['Maxi Dress', 'Midi Dress', 'Mini Dress', 'Evening Gown', 'Cocktail Dress', 'Shirt Dress', 'Jersey Dress', 'Knit Dress', 'Summer Dress']
const HEADER = ['Handle', 'Title', 'Body (HTML)', 'Vendor', 'Type', 'Tags', 'Published', 'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Variant SKU', 'Variant Inventory Qty', 'Variant Price', 'Variant Compare At Price', 'Image Src', 'Image Position', 'Variant Image', 'Status']

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v)

async function writeImages(dir: string) {
  fs.mkdirSync(path.join(dir, 'images'))
  for (let i = 0; i < IMAGES; i++) {
    const hue = Math.round((i * 360) / IMAGES)
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800"><rect width="600" height="800" fill="hsl(${hue},40%,80%)"/><path d="M220 120h160l40 160-60 480H240l-60-480z" fill="hsl(${hue},50%,40%)"/></svg>`
    await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(path.join(dir, 'images', `dress-${i}.jpg`))
  }
}

/** The CSV: per product a first row (title, vendor, type, body, image, first variant) and two more variant rows. */
function writeCsv(file: string) {
  const lines = [HEADER.join(',')]
  for (let p = 0; p < PRODUCTS; p++) {
    const color = COLORS[p % COLORS.length]!.name
    const image = `images/dress-${p % IMAGES}.jpg`
    const price = (19 + (p % 400) + 0.9).toFixed(2)
    for (let v = 0; v < VARIANTS_PER_PRODUCT; v++) {
      const size = SIZES[(p + v) % SIZES.length]!
      const first = v === 0
      const row: Record<string, string> = {
        Handle: `bench-dress-${p}`,
        'Option1 Value': color,
        'Option2 Value': size,
        'Variant SKU': `BD-${p}-${v}`,
        'Variant Inventory Qty': String((p * 7 + v) % 12),
        'Variant Price': price,
        'Variant Compare At Price': p % 4 === 0 ? (Number(price) * 1.3).toFixed(2) : '',
        'Variant Image': image,
      }
      if (first) {
        Object.assign(row, {
          Title: `Bench Dress ${p}`,
          'Body (HTML)': `<p>A dress for the benchmark, number ${p}, with "quotes", commas\nand a line break.</p>`,
          Vendor: BRANDS[p % BRANDS.length]!,
          Type: TYPES[p % TYPES.length]!,
          Tags: 'bench, dress',
          Published: 'TRUE',
          'Option1 Name': 'Color',
          'Option2 Name': 'Size',
          'Image Src': image,
          'Image Position': '1',
          Status: 'active',
        })
      }
      lines.push(HEADER.map((h) => quote(row[h] ?? '')).join(','))
    }
  }
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`)
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** Runs an import while sampling the resident memory every 10 ms; returns the report and the highest sample. */
async function sampled(run: () => Promise<ImportReport>) {
  let peak = process.memoryUsage().rss
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 10)
  try {
    const report = await run()
    return { report, peak: Math.max(peak, process.memoryUsage().rss) }
  } finally {
    clearInterval(timer)
  }
}

async function measure(label: string, run: () => Promise<ImportReport>) {
  const { report: r, peak } = await sampled(run)
  const seconds = r.ms / 1000
  console.log(
    `${label}: ${r.rows} rows in ${seconds.toFixed(1)} s = ${Math.round(r.rows / seconds)} rows/s (${Math.round(PRODUCTS / seconds)} products/s); ` +
      `created ${r.products.created}, updated ${r.products.updated}, unchanged ${r.products.unchanged}, skipped ${r.products.skipped}; images new ${r.images.stored}, reused ${r.images.reused}; ` +
      `issues ${r.skipped.length}; peak RSS during the import ${mb(peak)}`,
  )
}

const dir = tmpDir('drape-bench-import-')
const csv = path.join(dir, 'products.csv')
await writeImages(dir)
writeCsv(csv)
console.log(`catalogue import: ${PRODUCTS} products, ${PRODUCTS * VARIANTS_PER_PRODUCT} variants, ${IMAGES} images; CSV ${mb(fs.statSync(csv).size)}; RSS before ${mb(process.memoryUsage().rss)}`)

const config = loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', SEED_DEMO: 'false', ...(process.env.TRYON_ENGINE ? { TRYON_ENGINE: process.env.TRYON_ENGINE, TRYON_HTTP_URL: process.env.TRYON_HTTP_URL } : {}), ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}) })
const p = await startPlatform(config, { work: false })
console.log(`platform open (database migrated, queue started): peak RSS ${mb(process.resourceUsage().maxRSS * 1024)}, now ${mb(process.memoryUsage().rss)}`)
try {
  await measure('first import ', () => importCatalogue(p, { file: csv }))
  await measure('same again   ', () => importCatalogue(p, { file: csv }))
  await measure('dry run      ', () => importCatalogue(p, { file: csv, dryRun: true }))
  console.log(`peak RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)} (opening the embedded database alone reaches the figure printed above)`)
} finally {
  await closePlatform(p)
  fs.rmSync(dir, { recursive: true, force: true })
}
