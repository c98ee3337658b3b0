import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../../db/client'
import { products } from '../../../db/schema'

export type ImportedRow = Pick<
  typeof products.$inferInsert,
  | 'handle'
  | 'name'
  | 'brand'
  | 'category'
  | 'subcategory'
  | 'price'
  | 'originalPrice'
  | 'imageUrl'
  | 'images'
  | 'colorImages'
  | 'colors'
  | 'sizes'
  | 'availableSizes'
  | 'colorNames'
  | 'material'
  | 'length'
  | 'sleeveLength'
  | 'neckline'
  | 'fit'
  | 'description'
  | 'sizeChart'
  | 'archived'
> & { handle: string }

/** The columns an import owns; ratings, reviews, likes and the creation date are left as they are. */
const IMPORTED = [
  'name',
  'brand',
  'category',
  'subcategory',
  'price',
  'originalPrice',
  'imageUrl',
  'images',
  'colorImages',
  'colors',
  'sizes',
  'availableSizes',
  'colorNames',
  'material',
  'length',
  'sleeveLength',
  'neckline',
  'fit',
  'description',
  'sizeChart',
  'archived',
] as const satisfies readonly (keyof ImportedRow)[]

/** Rows per INSERT: 500 × ~23 parameters stays far below PostgreSQL's 65,535. */
const CHUNK = 500

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)
const UPSERT_SET = Object.fromEntries(IMPORTED.map((k) => [k, sql.raw(`excluded.${snake(k)}`)]))

/** JSON with object keys sorted, so that a jsonb value read back compares equal to what was written. */
function stable(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stable((value as Record<string, unknown>)[k])}`)
      .join(',')}}`
  }
  return JSON.stringify(value ?? null)
}
const fingerprint = (row: Partial<ImportedRow>) => stable(IMPORTED.map((k) => row[k] ?? null))

/** What an import would do to each product: `create`, `update` or `unchanged`, by handle. */
export async function planChanges(db: Db, rows: ImportedRow[]) {
  const existing = new Map<string, string>()
  for (let i = 0; i < rows.length; i += CHUNK) {
    const handles = rows.slice(i, i + CHUNK).map((r) => r.handle)
    const found = await db.select().from(products).where(inArray(products.handle, handles))
    for (const row of found) if (row.handle) existing.set(row.handle, fingerprint(row as ImportedRow))
  }
  return rows.map((row) => {
    const before = existing.get(row.handle)
    return before === undefined ? 'create' : before === fingerprint(row) ? 'unchanged' : 'update'
  })
}

/** Imported products (not demo ones) still listed whose handle the file does not name. */
const missingFrom = (handles: Iterable<string>) =>
  and(isNotNull(products.handle), eq(products.archived, false), sql`not (${products.handle} = any (select jsonb_array_elements_text(${JSON.stringify([...handles])}::jsonb)))`)

export async function countMissing(db: Db, handles: Iterable<string>) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(missingFrom(handles))
  return row?.n ?? 0
}

/**
 * Writes the rows that changed (insert, or update by handle) and, with `archiveMissing`, archives
 * the imported products the file no longer has, all in one transaction: an import is written
 * whole or not at all. Archived products keep their row, so carts, orders and likes still show them.
 */
export async function writeChanges(db: Db, rows: ImportedRow[], opts: { archiveMissing: boolean; handles: Iterable<string> }) {
  return db.transaction(async (tx: Tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(products)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({ target: products.handle, set: UPSERT_SET })
    }
    if (!opts.archiveMissing) return 0
    const archived = await tx.update(products).set({ archived: true }).where(missingFrom(opts.handles)).returning({ id: products.id })
    return archived.length
  })
}
