import { COLORS, PRODUCT_CATEGORIES, SIZES, type SizeName } from '~/shared/marketplace/constants'

export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number]

/** Words of a shop's product type (or tags) that name one of Drape's categories, most specific first. */
const CATEGORY_WORDS: [RegExp, ProductCategory][] = [
  [/\bmaxi\b/, 'maxi'],
  [/\bmidi\b/, 'midi'],
  [/\bmini\b/, 'mini'],
  [/\bjersey|\bt-?shirt dress|\btee dress/, 'jersey'],
  [/\bshirt ?dress|\bshirt\b/, 'shirt'],
  [/\bknit|\bsweater|\bjumper/, 'knit'],
  [/\bcocktail|\bparty\b/, 'cocktail'],
  [/\bevening|\bgown|\bformal\b|\bball\b/, 'evening'],
  [/\bcasual|\bday ?dress|\bsun ?dress|\bsummer\b/, 'casual'],
]
const DRESS = /\bdress(es)?\b/

/**
 * Drape's category for a shop's product type, then its tags: a category word ("Maxi Dress" →
 * maxi), else a plain dress is casual (`generic`), else null (not something Drape sells).
 */
export function categoryFor(type: string, tags: string[]): { category: ProductCategory; generic: boolean } | null {
  for (const text of [type, ...tags].map((t) => t.toLowerCase().trim()).filter(Boolean)) {
    if ((PRODUCT_CATEGORIES as readonly string[]).includes(text)) return { category: text as ProductCategory, generic: false }
    const hit = CATEGORY_WORDS.find(([re]) => re.test(text))
    if (hit) return { category: hit[1], generic: false }
  }
  return [type, ...tags].some((t) => DRESS.test(t.toLowerCase())) ? { category: 'casual', generic: true } : null
}

const SIZE_ALIASES: Record<string, SizeName> = {
  '2xs': 'XXS',
  'extra extra small': 'XXS',
  'x-small': 'XS',
  'extra small': 'XS',
  small: 'S',
  medium: 'M',
  large: 'L',
  'x-large': 'XL',
  'extra large': 'XL',
  '2xl': 'XXL',
  'xx-large': 'XXL',
  'extra extra large': 'XXL',
}

/** One of Drape's sizes (XXS … XXL) for a shop's size name ("small", "2XL", "X-Large"), or null. */
export function sizeFor(name: string): SizeName | null {
  const key = name.trim().toLowerCase()
  return SIZES.find((s) => s.toLowerCase() === key) ?? SIZE_ALIASES[key] ?? null
}

/** Colours shops often use beyond Drape's ten, so that swatches look right. */
const MORE_COLORS: Record<string, string> = {
  white: '#FFFFFF',
  cream: '#F3E9D2',
  grey: '#8E8E8E',
  gray: '#8E8E8E',
  blue: '#2F5DA8',
  'light blue': '#A7C7E7',
  green: '#3A7D44',
  sage: '#9CAF88',
  olive: '#708238',
  pink: '#F4A6B8',
  yellow: '#F2D249',
  orange: '#E8772E',
  brown: '#7B5034',
  tan: '#C8A27A',
  camel: '#C19A6B',
  purple: '#6B3FA0',
  lilac: '#C8A2C8',
  teal: '#227C7A',
  khaki: '#BDB07A',
  silver: '#C0C0C0',
  gold: '#C9A227',
  coral: '#F27B6B',
  rust: '#B7472A',
  mint: '#A8E6CF',
  champagne: '#F1DDBF',
}
const KNOWN_COLORS = new Map([...COLORS.map((c) => [c.name.toLowerCase(), c.hex] as const), ...Object.entries(MORE_COLORS)])
export const UNKNOWN_COLOR_HEX = '#BDB6AD'

/** A swatch colour for a colour name (a `#rrggbb` name is its own colour), or null when unknown. */
export function hexFor(name: string): string | null {
  const key = name.trim().toLowerCase()
  if (/^#[0-9a-f]{6}$/.test(key)) return key.toUpperCase()
  return KNOWN_COLORS.get(key) ?? KNOWN_COLORS.get(key.split(/\s+/).at(-1) ?? '') ?? null
}

/** Plain text of a product description given as HTML (tags dropped, common entities decoded). */
export function textFromHtml(html: string) {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' }
  return html
    .replace(/\s+/g, ' ')
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10))
      return entities[e.toLowerCase()] ?? m
    })
    .split('\n')
    .map((l) => l.replace(/ +/g, ' ').trim())
    .filter(Boolean)
    .join('\n')
}

/**
 * Drape's sizes from a product's variants, in size order: the stock of a size is the sum over its
 * colours; a size without tracked stock (null) is available, one with stock is while it has any.
 */
export function sizesFrom(variants: { size: SizeName; stock: number | null }[]): { name: SizeName; available: boolean; stock?: number }[] {
  const stock = new Map<SizeName, number | null>()
  for (const v of variants) {
    const before = stock.get(v.size)
    stock.set(v.size, before === undefined ? v.stock : before === null || v.stock === null ? (before ?? v.stock) : before + v.stock)
  }
  return SIZES.filter((s) => stock.has(s)).map((name) => {
    const n = stock.get(name)
    return n === null || n === undefined ? { name, available: true } : { name, available: n > 0, stock: Math.max(0, n) }
  })
}
