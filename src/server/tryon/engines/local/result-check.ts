import type { GarmentCategory } from '../../engine'
import { type Point, dist, lerp, segmentDistance, segmentShare } from './geometry'
import { type BodyFrame, type PersonMasks, bodyAxes } from './person-analysis'
import { oldDressHem } from './old-dress'
import { type Box, type Plane, type Rgb, cachedMorph, edgeShare, fullBox, grownBox, isSet, median, opened, plane, withLentPlanes } from './raster'

/**
 * What makes a try-on picture broken: fabric outside the person's silhouette (beyond a margin;
 * a skirt's flare allowed), fabric over the face, hair or bare hands, the frame filled with
 * fabric, limbs erased to the backdrop, or a garment implausibly small or large for the body (or
 * not over the chest).
 */
export type Defect = 'outside' | 'face' | 'hands' | 'frame' | 'limbs' | 'scale'

export type CheckInput = {
  /** The person photo and the try-on picture, at the same size. */
  person: Rgb
  result: Rgb
  masks: PersonMasks
  body: BodyFrame
  garmentType: GarmentCategory
  /** Where the new garment is (0..1): the engine's own coverage, or evidence from pixels for a bench. */
  fabric: Plane
}

const on = isSet

/** How many pixels of fabric there are, and the rows and columns from its first to its last (y1 < y0 when none). */
type FabricExtent = { area: number; x0: number; y0: number; x1: number; y1: number }

function fabricExtent(fabric: Plane): FabricExtent {
  const { width: w, height: h, data } = fabric
  let area = 0
  let [x0, y0, x1, y1] = [w, h, -1, -1]
  for (let y = 0, i = 0; y < h; y++) {
    let n = 0
    for (let x = 0; x < w; x++, i++)
      if (data[i]! >= 0.5) {
        n++
        if (x < x0) x0 = x
        if (x > x1) x1 = x
      }
    if (!n) continue
    area += n
    if (y0 === h) y0 = y
    y1 = y
  }
  return { area, x0, y0, x1, y1 }
}

/** How far out a skirt may flare per row below the hips (a full skirt hangs about 30° from the vertical). */
const FLARE_SLOPE = 0.6

const outlines = new WeakMap<Plane, Int32Array>()

/** Row by row, the first and last column of the person mask (or of the last row that had any: below the feet). */
function outlineOf(person: Plane) {
  let outline = outlines.get(person)
  if (outline) return outline
  const { width: w, height: h } = person
  outline = new Int32Array(h * 2)
  let [left, right] = [w, -1]
  for (let y = 0; y < h; y++) {
    let [l, r] = [w, -1]
    for (let x = 0, i = y * w; x < w; x++, i++)
      if (on(person, i)) {
        if (l === w) l = x
        r = x
      }
    if (r >= 0) [left, right] = [l, r]
    outline[y * 2] = left
    outline[y * 2 + 1] = right
  }
  outlines.set(person, outline)
  return outline
}

/** How far from a forearm's line a sleeve's bell may reach (shoulder widths): from the elbow, widening to the wrist, and on past it to its cuff (a share of the forearm's length). */
const BELL = { elbow: 0.15, wrist: 0.4, pastWrist: 0.3 }

/** Whether (x, y) lies within the reach of a sleeve's bell round either forearm. */
function inBell(x: number, y: number, body: BodyFrame) {
  for (const [elbow, wrist] of [[body.elbowL, body.wristL], [body.elbowR, body.wristR]] as const) {
    const cuff = lerp(elbow, wrist, 1 + BELL.pastWrist)
    const t = segmentShare(x, y, elbow, cuff) * (1 + BELL.pastWrist)
    if (segmentDistance(x, y, elbow, cuff) < body.shoulderWidth * (BELL.elbow + (BELL.wrist - BELL.elbow) * t)) return true
  }
  return false
}

/**
 * Fabric outside the silhouette grown by a margin. Below the hips a dress or skirt may flare: out to
 * 40% of the shoulders beyond the body's outline there, and further the lower it hangs; a top's or a
 * dress's sleeves may flare round the forearms (a bell sleeve), not higher up the arms.
 */
function outside({ masks, body, garmentType, fabric }: CheckInput, { area, x0, y0, x1, y1 }: FabricExtent) {
  const { width: w } = fabric
  const sw = body.shoulderWidth
  const near = cachedMorph(masks.person, sw * 0.08).data
  const hipsY = bodyAxes(body).hips.y
  const flares = garmentType !== 'top'
  const sleeved = garmentType !== 'bottom'
  const outline = outlineOf(masks.person)
  let out = 0
  for (let y = y0; y <= y1; y++) {
    const left = outline[y * 2]!
    const right = outline[y * 2 + 1]!
    const reach = flares && y > hipsY ? sw * 0.4 + (y - hipsY) * FLARE_SLOPE : null
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x
      if (on(fabric, i) && !near[i] && (reach === null || x < left - reach || x > right + reach) && !(sleeved && inBell(x, y, body))) out++
    }
  }
  return out > Math.max(area * 0.04, fabric.data.length * 0.002)
}

/** The pixels of a region, in order (a person's regions are checked on every try-on of their photo). */
const regionPixels = new WeakMap<Uint8Array, Int32Array>()
function pixelsOf(region: Uint8Array) {
  let pixels = regionPixels.get(region)
  if (!pixels) {
    const list: number[] = []
    for (let i = 0; i < region.length; i++) if (region[i]) list.push(i)
    regionPixels.set(region, (pixels = Int32Array.from(list)))
  }
  return pixels
}

const covered = (fabric: Plane, region: Uint8Array) => {
  const pixels = pixelsOf(region)
  let under = 0
  for (const i of pixels) if (on(fabric, i)) under++
  return pixels.length ? under / pixels.length : 0
}

const handRegions = new WeakMap<PersonMasks, Uint8Array>()
const hands = (input: CheckInput) => {
  let region = handRegions.get(input.masks)
  if (!region) handRegions.set(input.masks, (region = handRegion(input)))
  return region
}

/** The bare skin of each hand: the hands the hand model found, else a guess past the wrist along the forearm. */
function handRegion({ masks, body }: CheckInput): Uint8Array {
  const { width: w, height: h } = masks.person
  const region = new Uint8Array(w * h)
  for (let i = 0; i < region.length; i++) if (on(masks.hands, i)) region[i] = 1
  if (region.includes(1)) return region
  const r = body.shoulderWidth * 0.14
  for (const [elbow, wrist] of [
    [body.elbowL, body.wristL],
    [body.elbowR, body.wristR],
  ] as const) {
    const centre: Point = lerp(elbow, wrist, 1.35)
    for (let y = Math.max(0, Math.floor(centre.y - r)); y <= Math.min(h - 1, centre.y + r); y++)
      for (let x = Math.max(0, Math.floor(centre.x - r)); x <= Math.min(w - 1, centre.x + r); x++) {
        const i = y * w + x
        if (dist({ x, y }, centre) <= r && on(masks.bareArms, i)) region[i] = 1
      }
  }
  return region
}

/** Fabric across the top, left and right edges of the frame, or over most of it. */
const frameFilled = (fabric: Plane, fabricArea: number) => fabricArea > fabric.data.length * 0.7 || edgeShare(fabric) > 0.25

/** The row below which no more than a few pixels of fabric show: where the new garment ends. */
function fabricEnd(fabric: Plane, extent: FabricExtent, few: number) {
  const w = fabric.width
  for (let y = extent.y1; y >= extent.y0; y--) {
    let n = 0
    for (let i = y * w; i < (y + 1) * w; i++) if (on(fabric, i)) n++
    if (n > few) return y + 1
  }
  return 0
}

type Backdrop = { r: number; g: number; b: number }

/** The colour of a plain backdrop along the photo's left and right edges; null when it is not plain. */
function plainBackdrop({ width: w, height: h, data }: Rgb): Backdrop | null {
  const border: [number[], number[], number[]] = [[], [], []]
  for (let y = 0; y < h; y += 3)
    for (const x of [0, 1, w - 2, w - 1]) border.forEach((channel, c) => channel.push(data[(y * w + x) * 3 + c] ?? 0))
  const [reds, greens, blues] = border
  const [r, g, b] = [median(reds), median(greens), median(blues)]
  const spread = median(reds.map((red, k) => Math.hypot(red - r, (greens[k] ?? 0) - g, (blues[k] ?? 0) - b)))
  return spread > 12 ? null : { r, g, b }
}

const looksLike = ({ data }: Rgb, i: number, { r, g, b }: Backdrop) => (data[i * 3]! - r) ** 2 + (data[i * 3 + 1]! - g) ** 2 + (data[i * 3 + 2]! - b) ** 2 < 400

/**
 * Below the hips, the person's pixels that do not look like the backdrop (a person's are checked on
 * every try-on of their photo; their masks stand for the photo they were made of).
 */
const legsOf = new WeakMap<PersonMasks, { backdrop: Backdrop; pixels: Int32Array } | null>()
function legs({ person, masks, body }: CheckInput) {
  if (legsOf.has(masks)) return legsOf.get(masks)!
  const backdrop = plainBackdrop(person)
  let found = null
  if (backdrop) {
    const { width: w, height: h } = person
    const list: number[] = []
    const from = Math.max(0, Math.ceil(bodyAxes(body).hips.y + body.shoulderWidth * 0.2) * w)
    for (let i = from; i < w * h; i++) if (on(masks.person, i) && !looksLike(person, i, backdrop)) list.push(i)
    found = { backdrop, pixels: Int32Array.from(list) }
  }
  legsOf.set(masks, found)
  return found
}

/**
 * Below the hips, the person's pixels that now look like the backdrop (plain backdrops only). Above
 * the hem of trousers, a skirt or a dress, the old trousers or skirt wider than them go and what
 * shows there is the backdrop: only the legs below their hem count. So does an old dress wider than
 * the legs under a new, shorter dress or skirt: its clothing down to its own hem is no limb.
 */
function limbsErased(input: CheckInput, extent: FabricExtent) {
  const found = legs(input)
  if (!found) return false
  const { result, body, fabric, garmentType, masks } = input
  const w = fabric.width
  const from = garmentType === 'top' ? 0 : Math.ceil(fabricEnd(fabric, extent, body.shoulderWidth * 0.1)) * w
  const oldHem = garmentType === 'top' ? null : oldDressHem(masks.person, body, bodyAxes(body).hips.y)
  const oldDressTo = oldHem === null ? 0 : (oldHem + 1) * w
  let count = 0
  let erased = 0
  for (const i of found.pixels) {
    if (i < from || on(fabric, i) || (i < oldDressTo && on(masks.clothing, i))) continue
    count++
    if (looksLike(result, i, found.backdrop)) erased++
  }
  return count > fabric.data.length * 0.01 && erased > count * 0.15
}

/** The garment's width across the chest against the body's shoulder width. */
function tooWide({ body, fabric }: CheckInput) {
  const sw = body.shoulderWidth
  const { neck, hips } = bodyAxes(body)
  const row = Math.round(lerp(neck, hips, 0.35).y)
  if (row < 0 || row >= fabric.height) return true
  let widest = 0
  let run = 0
  for (let x = 0; x < fabric.width; x++) {
    run = on(fabric, row * fabric.width + x) ? run + 1 : 0
    widest = Math.max(widest, run)
  }
  return widest > sw * 2.6
}

/**
 * A top or dress that leaves the chest bare on both sides of the breastbone (a V-neckline may
 * leave the middle bare; a crop top's hem is lower) was not laid on the body: a band of fabric
 * above or below the chest, or beside it.
 */
function chestBare({ body, fabric }: CheckInput) {
  const { neck, hips, across } = bodyAxes(body)
  const sw = body.shoulderWidth
  const chest = lerp(neck, hips, 0.42)
  const r = sw * 0.12
  const { width: w, height: h } = fabric
  const bare = (centre: Point) => {
    let inside = 0
    let under = 0
    for (let y = Math.max(0, Math.floor(centre.y - r)); y <= Math.min(h - 1, centre.y + r); y++)
      for (let x = Math.max(0, Math.floor(centre.x - r)); x <= Math.min(w - 1, centre.x + r); x++) {
        if (dist({ x, y }, centre) > r) continue
        inside++
        if (on(fabric, y * w + x)) under++
      }
    return inside > 0 && under < inside * 0.5
  }
  const side = (sign: number) => ({ x: chest.x + across.x * sign * sw * 0.22, y: chest.y + across.y * sign * sw * 0.22 })
  return bare(side(-1)) && bare(side(1))
}

/**
 * Where a try-on picture differs visibly from the person photo, opened against noise: the new
 * garment as its pixels show it (soft edges and faint flaps included), whatever the engine's own
 * account of its coverage. Its planes from `take`; only `within` is looked at (the rest is the
 * photo's own: nothing there changed).
 */
export function visibleChange(person: Rgb, result: Rgb, take = () => plane(person.width, person.height), within: Box | null = fullBox(person)): Plane {
  const { width: w } = person
  const changed = take()
  const { data: before } = person
  const { data: after } = result
  const box = { x0: w, y0: -1, x1: -1, y1: -1 }
  if (!within) return changed
  for (let y = within.y0; y <= within.y1; y++)
    for (let x = within.x0, i = y * w + x; x <= within.x1; x++, i++) {
      const r = after[i * 3]! - before[i * 3]!
      const g = after[i * 3 + 1]! - before[i * 3 + 1]!
      const b = after[i * 3 + 2]! - before[i * 3 + 2]!
      if (r * r + g * g + b * b <= 40 * 40) continue
      changed.data[i] = 1
      if (box.y0 < 0) box.y0 = y
      box.y1 = y
      if (x < box.x0) box.x0 = x
      if (x > box.x1) box.x1 = x
    }
  if (box.y0 < 0) return changed
  // (a few pixels round the change: beyond them both passes see nothing but zeros)
  const around = grownBox(box, 3, person)
  return opened(changed, 1, around, take)
}

/** The defects that pixels show: fabric outside the body, over the face or hands, or filling the frame. */
export const SEEN_DEFECTS: readonly Defect[] = ['outside', 'face', 'hands', 'frame']

/**
 * The defects of a returned picture: those its coverage (the engine's own account of where the new
 * garment is) shows, else those its pixels show (a faint flap beside the body that the coverage missed).
 */
export function pictureDefects(check: Omit<CheckInput, 'fabric'>, coverage: Plane, changed: Box | null = fullBox(check.person)): Defect[] {
  const found = resultDefects({ ...check, fabric: coverage })
  return found.length ? found : withLentPlanes(check.person, (take) => resultDefects({ ...check, fabric: visibleChange(check.person, check.result, take, changed) }, SEEN_DEFECTS))
}

const ALL_DEFECTS: readonly Defect[] = ['outside', 'face', 'hands', 'frame', 'limbs', 'scale']

/** Every defect of a try-on picture (none for a good one), of those asked about. */
export function resultDefects(input: CheckInput, asked = ALL_DEFECTS): Defect[] {
  const extent = fabricExtent(input.fabric)
  const fabricArea = extent.area
  const checks: Record<Defect, () => boolean> = {
    outside: () => outside(input, extent),
    face: () => covered(input.fabric, cachedMorph(input.masks.keep, -2).data) > 0.02,
    hands: () => covered(input.fabric, hands(input)) > 0.5,
    frame: () => frameFilled(input.fabric, fabricArea),
    limbs: () => limbsErased(input, extent),
    // (trousers or a skirt: only whether they show at all)
    scale: () => fabricArea < input.body.shoulderWidth ** 2 * 0.3 || (input.garmentType !== 'bottom' && (tooWide(input) || chestBare(input))),
  }
  return asked.filter((defect) => checks[defect]())
}
