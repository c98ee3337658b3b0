import fs from 'node:fs/promises'
import path from 'node:path'
import { isNonEmpty } from '~/shared/lists'
import type { Platform } from '../../../platform'
import { logger } from '../../../platform/logger'
import { eachLimited } from '../each-limited'
import { PREPARE_JOB, type PrepareJob } from '../../photos'
import { engineOf } from '../../tryon'
import { parseDrapeJson } from './drape-json'
import { createImageImporter, imageErrorReason, type StoredProductImage } from './image-sources'
import type { ImportIssue, ParsedCatalogue, ProductDraft, SizeChartFile } from './schemas'
import { parseShopifyCsv } from './shopify'
import { countMissing, planChanges, writeChanges, type ImportedRow } from './write'

export type ImportOptions = {
  file: string
  dryRun?: boolean
  /** Archive imported products the file no longer has (a full import). */
  archiveMissing?: boolean
  sizeCharts?: SizeChartFile
  /** Images from http(s) URLs: only for an operator's own file. */
  allowUrls?: boolean
  fetch?: typeof fetch
  /** Called after each product's images are in (checked, or stored): `done` of `total` products. */
  onProgress?: (done: number, total: number) => void
}

export type ImportReport = {
  file: string
  format: 'shopify-csv' | 'drape-json'
  dryRun: boolean
  unit: ParsedCatalogue['unit']
  rows: number
  products: { created: number; updated: number; unchanged: number; archived: number; skipped: number }
  images: { stored: number; reused: number }
  analysesQueued: number
  skipped: ImportIssue[]
  notes: ImportIssue[]
  ms: number
}

/** Image reads and re-encodes at once (sharp uses its own threads for each). */
const IMAGE_CONCURRENCY = 4

async function readCatalogue(file: string): Promise<{ format: ImportReport['format']; parsed: ParsedCatalogue }> {
  const text = await fs.readFile(file, 'utf8')
  if (/\.json$/i.test(file)) return { format: 'drape-json', parsed: parseDrapeJson(text) }
  return { format: 'shopify-csv', parsed: parseShopifyCsv(text) }
}

/** A product's own size chart from `--size-chart` first, then the one in its file, then its brand's. */
function sizeChartOf(draft: ProductDraft, charts: SizeChartFile | undefined) {
  return charts?.products[draft.handle] ?? draft.sizeChart ?? charts?.brands[draft.brand] ?? {}
}

/**
 * Imports a product file (Shopify CSV or Drape JSON): parses and checks every row, stores the
 * images through the upload pipeline, writes the products by handle in one transaction, archives
 * the missing ones when asked, and queues the try-on's garment analysis of each new image.
 * A dry run does all the checks (images included) and reports, but writes and stores nothing.
 */
export async function importCatalogue(p: Platform, opts: ImportOptions): Promise<ImportReport> {
  const start = performance.now()
  const dryRun = opts.dryRun ?? false
  const { format, parsed } = await readCatalogue(opts.file)
  const skipped = [...parsed.skipped]
  const images = createImageImporter({ baseDir: path.dirname(path.resolve(opts.file)), allowUrls: opts.allowUrls ?? false, storage: p.storage, dryRun, fetch: opts.fetch })
  const used = new Map<string, StoredProductImage>()

  /** The product's row with its stored images, or null (reported) when none of them can be used. */
  const withImages = async (draft: ProductDraft) => {
    const resolved = new Map<string, StoredProductImage>()
    for (const source of draft.images) {
      try {
        const image = await images.image(source)
        resolved.set(source, image)
        used.set(image.imageId, image)
      } catch (err) {
        const origin = draft.imageOrigins?.[source] ?? { line: draft.line, field: 'image' }
        skipped.push({ ...origin, handle: draft.handle, reason: `${source}: ${imageErrorReason(err)}` })
      }
    }
    const urls = draft.images.flatMap((s) => resolved.get(s)?.url ?? [])
    if (isNonEmpty(urls)) return rowOf(draft, urls, resolved, opts.sizeCharts)
    skipped.push({ line: draft.line, handle: draft.handle, field: 'image', reason: 'The product has no usable image, so it was not imported' })
    return null
  }

  const rows: ImportedRow[] = []
  let done = 0
  await eachLimited(parsed.drafts, IMAGE_CONCURRENCY, async (draft) => {
    const row = await withImages(draft)
    if (row) rows.push(row)
    opts.onProgress?.(++done, parsed.drafts.length)
  })
  // Products in file order (the workers above finish in any order).
  const order = new Map(parsed.drafts.map((d, i) => [d.handle, i]))
  const place = (row: ImportedRow) => order.get(row.handle) ?? parsed.drafts.length
  rows.sort((a, b) => place(a) - place(b))

  const plan = await planChanges(p.db, rows)
  const changed = rows.filter((_, i) => plan[i] !== 'unchanged')
  const archived = dryRun
    ? opts.archiveMissing
      ? await countMissing(p.db, parsed.handles)
      : 0
    : await writeChanges(p.db, changed, { archiveMissing: opts.archiveMissing ?? false, handles: parsed.handles })
  const fresh = [...used.values()].filter((i) => i.stored)
  const analysesQueued = dryRun ? 0 : await queueGarmentAnalyses(p, fresh)

  return {
    file: opts.file,
    format,
    dryRun,
    unit: parsed.unit,
    rows: parsed.rows,
    products: {
      created: plan.filter((c) => c === 'create').length,
      updated: plan.filter((c) => c === 'update').length,
      unchanged: plan.filter((c) => c === 'unchanged').length,
      archived,
      skipped: parsed.handles.size - rows.length,
    },
    images: { stored: fresh.length, reused: used.size - fresh.length },
    analysesQueued,
    skipped: skipped.sort((a, b) => a.line - b.line),
    notes: parsed.notes,
    ms: Math.round(performance.now() - start),
  }
}

function rowOf(draft: ProductDraft, urls: [string, ...string[]], resolved: Map<string, StoredProductImage>, charts: SizeChartFile | undefined): ImportedRow {
  const colorImages = Object.fromEntries(
    Object.entries(draft.colorImages).flatMap(([color, source]) => {
      const image = resolved.get(source)
      return image ? [[color, image.url]] : []
    }),
  )
  return {
    handle: draft.handle,
    name: draft.name,
    brand: draft.brand,
    category: draft.category,
    subcategory: draft.subcategory,
    price: draft.price,
    originalPrice: draft.originalPrice,
    imageUrl: urls[0],
    images: urls,
    colorImages,
    colors: draft.colors,
    sizes: draft.sizes,
    availableSizes: draft.sizes.filter((s) => s.available).map((s) => s.name),
    colorNames: draft.colors.map((c) => c.name),
    material: draft.material,
    length: draft.length,
    sleeveLength: draft.sleeveLength,
    neckline: draft.neckline,
    fit: draft.fit,
    description: draft.description,
    sizeChart: sizeChartOf(draft, charts),
    archived: draft.archived,
  }
}

/** One `tryon.prepare` job per new image (the card-size image the try-on is given), numbered for progress. */
async function queueGarmentAnalyses(p: Platform, fresh: StoredProductImage[]) {
  if (!fresh.length) return 0
  const engine = await engineOf(p).catch(() => null)
  if (!engine?.prepare) return 0
  let queued = 0
  for (const [n, image] of fresh.entries()) {
    const job: PrepareJob = { key: image.garmentKey, kind: 'garment', progress: { n: n + 1, of: fresh.length } }
    if (await p.queue.send(PREPARE_JOB, job).catch((err) => logger.warn('could not queue a garment analysis', { key: image.garmentKey, err }))) queued++
  }
  return queued
}
