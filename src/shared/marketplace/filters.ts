import { CATEGORIES, COLOR_NAMES, PRICE_MAX, PRICE_MIN, SIZES, SORT_IDS, type Category, type SortId } from './constants'

/** The listing's filter state; it lives in the URL so that links are shareable and back works. */
export type Filters = {
  q: string
  category: Category
  brands: string[]
  sizes: string[]
  colors: string[]
  minPrice: number
  maxPrice: number
  sort: SortId
}

export const DEFAULT_FILTERS: Filters = { q: '', category: 'all', brands: [], sizes: [], colors: [], minPrice: PRICE_MIN, maxPrice: PRICE_MAX, sort: 'newest' }

const list = (v: string | null, allowed?: readonly string[]) => (v ? v.split(',').filter((x) => x && (!allowed || allowed.includes(x))) : [])
const clampPrice = (v: string | null, fallback: number) => {
  const n = v === null || v === '' ? Number.NaN : Number(v)
  return Number.isFinite(n) ? Math.min(PRICE_MAX, Math.max(PRICE_MIN, Math.round(n))) : fallback
}

export function parseFilters(params: URLSearchParams): Filters {
  const category = params.get('category')
  const sort = params.get('sort')
  const minPrice = clampPrice(params.get('minPrice'), PRICE_MIN)
  const maxPrice = clampPrice(params.get('maxPrice'), PRICE_MAX)
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    category: CATEGORIES.includes(category as Category) ? (category as Category) : 'all',
    brands: list(params.get('brands')),
    sizes: list(params.get('sizes'), SIZES),
    colors: list(params.get('colors'), COLOR_NAMES),
    minPrice: Math.min(minPrice, maxPrice),
    maxPrice: Math.max(minPrice, maxPrice),
    sort: SORT_IDS.includes(sort as SortId) ? (sort as SortId) : 'newest',
  }
}

/** Only what differs from the defaults goes into the URL and the API query. */
export function toQuery(f: Filters): Record<string, string> {
  const q: Record<string, string> = {}
  if (f.q.trim()) q.q = f.q.trim()
  if (f.category !== 'all') q.category = f.category
  if (f.brands.length) q.brands = f.brands.join(',')
  if (f.sizes.length) q.sizes = f.sizes.join(',')
  if (f.colors.length) q.colors = f.colors.join(',')
  if (f.minPrice > PRICE_MIN) q.minPrice = String(f.minPrice)
  if (f.maxPrice < PRICE_MAX) q.maxPrice = String(f.maxPrice)
  if (f.sort !== 'newest') q.sort = f.sort
  return q
}

export const toggle = (xs: string[], x: string) => (xs.includes(x) ? xs.filter((y) => y !== x) : [...xs, x])
