import { z } from 'zod'
import { PRODUCT_CATEGORIES } from '~/shared/marketplace/constants'
import { SizeChartSchema } from '~/shared/marketplace/schemas'
import type { ProductColor, ProductSize, SizeChart } from '../../../db/schema'
import type { ProductCategory } from './mapping'

/** A product as every import format delivers it, before its images are stored. */
export type ProductDraft = {
  handle: string
  /** Where the product starts in the file (CSV line, or position in a JSON list). */
  line: number
  name: string
  brand: string
  category: ProductCategory
  subcategory: string | null
  price: number
  originalPrice: number | null
  description: string | null
  material: string | null
  length: string | null
  sleeveLength: string | null
  neckline: string | null
  fit: string | null
  colors: ProductColor[]
  sizes: ProductSize[]
  /** Image sources (paths next to the file, or http(s) URLs), in order. */
  images: string[]
  /** Image source per colour name. */
  colorImages: Record<string, string>
  /** Where each image source is named (CSV: its row and column), for the report; else the product's line. */
  imageOrigins?: Record<string, { line: number; field: string }>
  sizeChart: SizeChart | null
  archived: boolean
}

/** Something the import left out (`skipped`) or decided on its own (`note`), where and why. */
export type ImportIssue = { line: number; handle?: string; field: string; reason: string }

export type ParsedCatalogue = {
  /** `line` for CSV, `item` (position in the list) for JSON. */
  unit: 'line' | 'item'
  rows: number
  drafts: ProductDraft[]
  /** Every handle the file names, even of products skipped for errors (which are never archived). */
  handles: Set<string>
  skipped: ImportIssue[]
  notes: ImportIssue[]
}

export const HandleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Handle is required', abort: true })
  .max(200, 'Handle is longer than 200 characters')
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u, 'Handle may only hold letters, digits, "-", "_" and "."')

/** An optional number column: '' is null, anything else must match `pattern`. */
const optionalNumber = (pattern: RegExp, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || pattern.test(v), message)
    .transform((v) => (v === '' ? null : Number(v)))
    .default(null)

const DECIMAL = /^\d{1,8}(\.\d{1,2})?$/

/** One row of a Shopify product CSV (only the columns Drape reads; any other column is ignored). */
export const ShopifyRowSchema = z.object({
  Handle: HandleSchema,
  Title: z.string().trim().max(200, 'Title is longer than 200 characters').default(''),
  'Body (HTML)': z.string().max(20_000, 'Body (HTML) is longer than 20,000 characters').default(''),
  Vendor: z.string().trim().max(60, 'Vendor is longer than 60 characters').default(''),
  Type: z.string().trim().max(100).default(''),
  Tags: z.string().max(2000).default(''),
  Status: z.string().trim().toLowerCase().default(''),
  'Option1 Name': z.string().trim().default(''),
  'Option1 Value': z.string().trim().max(40, 'Option values are at most 40 characters').default(''),
  'Option2 Name': z.string().trim().default(''),
  'Option2 Value': z.string().trim().max(40, 'Option values are at most 40 characters').default(''),
  'Option3 Name': z.string().trim().default(''),
  'Option3 Value': z.string().trim().max(40, 'Option values are at most 40 characters').default(''),
  'Variant Price': optionalNumber(DECIMAL, 'Variant Price must be a decimal number such as 59.90'),
  'Variant Compare At Price': optionalNumber(DECIMAL, 'Variant Compare At Price must be a decimal number such as 79.90'),
  'Variant Inventory Qty': optionalNumber(/^-?\d{1,7}$/, 'Variant Inventory Qty must be a whole number'),
  'Image Src': z.string().trim().max(2000).default(''),
  'Image Position': optionalNumber(/^\d{1,3}$/, 'Image Position must be a whole number'),
  'Variant Image': z.string().trim().max(2000).default(''),
})
export type ShopifyRow = z.output<typeof ShopifyRowSchema>

const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => v || null)
const imageSource = z.string().trim().min(1).max(2000)

/** One product of Drape's own JSON: the shape of GET /products/:id, plus `handle` and image sources. */
export const DrapeProductSchema = z.object({
  handle: HandleSchema.optional(),
  id: z.string().optional(),
  name: text(200),
  brand: text(60),
  category: z.enum(PRODUCT_CATEGORIES),
  subcategory: optionalText(100),
  price: z.number().positive().max(99_999_999),
  originalPrice: z.number().positive().max(99_999_999).nullish().transform((v) => v ?? null),
  description: optionalText(20_000),
  material: optionalText(100),
  length: optionalText(60),
  sleeveLength: optionalText(60),
  neckline: optionalText(60),
  fit: optionalText(60),
  colors: z.array(z.object({ name: text(40), hex: z.string().regex(/^#[0-9a-fA-F]{6}$/).optional(), image: imageSource.optional() })).min(1, 'At least one colour is needed'),
  sizes: z.array(z.object({ name: text(40), available: z.boolean().optional(), stock: z.number().int().min(0).optional() })).min(1, 'At least one size is needed'),
  sizeChart: z.optional(SizeChartSchema),
  imageUrl: imageSource,
  images: z.array(imageSource).max(20).optional(),
  colorImages: z.record(z.string(), imageSource).optional(),
  archived: z.boolean().optional(),
})
export type DrapeProduct = z.output<typeof DrapeProductSchema>

/** `--size-chart <file>`: a chart per brand and/or per product handle (a product's own wins). */
export const SizeChartFileSchema = z.strictObject({
  brands: z.record(z.string(), SizeChartSchema).default({}),
  products: z.record(z.string(), SizeChartSchema).default({}),
})
export type SizeChartFile = z.output<typeof SizeChartFileSchema>

/** Each zod issue as an import issue at `line` (the field is the path, e.g. `Variant Price` or `colors.0.name`). */
export const issuesOf = (error: z.ZodError, line: number, handle?: string): ImportIssue[] =>
  error.issues.map((i) => ({ line, handle, field: i.path.join('.') || 'row', reason: i.message }))
