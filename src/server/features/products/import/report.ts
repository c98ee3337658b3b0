import type { ImportIssue } from './schemas'
import type { ImportReport } from './run'

const issueLine = (unit: ImportReport['unit'], i: ImportIssue) => `  ${unit} ${i.line}${i.handle ? ` (${i.handle})` : ''}, ${i.field}: ${i.reason}`

/** The import report as text for the console: totals, then every skipped row and every note. */
export function formatReport(r: ImportReport) {
  const p = r.products
  const lines = [
    `${r.dryRun ? 'Dry run (nothing written)' : 'Imported'}: ${r.file} (${r.format}), ${r.rows} ${r.unit === 'line' ? 'rows' : 'products'} read in ${(r.ms / 1000).toFixed(1)} s`,
    `  products: ${p.created} ${r.dryRun ? 'to create' : 'created'}, ${p.updated} ${r.dryRun ? 'to update' : 'updated'}, ${p.unchanged} unchanged, ${p.archived} ${r.dryRun ? 'to archive' : 'archived'}, ${p.skipped} skipped`,
    `  images: ${r.images.stored} new${r.dryRun ? ' (checked, not stored)' : ''}, ${r.images.reused} already stored`,
  ]
  if (!r.dryRun) lines.push(`  garment analyses queued for the try-on: ${r.analysesQueued} (the server or \`npm run worker\` runs them and logs progress)`)
  if (r.skipped.length) lines.push('', `Skipped (${r.skipped.length}):`, ...r.skipped.map((i) => issueLine(r.unit, i)))
  if (r.notes.length) lines.push('', `Notes (${r.notes.length}):`, ...r.notes.map((i) => issueLine(r.unit, i)))
  return lines.join('\n')
}
