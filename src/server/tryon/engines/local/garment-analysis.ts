import type { GarmentCategory } from '../../engine'
import { type Point, dist, mid, pt, side } from './geometry'
import { type Plane, type Rgb, fillHoles, keepLargest, labPlanes, median, morph, plane, threshold } from './raster'

/**
 * The garment model: its silhouette (mask), type and landmarks found on the mask. The landmarks
 * split it into parts: torso (between the shoulder-armpit lines), the two sleeves outside them,
 * and for a dress the skirt below the waist. "L"/"R" are image left/right.
 */
export type GarmentLandmarks = {
  neck: Point
  shoulderL: Point
  shoulderR: Point
  armpitL: Point
  armpitR: Point
  waistL: Point
  waistR: Point
  hemL: Point
  hemR: Point
  /** The far end of each sleeve (its cuff centre), null when sleeveless. */
  sleeveEndL: Point | null
  sleeveEndR: Point | null
  /** Trousers: the crotch point where the legs part. */
  crotch: Point | null
}

export type GarmentModel = {
  type: GarmentCategory
  bbox: { x0: number; y0: number; x1: number; y1: number }
  landmarks: GarmentLandmarks
  /** Mean colour (sRGB) of the garment. */
  color: [number, number, number]
}

/**
 * A robust garment mask: the segmentation model's mask combined with a background estimated from
 * the image border (product photos on a plain light background, where the model is weak on light
 * garments), cleaned up to one solid silhouette.
 */
export function garmentMask(img: Rgb, model: Plane): Plane {
  const [L, A, B] = labPlanes(img)
  const { width: w, height: h } = img
  const border: number[] = []
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.02))
  for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) if (x < band || y < band || x >= w - band || y >= h - band) border.push(y * w + x)
  const bg = [median(border.map((i) => L.data[i]!)), median(border.map((i) => A.data[i]!)), median(border.map((i) => B.data[i]!))]
  const spread = median(border.map((i) => Math.hypot(L.data[i]! - bg[0]!, A.data[i]! - bg[1]!, B.data[i]! - bg[2]!)))
  const limit = Math.max(3, spread * 4)
  const colour = plane(w, h)
  for (let i = 0; i < w * h; i++) colour.data[i] = Math.hypot(L.data[i]! - bg[0]!, A.data[i]! - bg[1]!, B.data[i]! - bg[2]!) > limit ? 1 : 0
  // Colour differences alone pick up shadows and noise: open them, and where the model found the
  // garment (even in part) trust them only around what it found.
  const found = threshold(model, 0.2)
  const foundArea = found.data.reduce((s, v) => s + v, 0)
  const near = foundArea > w * h * 0.02 ? morph(found, Math.round(Math.min(w, h) * 0.08)) : null
  const combined = plane(w, h)
  const opened = morph(morph(colour, -2), 2)
  for (let i = 0; i < w * h; i++) combined.data[i] = model.data[i]! >= 0.5 || (opened.data[i]! > 0 && (!near || near.data[i]! > 0)) ? 1 : 0
  return fillHoles(keepLargest(morph(morph(combined, 2), -2)))
}

/** Armpit-to-hem length over chest width above which an unlabelled garment is a dress. */
const DRESS_LENGTH_RATIO = 1.9

type Run = { l: number; r: number }

/** The run of mask pixels on row y that contains (or is nearest to) column cx. */
function centralRun(mask: Plane, y: number, cx: number): Run | null {
  const w = mask.width
  const row = y * w
  let best: Run | null = null
  let bestDist = Infinity
  let x = 0
  while (x < w) {
    while (x < w && mask.data[row + x]! < 0.5) x++
    if (x >= w) break
    const l = x
    while (x < w && mask.data[row + x]! >= 0.5) x++
    const r = x - 1
    const d = cx < l ? l - cx : cx > r ? cx - r : 0
    if (d < bestDist) {
      bestDist = d
      best = { l, r }
    }
  }
  return best
}

const topOfColumn = (mask: Plane, x: number, y0: number, y1: number) => {
  const cx = Math.round(x)
  for (let y = y0; y <= y1; y++) if (mask.data[y * mask.width + cx]! >= 0.5) return y
  return y0
}

function bounds(mask: Plane) {
  let x0 = mask.width
  let y0 = mask.height
  let x1 = -1
  let y1 = -1
  for (let y = 0; y < mask.height; y++)
    for (let x = 0; x < mask.width; x++)
      if (mask.data[y * mask.width + x]! >= 0.5) {
        x0 = Math.min(x0, x)
        x1 = Math.max(x1, x)
        y0 = Math.min(y0, y)
        y1 = Math.max(y1, y)
      }
  return { x0, y0, x1, y1 }
}

/** Finds the armpit on one side: going up from the lower torso, where the central run's edge jumps outwards (a sleeve joins). */
function findArmpit(runs: (Run | null)[], y0: number, H: number, W: number, edge: 'l' | 'r'): { y: number; x: number; sleeved: boolean } {
  const sign = edge === 'l' ? -1 : 1
  const jump = W * 0.05
  const from = y0 + Math.round(H * 0.6)
  const to = y0 + Math.round(H * 0.08)
  for (let y = from; y > to; y--) {
    const below = runs[y + 1 - y0]
    const here = runs[y - y0]
    if (!below || !here) continue
    if ((here[edge] - below[edge]) * sign > jump) return { y: y + 1, x: below[edge], sleeved: true }
  }
  // Sleeveless: the armhole ends where the edge stops moving outwards.
  let y = to
  const step = Math.round(H * 0.08)
  while (y + step < from) {
    const a = runs[y - y0]
    const b = runs[y + step - y0]
    if (a && b && (b[edge] - a[edge]) * sign < W * 0.015) break
    y += Math.max(1, Math.round(step / 4))
  }
  return { y, x: runs[y - y0]?.[edge] ?? 0, sleeved: false }
}

/** The cuff centre of the sleeve outside the shoulder-armpit line (below the armpit: outside the torso's run). */
function sleeveEnd(mask: Plane, runs: (Run | null)[], y0: number, shoulder: Point, armpit: Point, outward: 1 | -1): Point | null {
  const root = mid(shoulder, armpit)
  let count = 0
  let total = 0
  let far = 0
  const pts: [number, number, number][] = []
  for (let y = 0; y < mask.height; y += 2)
    for (let x = 0; x < mask.width; x += 2) {
      if (mask.data[y * mask.width + x]! < 0.5) continue
      total++
      const p = pt(x, y)
      if (side(shoulder, armpit, p) * outward <= 0 || y < shoulder.y - 4) continue
      const run = runs[y - y0]
      if (y > armpit.y && run && x >= run.l && x <= run.r) continue
      count++
      const d = dist(root, p)
      far = Math.max(far, d)
      pts.push([x, y, d])
    }
  if (count < total * 0.015 || far < dist(shoulder, armpit) * 0.45) return null
  const end = pts.filter(([, , d]) => d >= far * 0.88)
  return pt(end.reduce((s, [x]) => s + x, 0) / end.length, end.reduce((s, [, y]) => s + y, 0) / end.length)
}

/** Landmarks and type of a garment from its mask. */
export function garmentModel(img: Rgb, mask: Plane, category?: GarmentCategory): GarmentModel {
  const box = bounds(mask)
  if (box.x1 < 0) throw new Error('empty garment mask')
  const W = box.x1 - box.x0 + 1
  const H = box.y1 - box.y0 + 1
  // The centre line from the lower part of the silhouette.
  let sx = 0
  let n = 0
  for (let y = box.y0 + Math.round(H * 0.6); y <= box.y1; y++)
    for (let x = box.x0; x <= box.x1; x++)
      if (mask.data[y * mask.width + x]! >= 0.5) {
        sx += x
        n++
      }
  const cx = n ? sx / n : (box.x0 + box.x1) / 2
  const runs = Array.from({ length: H }, (_, k) => centralRun(mask, box.y0 + k, Math.round(cx)))

  // Trousers part at the centre line in their lower half.
  let gap = 0
  for (let y = box.y0 + Math.round(H * 0.55); y <= box.y1; y++) if (mask.data[y * mask.width + Math.round(cx)]! < 0.5) gap++
  const looksLikeTrousers = gap > H * 0.3

  const apL = findArmpit(runs, box.y0, H, W, 'l')
  const apR = findArmpit(runs, box.y0, H, W, 'r')
  // A dress is long for its chest width; otherwise a top.
  const chest = Math.max(1, apR.x - apL.x)
  const length = box.y1 - Math.max(apL.y, apR.y)
  const type: GarmentCategory = category ?? (looksLikeTrousers ? 'bottom' : length > chest * DRESS_LENGTH_RATIO ? 'dress' : 'top')
  // Product photos are symmetric: both sides share the armpit height and distance from the centre
  // (the side seen best, a sleeved one, wins), which also mends a side the scan misread.
  const centre = (() => {
    const r = runs[Math.round(H * 0.5)]
    return r ? (r.l + r.r) / 2 : cx
  })()
  const sleeved = apL.sleeved || apR.sleeved
  const sides = [apL, apR].filter((a) => a.sleeved === sleeved)
  const armY = Math.round(sides.reduce((sum, a) => sum + a.y, 0) / sides.length)
  // (the wider side: a misread side finds a jump inside the torso, near the collar)
  const armHalf = Math.max(...sides.map((a) => Math.abs(a.x - centre)))
  const armpitL = pt(centre - armHalf, armY)
  const armpitR = pt(centre + armHalf, armY)
  const topRow = runs[Math.round(H * 0.03)]
  // Sleeveless: the shoulders are the top's outer corners, unless the top is a narrow neck or strap.
  const topHalf = topRow ? Math.min(centre - topRow.l, topRow.r - centre) : 0
  const shoulderHalf = sleeved || topHalf < armHalf * 0.5 ? armHalf : Math.min(topHalf, armHalf)
  const shoulderAt = (x: number) => pt(x, topOfColumn(mask, x, box.y0, box.y1))
  const shoulderL = shoulderAt(centre - shoulderHalf)
  const shoulderR = shoulderAt(centre + shoulderHalf)
  const level = Math.min(shoulderL.y, shoulderR.y)
  shoulderL.y = shoulderR.y = level
  const neckX = (shoulderL.x + shoulderR.x) / 2
  const neck = pt(neckX, topOfColumn(mask, neckX, box.y0, box.y1))

  // Hem: the lowest row of the central run; waist: the narrowest torso row below the armpits.
  // (a little above the lowest row, where rounded corners and fringes have full width)
  let hemY = box.y1 - Math.round(H * 0.015)
  while (hemY > box.y0 && !runs[hemY - box.y0]) hemY--
  // A top's torso stays about as wide as at the armpits (sleeves hanging beside it are not torso).
  const clampRun = (r: Run): Run => (type === 'top' ? { l: Math.max(r.l, centre - armHalf * 1.15), r: Math.min(r.r, centre + armHalf * 1.15) } : r)
  const hemRun = clampRun(runs[hemY - box.y0]!)
  const waistTo = type === 'dress' ? armY + (hemY - armY) * 0.45 : hemY - (hemY - armY) * 0.15
  let waistY = Math.round(armY + (waistTo - armY) * 0.6)
  let narrowest = Infinity
  for (let y = Math.round(armY + (hemY - armY) * 0.15); y <= waistTo; y++) {
    const r = runs[y - box.y0]
    if (r && r.r - r.l < narrowest) {
      narrowest = r.r - r.l
      waistY = y
    }
  }
  const waistRun = clampRun(runs[waistY - box.y0] ?? hemRun)

  let crotch: Point | null = null
  if (type === 'bottom') {
    let y = box.y0 + Math.round(H * 0.2)
    while (y < box.y1 && mask.data[y * mask.width + Math.round(cx)]! >= 0.5) y++
    crotch = pt(cx, y)
  }

  let r = 0
  let g = 0
  let b = 0
  let count = 0
  for (let i = 0; i < mask.data.length; i += 3)
    if (mask.data[i]! >= 0.5) {
      r += img.data[i * 3]!
      g += img.data[i * 3 + 1]!
      b += img.data[i * 3 + 2]!
      count++
    }
  const ends = type === 'bottom' || !sleeved ? [null, null] : [sleeveEnd(mask, runs, box.y0, shoulderL, armpitL, 1), sleeveEnd(mask, runs, box.y0, shoulderR, armpitR, -1)]
  const mirror = (p: Point | null) => (p ? pt(2 * centre - p.x, p.y) : null)
  const [sleeveEndL, sleeveEndR] = [ends[0] ?? mirror(ends[1]!), ends[1] ?? mirror(ends[0]!)]
  return {
    type,
    bbox: box,
    landmarks: {
      neck,
      shoulderL,
      shoulderR,
      armpitL,
      armpitR,
      waistL: pt(waistRun.l, waistY),
      waistR: pt(waistRun.r, waistY),
      hemL: pt(hemRun.l, hemY),
      hemR: pt(hemRun.r, hemY),
      sleeveEndL,
      sleeveEndR,
      crotch,
    },
    color: [r / count, g / count, b / count].map(Math.round) as [number, number, number],
  }
}

export const PART = { none: 0, body: 1, sleeveL: 2, sleeveR: 3 } as const

/**
 * Splits the garment mask into parts: outside the shoulder-armpit line (and, below the armpit,
 * outside the torso's run of pixels) is a sleeve; the rest is the body (torso and skirt).
 */
export function garmentParts(mask: Plane, model: GarmentModel): Uint8Array {
  const { width: w, height: h } = mask
  const L = model.landmarks
  const parts = new Uint8Array(w * h)
  const cx = (L.hemL.x + L.hemR.x) / 2
  // Below the armpits the torso's sides run through the waist to the hem.
  const edge = (y: number, a: Point, b: Point, c: Point) => (y <= b.y ? a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1) : b.x + ((c.x - b.x) * (y - b.y)) / (c.y - b.y || 1))
  for (let y = 0; y < h; y++) {
    const run = centralRun(mask, y, Math.round(cx))
    const left = edge(y, L.armpitL, L.waistL, L.hemL)
    const right = edge(y, L.armpitR, L.waistR, L.hemR)
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (mask.data[i]! < 0.5) continue
      const p = pt(x, y)
      const inRun = run !== null && x >= run.l && x <= run.r
      const below = (a: Point) => y > a.y
      if (L.sleeveEndL && side(L.shoulderL, L.armpitL, p) > 0 && (!below(L.armpitL) || !inRun || x < left - 2)) parts[i] = PART.sleeveL
      else if (L.sleeveEndR && side(L.shoulderR, L.armpitR, p) < 0 && (!below(L.armpitR) || !inRun || x > right + 2)) parts[i] = PART.sleeveR
      else parts[i] = PART.body
    }
  }
  return parts
}
