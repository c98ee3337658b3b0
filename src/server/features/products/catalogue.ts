import crypto from 'node:crypto'
import { cyclic, present, type NonEmpty } from '~/shared/lists'
import { BRANDS, COLORS, PRODUCT_CATEGORIES, SIZES, type SizeName } from '~/shared/marketplace/constants'
import type { SizeChart } from '~/shared/marketplace/schemas'
import type { ProductIllustration } from '../../db/schema'

/** How a dress is drawn and described (stored with the product, see the schema). */
export type DressStyle = ProductIllustration

type Five = [number, number, number, number, number]

export type CatalogueProduct = {
  id: string
  name: string
  brand: string
  category: (typeof PRODUCT_CATEGORIES)[number]
  subcategory: string
  price: number
  originalPrice: number | null
  ratingCounts: Five
  createdAt: Date
  colors: { name: string; hex: string }[]
  sizes: { name: SizeName; available: boolean }[]
  material: string
  description: string
  sizeChart: SizeChart
  style: DressStyle
}

export const CATALOGUE_SIZE = 132

/** A small deterministic PRNG so that the catalogue is the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const pick = <T,>(xs: readonly T[]) => present(xs[Math.floor(next() * xs.length)], 'an item to pick from')
  return { next, pick, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) }
}

/** A stable UUID per catalogue index, so seeding is idempotent. */
export function catalogueId(index: number) {
  const h = crypto.createHash('sha256').update(`drape-catalogue-${index}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

const ADJECTIVES: NonEmpty<string> = ['Riviera', 'Amalfi', 'Solstice', 'Marguerite', 'Lumière', 'Palermo', 'Juniper', 'Capri', 'Seraphine', 'Odette', 'Verona', 'Camille', 'Azalea', 'Nadia', 'Portofino', 'Elodie', 'Sorrento', 'Margot', 'Ines', 'Valencia', 'Delphine', 'Saffron']
const PATTERN_WORDS: Record<DressStyle['pattern'], string> = { solid: '', stripes: 'Striped', dots: 'Polka Dot', floral: 'Floral', gingham: 'Gingham', ribbed: 'Ribbed', pleats: 'Pleated' }
const FIT_NAMES: Record<DressStyle['fit'], string> = { 'a-line': 'A-Line Dress', bodycon: 'Bodycon Dress', 'fit-and-flare': 'Fit & Flare Dress', shift: 'Shift Dress', wrap: 'Wrap Dress', slip: 'Slip Dress' }
const MATERIALS: Record<CatalogueProduct['category'], NonEmpty<string>> = {
  casual: ['Cotton', 'Linen', 'Cotton poplin', 'Chambray'],
  evening: ['Satin', 'Silk', 'Crepe', 'Velvet'],
  cocktail: ['Crepe', 'Satin', 'Taffeta', 'Sequin mesh'],
  maxi: ['Chiffon', 'Viscose', 'Linen', 'Georgette'],
  mini: ['Cotton', 'Tweed', 'Crepe', 'Denim'],
  midi: ['Viscose', 'Crepe', 'Cotton', 'Satin'],
  shirt: ['Cotton poplin', 'Chambray', 'Linen', 'Silk'],
  jersey: ['Cotton jersey', 'Modal jersey', 'Viscose jersey'],
  knit: ['Merino wool', 'Cashmere blend', 'Cotton knit', 'Ribbed knit'],
}

const LENGTH_BY_CATEGORY: Partial<Record<string, DressStyle['length']>> = { maxi: 'maxi', mini: 'mini', midi: 'midi' }
const LENGTH_WORDS: Record<DressStyle['length'], string> = { mini: 'mini', knee: 'knee-length', midi: 'midi', maxi: 'maxi' }
const SLEEVE_WORDS: Record<DressStyle['sleeve'], string> = { sleeveless: 'Sleeveless', cap: 'Cap sleeve', short: 'Short sleeve', puff: 'Puff sleeve', 'three-quarter': 'Three-quarter sleeve', long: 'Long sleeve' }
const NECK_WORDS: Record<DressStyle['neckline'], string> = { 'v-neck': 'V-neck', round: 'Round neck', square: 'Square neck', sweetheart: 'Sweetheart', halter: 'Halter', 'off-shoulder': 'Off-shoulder', boat: 'Boat neck', collar: 'Shirt collar' }

/** Dress styles suited to each category. */
function styleFor(category: string, r: ReturnType<typeof rng>): DressStyle {
  const length = LENGTH_BY_CATEGORY[category] ?? r.pick(category === 'evening' ? (['midi', 'maxi'] as const) : (['mini', 'knee', 'midi'] as const))
  const fit: DressStyle['fit'] =
    category === 'jersey' ? r.pick(['bodycon', 'wrap', 'shift'] as const) : category === 'shirt' ? r.pick(['shift', 'a-line', 'fit-and-flare'] as const) : category === 'knit' ? r.pick(['bodycon', 'shift', 'a-line'] as const) : r.pick(['a-line', 'fit-and-flare', 'wrap', 'slip', 'shift', 'bodycon'] as const)
  const neckline: DressStyle['neckline'] = category === 'shirt' ? 'collar' : fit === 'wrap' ? 'v-neck' : fit === 'slip' ? r.pick(['v-neck', 'square', 'sweetheart'] as const) : r.pick(['v-neck', 'round', 'square', 'sweetheart', 'halter', 'off-shoulder', 'boat'] as const)
  const sleeve: DressStyle['sleeve'] =
    fit === 'slip' || neckline === 'halter' ? 'sleeveless' : category === 'knit' ? r.pick(['long', 'three-quarter'] as const) : category === 'evening' ? r.pick(['sleeveless', 'long', 'cap'] as const) : r.pick(['sleeveless', 'cap', 'short', 'puff', 'three-quarter', 'long'] as const)
  const pattern: DressStyle['pattern'] =
    category === 'knit' ? 'ribbed' : category === 'evening' || category === 'cocktail' ? r.pick(['solid', 'solid', 'pleats'] as const) : r.pick(['solid', 'solid', 'stripes', 'dots', 'floral', 'gingham', 'pleats'] as const)
  return { length, neckline, sleeve, fit, pattern, belt: fit !== 'bodycon' && fit !== 'slip' && r.next() < 0.3, buttons: category === 'shirt' }
}

/** The chest of each size, from (included) and to (excluded), in cm. */
const CHEST_CM: Record<SizeName, readonly [number, number]> = { XXS: [76, 80], XS: [80, 84], S: [84, 88], M: [88, 92], L: [92, 97], XL: [97, 102], XXL: [102, 108] }

/** Body measurements per size (cm); `ease` shifts the whole chart for looser or tighter cuts. */
function sizeChart(ease: number): SizeChart {
  const chart: SizeChart = {}
  for (const s of SIZES) {
    const [from, to] = CHEST_CM[s]
    const [c0, c1] = [from + ease, to + ease]
    chart[s] = { chest: [c0, c1 - 1], waist: [c0 - 18, c1 - 19], hip: [c0 + 8, c1 + 7] }
  }
  return chart
}

/** Review counts for 5..1 stars leaning on a quality between 0 and 1. */
function ratingCounts(total: number, quality: number, r: ReturnType<typeof rng>): Five {
  const jitter = (w: number) => w * (0.8 + r.next() * 0.4)
  const weights: Five = [jitter(0.35 + quality * 0.5), jitter(0.25), jitter(0.12 * (1.3 - quality)), jitter(0.06 * (1.3 - quality)), jitter(0.04 * (1.2 - quality))]
  const sum = weights.reduce((a, b) => a + b, 0)
  const share = (w: number) => Math.floor((w / sum) * total)
  const [, w4, w3, w2, w1] = weights
  const [c4, c3, c2, c1] = [share(w4), share(w3), share(w2), share(w1)]
  // The five-star count takes what rounding down left over.
  return [total - c4 - c3 - c2 - c1, c4, c3, c2, c1]
}

const roundPrice = (v: number) => Math.max(9.9, Math.min(499.9, Math.round(v) - 0.1))

function describe(style: DressStyle, material: string, color: string) {
  const parts = [
    `A ${LENGTH_WORDS[style.length]} ${FIT_NAMES[style.fit].toLowerCase()} in ${material.toLowerCase()}, shown in ${color.toLowerCase()}.`,
    `${NECK_WORDS[style.neckline]} with ${SLEEVE_WORDS[style.sleeve].toLowerCase()}s${style.belt ? ' and a self-tie belt at the waist' : ''}${style.buttons ? ' and a button placket' : ''}.`,
    style.fit === 'bodycon' ? 'Close to the body with a little stretch.' : style.fit === 'shift' ? 'Falls straight from the shoulders for an easy fit.' : 'Fitted through the bodice, with movement in the skirt.',
    'Fully lined where it matters; machine wash cold or dry clean.',
  ]
  return parts.join(' ')
}

/** The demo catalogue: every category, brand, colour and size, prices within 0-500 euros. */
export function buildCatalogue(now = new Date(), count = CATALOGUE_SIZE): CatalogueProduct[] {
  return Array.from({ length: count }, (_, i) => {
    const r = rng(i * 7919 + 17)
    const category = cyclic(PRODUCT_CATEGORIES, i)
    const brand = cyclic(BRANDS, i * 5)
    const style = styleFor(category, r)
    const main = cyclic(COLORS, i * 3 + Math.floor(i / 10))
    const extra = COLORS.filter((c) => c.name !== main.name)
    const colors = [main, ...Array.from({ length: r.int(0, 2) }, () => r.pick(extra))].filter((c, j, all) => all.findIndex((x) => x.name === c.name) === j)
    const base = category === 'evening' ? r.int(120, 480) : category === 'cocktail' ? r.int(80, 320) : r.int(15, 220)
    const discounted = r.next() < 0.3
    const price = roundPrice(discounted ? base * (1 - r.pick([0.15, 0.2, 0.3, 0.4, 0.5])) : base)
    const missing = new Set(Array.from({ length: r.int(0, 2) }, () => r.pick(SIZES)))
    const material = r.pick(MATERIALS[category])
    const adjective = cyclic(ADJECTIVES, i * 7 + 3)
    const name = [adjective, PATTERN_WORDS[style.pattern], FIT_NAMES[style.fit]].filter(Boolean).join(' ')
    return {
      id: catalogueId(i),
      name,
      brand,
      category,
      subcategory: FIT_NAMES[style.fit],
      price,
      originalPrice: discounted ? roundPrice(base) : null,
      ratingCounts: ratingCounts(r.int(0, 320), r.next(), r),
      createdAt: new Date(now.getTime() - i * 5 * 3600_000 - r.int(0, 3600) * 1000),
      colors: colors.map((c) => ({ name: c.name, hex: c.hex })),
      sizes: SIZES.map((s) => ({ name: s, available: !missing.has(s) })),
      material,
      description: describe(style, material, main.name),
      sizeChart: sizeChart(style.fit === 'bodycon' ? -2 : style.fit === 'shift' ? 2 : 0),
      style,
    }
  })
}

export const STYLE_WORDS = { LENGTH_WORDS, SLEEVE_WORDS, NECK_WORDS, FIT_NAMES }
