import { z } from 'zod'
import { SIZES, type SizeName } from '~/shared/marketplace/constants'
import { hexFor, sizeFor, sizesFrom, UNKNOWN_COLOR_HEX } from './mapping'
import { DrapeProductSchema, HandleSchema, issuesOf, type DrapeProduct, type ImportIssue, type ParsedCatalogue, type ProductDraft } from './schemas'

/**
 * Drape's own JSON: a list of products shaped like GET /products/:id (or `{ items: [...] }`), each
 * with a `handle` (or the `id` of the Drape it came from) and image sources in `imageUrl`,
 * `images`, `colorImages` or `colors[].image`. Positions in the list stand in for line numbers.
 */
export function parseDrapeJson(text: string): ParsedCatalogue {
  const skipped: ImportIssue[] = []
  const notes: ImportIssue[] = []
  const handles = new Set<string>()
  const drafts: ProductDraft[] = []
  let data: unknown
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''))
  } catch (err) {
    return { unit: 'item', rows: 0, drafts, handles, skipped: [{ line: 0, field: 'file', reason: `Not valid JSON: ${(err as Error).message}` }], notes }
  }
  const list = Array.isArray(data) ? data : z.object({ items: z.array(z.unknown()) }).safeParse(data).data?.items
  if (!list) return { unit: 'item', rows: 0, drafts, handles, skipped: [{ line: 0, field: 'file', reason: 'Expected a list of products or { "items": [...] }' }], notes }

  list.forEach((item, index) => {
    const line = index + 1
    const raw = item && typeof item === 'object' ? (item as Record<string, unknown>) : {}
    const handle = HandleSchema.safeParse(raw.handle ?? raw.id)
    if (!handle.success) {
      skipped.push({ line, field: 'handle', reason: 'Each product needs a handle (or the id it has in another Drape)' })
      return
    }
    if (handles.has(handle.data)) {
      skipped.push({ line, handle: handle.data, field: 'handle', reason: `Handle "${handle.data}" is used by an earlier product of the file` })
      return
    }
    handles.add(handle.data)
    const parsed = DrapeProductSchema.safeParse(item)
    if (!parsed.success) {
      skipped.push(...issuesOf(parsed.error, line, handle.data))
      return
    }
    const draft = draftOf(handle.data, line, parsed.data, (field, reason) => notes.push({ line, handle: handle.data, field, reason }))
    if (typeof draft === 'string') skipped.push({ line, handle: handle.data, field: 'sizes', reason: draft })
    else drafts.push(draft)
  })
  return { unit: 'item', rows: list.length, drafts, handles, skipped, notes }
}

function draftOf(handle: string, line: number, p: DrapeProduct, note: (field: string, reason: string) => void): ProductDraft | string {
  const variants: { size: SizeName; stock: number | null }[] = []
  for (const s of p.sizes) {
    const size = sizeFor(s.name)
    if (!size) return `Size "${s.name}" is not one of ${SIZES.join(', ')}`
    variants.push({ size, stock: s.stock ?? (s.available === false ? 0 : null) })
  }
  const sizes = sizesFrom(variants)
  const colors = p.colors.map((c, i) => {
    const hex = c.hex?.toUpperCase() ?? hexFor(c.name)
    if (!hex) note(`colors.${i}.hex`, `Colour "${c.name}" has no hex and no known swatch colour; shown as grey`)
    return { name: c.name, hex: hex ?? UNKNOWN_COLOR_HEX }
  })
  const colorImages = { ...Object.fromEntries(p.colors.flatMap((c) => (c.image ? [[c.name, c.image]] : []))), ...p.colorImages }
  return {
    handle,
    line,
    name: p.name,
    brand: p.brand,
    category: p.category,
    subcategory: p.subcategory,
    price: p.price,
    originalPrice: p.originalPrice !== null && p.originalPrice > p.price ? p.originalPrice : null,
    description: p.description,
    material: p.material,
    length: p.length,
    sleeveLength: p.sleeveLength,
    neckline: p.neckline,
    fit: p.fit,
    colors,
    sizes,
    images: [...new Set([p.imageUrl, ...(p.images ?? []), ...Object.values(colorImages)])],
    colorImages,
    sizeChart: p.sizeChart ?? null,
    archived: p.archived ?? false,
  }
}
