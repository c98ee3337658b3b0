/** Business constants of spec part 2 §9 (marketplace and commerce). Amounts in euros. */
import { present } from '../lists'

/** The categories a product can have. */
export const PRODUCT_CATEGORIES = ['casual', 'evening', 'cocktail', 'maxi', 'mini', 'midi', 'shirt', 'jersey', 'knit'] as const
/** The catalogue's filter: every product category, or `all`. */
export const CATEGORIES = ['all', ...PRODUCT_CATEGORIES] as const
export type Category = (typeof CATEGORIES)[number]

export const BRANDS = [
  'Maison Lune',
  'Atelier Nova',
  'Sable & Rose',
  'Petra Vale',
  'Oro Studio',
  'Linea',
  'Juniper Row',
  'Colette Blue',
  'Fable Avenue',
  'Marlo',
  'Seren',
  'Isla Kade',
  'Nord Thread',
  'Velour Co.',
  'Alma Hart',
  'Tessa Reed',
  'Wren & Ivy',
  'Cala',
  'Mira Loom',
] as const
/** Only the first 8 of the 19 brands are offered as filters. */
export const FILTER_BRANDS = BRANDS.slice(0, 8)

export const SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL'] as const
export type SizeName = (typeof SIZES)[number]

export const COLORS = [
  { name: 'Black', hex: '#1F1F1F' },
  { name: 'Ivory', hex: '#F4EFE6' },
  { name: 'Red', hex: '#C8102E' },
  { name: 'Navy', hex: '#1F2A44' },
  { name: 'Emerald', hex: '#1E7B5A' },
  { name: 'Blush', hex: '#E8B4B8' },
  { name: 'Beige', hex: '#D8C3A5' },
  { name: 'Mustard', hex: '#D4A017' },
  { name: 'Lavender', hex: '#B8A1D9' },
  { name: 'Burgundy', hex: '#7B1E3A' },
] as const
export type ColorName = (typeof COLORS)[number]['name']
export const COLOR_NAMES = COLORS.map((c) => c.name) as [ColorName, ...ColorName[]]

export const SORTS = [
  { id: 'newest', label: 'Newest' },
  { id: 'price-low', label: 'Price: Low to High' },
  { id: 'price-high', label: 'Price: High to Low' },
  { id: 'rating', label: 'Rating' },
] as const
export type SortId = (typeof SORTS)[number]['id']
export const SORT_IDS = SORTS.map((s) => s.id) as [SortId, ...SortId[]]

export const PRICE_MIN = 0
export const PRICE_MAX = 500
export const PAGE_SIZE = 24
export const MAX_QUANTITY = 99

export const SHIPPING_OPTIONS = [
  { id: 'free', label: 'Free shipping', price: 0, eta: '3-7 business days' },
  { id: 'standard', label: 'Standard shipping', price: 9.9, eta: '4-6 days' },
  { id: 'fast', label: 'Fast shipping', price: 9.9, eta: '2-3 days' },
] as const
export type ShippingMethod = (typeof SHIPPING_OPTIONS)[number]['id']
export const SHIPPING_METHODS = SHIPPING_OPTIONS.map((s) => s.id) as [ShippingMethod, ...ShippingMethod[]]
export const shippingPrice = (method: ShippingMethod) => present(SHIPPING_OPTIONS.find((s) => s.id === method), `shipping method ${method}`).price

export const PAYMENT_METHODS = [
  { id: 'cash', label: 'Cash on delivery' },
  { id: 'credit', label: 'Credit card' },
] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]['id']

export const ORDER_STATUSES = ['pending', 'delivered', 'cancelled'] as const
export type OrderStatus = (typeof ORDER_STATUSES)[number]

/** Rounded percent of (original - price) / original, or null when there is no discount. */
export function discountPercent(price: number, originalPrice: number | null | undefined) {
  if (originalPrice == null || !(originalPrice > price)) return null
  return Math.round(((originalPrice - price) / originalPrice) * 100)
}

/** The filter badge counts selected brands, sizes and colours, plus one for a category other than all. */
export function filterBadgeCount(f: { category: string; brands: readonly string[]; sizes: readonly string[]; colors: readonly string[] }) {
  return f.brands.length + f.sizes.length + f.colors.length + (f.category !== 'all' ? 1 : 0)
}

/** Money is kept in cents on the server so that sums are exact. */
export const toCents = (euros: number) => Math.round(euros * 100)
export const fromCents = (cents: number) => cents / 100

const euro = new Intl.NumberFormat('en-IE', { style: 'currency', currency: 'EUR' })
/** Euros everywhere (PRODUCT.md §6), always with 2 decimals. */
export const formatEuro = (amount: number) => euro.format(amount)
