import { SIZES, type SizeName } from '~/shared/marketplace/constants'
import { csvObjects, CsvError } from './csv'
import { categoryFor, hexFor, sizeFor, sizesFrom, textFromHtml, UNKNOWN_COLOR_HEX } from './mapping'
import { issuesOf, ShopifyRowSchema, type ImportIssue, type ParsedCatalogue, type ProductDraft, type ShopifyRow } from './schemas'

type Line = { line: number; row: ShopifyRow }

const OPTIONS = [1, 2, 3] as const
/** Columns without which a file is not a Shopify product export (every other one may be missing). */
const REQUIRED_COLUMNS = ['Handle', 'Title', 'Vendor', 'Type', 'Option1 Name', 'Option1 Value', 'Variant Price', 'Image Src']
const optionName = (row: ShopifyRow, k: (typeof OPTIONS)[number]) => row[`Option${k} Name`]
const optionValue = (row: ShopifyRow, k: (typeof OPTIONS)[number]) => row[`Option${k} Value`]

/**
 * A Shopify product CSV as product drafts. Rows sharing a Handle are one product: the row with a
 * Title carries Title, Vendor, Type, Tags, Body and the option names; every row may add a variant
 * (Option values, Variant Price, Inventory Qty, Variant Image) and/or an image (Image Src, Image
 * Position). A bad row is skipped and reported; a product left without a title, a colour, a size,
 * a price or an image is skipped as a whole.
 */
export function parseShopifyCsv(text: string): ParsedCatalogue {
  const skipped: ImportIssue[] = []
  const notes: ImportIssue[] = []
  const groups = new Map<string, [Line, ...Line[]]>()
  const handles = new Set<string>()
  let rows = 0
  try {
    for (const { line, row: raw } of csvObjects(text)) {
      const missing = rows === 0 ? REQUIRED_COLUMNS.filter((c) => !(c in raw)) : []
      if (missing.length) {
        skipped.push({ line: 1, field: 'header', reason: `Not a Shopify product CSV: no column ${missing.map((c) => `"${c}"`).join(', ')}` })
        break
      }
      rows++
      const handle = raw.Handle?.trim()
      if (handle) handles.add(handle)
      const parsed = ShopifyRowSchema.safeParse(raw)
      if (!parsed.success) {
        skipped.push(...issuesOf(parsed.error, line, handle || undefined))
        continue
      }
      const entry = { line, row: parsed.data }
      const group = groups.get(parsed.data.Handle)
      if (group) group.push(entry)
      else groups.set(parsed.data.Handle, [entry])
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err
    skipped.push({ line: err.line, field: 'file', reason: `${err.message} Everything from this line on was not read.` })
  }
  const drafts: ProductDraft[] = []
  for (const [handle, lines] of groups) {
    const draft = productOf(handle, lines, { skipped, notes })
    if (draft) drafts.push(draft)
  }
  return { unit: 'line', rows, drafts, handles, skipped, notes }
}

type Issues = { skipped: ImportIssue[]; notes: ImportIssue[] }

function productOf(handle: string, lines: [Line, ...Line[]], issues: Issues): ProductDraft | null {
  const skip = (line: number, field: string, reason: string) => {
    issues.skipped.push({ line, handle, field, reason })
    return null
  }
  const note = (line: number, field: string, reason: string) => issues.notes.push({ line, handle, field, reason })
  const head = lines.find((l) => l.row.Title)
  if (!head) return skip(lines[0].line, 'Title', 'No row of this product has a Title (the row with it may have been skipped above)')
  const { row } = head
  if (!row.Vendor) return skip(head.line, 'Vendor', 'Vendor is required (it is shown as the brand)')
  const tags = row.Tags.split(',').map((t) => t.trim()).filter(Boolean)
  const category = categoryFor(row.Type, tags)
  if (!category) return skip(head.line, 'Type', `Type "${row.Type}" is not one of Drape's categories (casual, evening, cocktail, maxi, mini, midi, shirt, jersey, knit) and no tag names one`)
  if (category.generic) note(head.line, 'Type', `Type "${row.Type}" names no category; imported as casual`)

  const colorOption = OPTIONS.find((k) => /^colou?r$/i.test(optionName(row, k)))
  const sizeOption = OPTIONS.find((k) => /^size$/i.test(optionName(row, k)))
  if (!colorOption) return skip(head.line, 'Option1 Name', 'The product has no Color option (Drape needs at least one colour)')
  if (!sizeOption) return skip(head.line, 'Option1 Name', 'The product has no Size option (Drape needs at least one size)')

  const variants: { line: number; color: string; size: SizeName; stock: number | null; price: number; compareAt: number | null }[] = []
  const colorImages: Record<string, string> = {}
  const images: { src: string; position: number }[] = []
  const imageOrigins: Record<string, { line: number; field: string }> = {}
  for (const { line, row: r } of lines) {
    for (const field of ['Image Src', 'Variant Image'] as const) if (r[field]) imageOrigins[r[field]] ??= { line, field }
    if (r['Image Src']) images.push({ src: r['Image Src'], position: r['Image Position'] ?? Number.MAX_SAFE_INTEGER })
    if (!OPTIONS.some((k) => optionValue(r, k)) && r['Variant Price'] === null) continue
    const color = optionValue(r, colorOption)
    const sizeName = optionValue(r, sizeOption)
    const size = sizeFor(sizeName)
    if (!color) skip(line, `Option${colorOption} Value`, 'The variant has no colour')
    else if (!size) skip(line, `Option${sizeOption} Value`, `Size "${sizeName}" is not one of ${SIZES.join(', ')}`)
    else if (r['Variant Price'] === null) skip(line, 'Variant Price', 'The variant has no price')
    else {
      variants.push({ line, color, size, stock: r['Variant Inventory Qty'], price: r['Variant Price'], compareAt: r['Variant Compare At Price'] })
      if (r['Variant Image'] && !colorImages[color]) colorImages[color] = r['Variant Image']
    }
  }
  if (!variants.length) return skip(head.line, 'Variant Price', 'The product has no variant that could be read')
  const ordered = [...new Set([...images.sort((a, b) => a.position - b.position).map((i) => i.src), ...Object.values(colorImages)])]
  if (!ordered.length) return skip(head.line, 'Image Src', 'The product has no image')

  const cheapest = variants.reduce((a, b) => (b.price < a.price ? b : a))
  if (variants.some((v) => v.price !== cheapest.price)) note(head.line, 'Variant Price', `Variants have different prices; Drape shows one price, the lowest (${cheapest.price.toFixed(2)})`)
  const colorNames = [...new Set(variants.map((v) => v.color))]
  const colors = colorNames.map((name) => {
    const hex = hexFor(name)
    if (!hex) note(head.line, `Option${colorOption} Value`, `Colour "${name}" has no known swatch colour; shown as grey`)
    return { name, hex: hex ?? UNKNOWN_COLOR_HEX }
  })
  return {
    handle,
    line: head.line,
    name: row.Title,
    brand: row.Vendor,
    category: category.category,
    subcategory: row.Type || null,
    price: cheapest.price,
    originalPrice: cheapest.compareAt !== null && cheapest.compareAt > cheapest.price ? cheapest.compareAt : null,
    description: textFromHtml(row['Body (HTML)']) || null,
    material: null,
    length: null,
    sleeveLength: null,
    neckline: null,
    fit: null,
    colors,
    sizes: sizesFrom(variants),
    images: ordered,
    colorImages,
    imageOrigins,
    sizeChart: null,
    archived: row.Status === 'archived' || row.Status === 'draft',
  }
}
