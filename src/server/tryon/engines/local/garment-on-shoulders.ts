import type { GarmentModel } from './analysis-schemas'
import type { Layer } from './compose'
import type { PartMappings } from './fit'
import { type Point, dist, norm, pt, sub } from './geometry'
import { type BodyFrame, type PersonMasks, bodyAxes } from './person-analysis'
import { type Bits, type Box, type Plane, boxAround, grownBox, isSet, median } from './raster'

/** A crew neckline round the neck: its sides this far out from the body's axis, and up from its bottom on the shoulder joints' line (shoulder widths). */
const NECK_HALF = 0.2
const NECK_RISE = 0.12

/** The highest above the shoulder joints' line (shoulder widths) an old top's neckline is the neck's base: clothing on up the neck further is a high collar, hiding it. */
const NECK_BASE_MOST = 0.15

/**
 * How far above the shoulder joints' line (pixels, up the body's axis) the neck's base is, where an
 * old top's crew neckline shows it: the old clothing's top edge in the middle. 0 where the middle
 * at the joints' line is bare (a lower neckline, a strapless top) or a high collar hides the base.
 */
export function neckBaseRise(clothing: Plane, body: BodyFrame): number {
  const { neck, down } = bodyAxes(body)
  const most = body.shoulderWidth * NECK_BASE_MOST
  const w = clothing.width
  const clothed = (d: number) => isSet(clothing, Math.round(neck.y - down.y * d) * w + Math.round(neck.x - down.x * d))
  if (!clothed(0)) return 0
  let d = 0
  while (d < most && clothed(d + 1)) d++
  return d < most ? d : 0
}

/**
 * A flat photo shows the inside of the garment's back through its neckline; worn, that is behind
 * the neck: the body part leaves the neck free above a crew neckline (a lower neckline is the
 * garment's own), from the neck's base (`baseRise` above the joints' line: a crew neckline sits
 * there, and cut from the joints' line it opened a scoop of skin below an old crew neck, 00121, 07966).
 */
export function uncoverNeck(layer: Layer, body: BodyFrame, box: Box, baseRise = 0) {
  const { neck, down, across } = bodyAxes(body)
  const half = body.shoulderWidth * NECK_HALF
  const rise = body.shoulderWidth * NECK_RISE
  const w = layer.alpha.width
  const planes = [...layer.color, layer.alpha]
  const y1 = Math.min(box.y1, Math.ceil(neck.y + half))
  for (let y = box.y0; y <= y1; y++)
    for (let x = box.x0; x <= box.x1; x++) {
      const a = (x - neck.x) * across.x + (y - neck.y) * across.y
      if (Math.abs(a) >= half) continue
      const d = (x - neck.x) * down.x + (y - neck.y) * down.y
      // (a pixel's width of soft edge along the curve)
      const keep = Math.max(0, Math.min(1, d + baseRise + rise * (a / half) ** 2 + 0.5))
      if (keep >= 1) continue
      const i = y * w + x
      for (const plane of planes) plane.data[i] = (plane.data[i] ?? 0) * keep
    }
}

/**
 * How much wider than at its waist a sleeveless garment may be at its armpits and still have
 * armholes: wider, what it has there is a flutter or a cap over the shoulder (053744's tulle ruffles,
 * cut at the arm's line), not a side cut straight down (the catalogue's dresses, 1.05-1.36).
 */
const FLUTTER = 1.5

/** The sides (0 left, 1 right, as seen) of a top or a dress that have neither a sleeve nor a flutter over the shoulder: there the upper arm is bare (see `offTheArms`). */
export function sleevelessSides({ landmarks: L, bbox }: GarmentModel, mappings: Pick<PartMappings, 'sleeveL' | 'sleeveR'>): (0 | 1)[] {
  const cx = (bbox.x0 + bbox.x1) / 2
  const flutters = (armpit: Point, waist: Point) => Math.abs(armpit.x - cx) > Math.abs(waist.x - cx) * FLUTTER
  return ([
    [0, mappings.sleeveL, L.armpitL, L.waistL],
    [1, mappings.sleeveR, L.armpitR, L.waistR],
  ] as const).flatMap(([side, sleeve, armpit, waist]) => (sleeve || flutters(armpit, waist) ? [] : [side]))
}

/**
 * Nothing of a garment stands in the air above the shoulders: above the shoulder joints' line, only
 * what lies on the person stays (a cold-shoulder top's straps stood up beside the neck as stubs).
 */
export function restOnShoulders(planes: Plane[], onPerson: Bits, body: BodyFrame, box: Box) {
  const { shoulderL, shoulderR } = body
  const slope = (shoulderR.y - shoulderL.y) / (shoulderR.x - shoulderL.x || 1)
  const w = onPerson.width
  const lowest = Math.min(box.y1, Math.ceil(shoulderL.y + Math.max((box.x0 - shoulderL.x) * slope, (box.x1 - shoulderL.x) * slope)))
  for (let y = box.y0; y <= lowest; y++)
    for (let x = box.x0; x <= box.x1; x++) {
      const i = y * w + x
      if (onPerson.data[i] || y >= shoulderL.y + (x - shoulderL.x) * slope) continue
      for (const plane of planes) plane.data[i] = 0
    }
}

/** The most a top runs on up to the shoulders' outline (shoulder widths): further, the shoulder is bare by design. */
export const SHOULDER_GAP = 0.08
/** Where across the shoulders it does (shoulder widths): from this far out from the neck's middle, fully a taper further, to this far beyond the joints. */
const SHOULDER_FROM = 0.3
const SHOULDER_TAPER = 0.1
const SHOULDER_REACH = 0.25
/** A layer's alpha from which a pixel is the garment's cloth, not its soft edge; and the lighter rim of its cut-out within that (pixels). */
const SOLID = 0.99
const RIM = 1

/**
 * A top lies on the shoulders up to their outline: its straight shoulder line (and a sleeve's cap)
 * runs below a rounded shoulder's top, which showed above it as a sliver of skin or old top. Up
 * each column across the shoulders (from SHOULDER_FROM out to beyond the joints), the garment runs
 * on to the person's outline when that is near, under hair lying on the shoulder too.
 */
export function upToShoulderOutline(layer: Layer, sleeves: Plane, masks: PersonMasks, body: BodyFrame, box: Box) {
  const { neck } = bodyAxes(body)
  const sw = body.shoulderWidth
  const w = layer.alpha.width
  const most = Math.round(sw * SHOULDER_GAP)
  const solidAt = (x: number, y: number) => (layer.alpha.data[y * w + x] ?? 0) >= SOLID
  const planes = [...layer.color, layer.alpha, sleeves]
  for (const joint of [body.shoulderL, body.shoulderR]) {
    const side = Math.sign(joint.x - neck.x) || 1
    const [from, to] = [neck.x + side * sw * SHOULDER_FROM, joint.x + side * sw * SHOULDER_REACH].sort((a, b) => a - b)
    const x0 = Math.max(box.x0, Math.ceil(from!))
    const x1 = Math.min(box.x1, Math.floor(to!))
    const lowest = Math.min(box.y1, Math.floor(joint.y + sw * SHOULDER_REACH))
    // Per column: the garment's first solid row, and the outline's row above it when near.
    const tops = new Map<number, { solid: number; outline: number }>()
    for (let x = x0; x <= x1; x++) {
      let top = box.y0
      while (top <= lowest && (layer.alpha.data[top * w + x] ?? 0) < 0.5) top++
      if (top > lowest) continue
      let y = top - 1
      // (through what stays in front, hair lying on the shoulder, which the garment runs on under)
      while (y >= 0 && top - y <= most && isSet(masks.person, y * w + x)) y--
      let solid = top
      while (solid < box.y1 && solid - top < most && !solidAt(x, solid)) solid++
      if (y < top - 1 && top - y <= most && solidAt(x, solid)) tops.set(x, { solid, outline: y + 1 })
    }
    for (const [x, { solid }] of tops) {
      // (the outline's row, the median of its neighbours': a mask's outline is ragged by a pixel or two)
      const near = [-2, -1, 0, 1, 2].flatMap((dx) => tops.get(x + dx)?.outline ?? [])
      // (towards the neck, where the shoulders' outline rises into it, the garment reaches up less and less)
      const taper = Math.min(1, (Math.abs(x - neck.x) / sw - SHOULDER_FROM) / SHOULDER_TAPER)
      const reach = Math.min(solid, Math.max(Math.round(median(near)), Math.floor(solid - (solid - median(near)) * taper)))
      // (mirrored below the garment's soft edge and the lighter rim of its cut-out: its own cloth,
      // not one pixel drawn out in streaks)
      const cloth = Math.min(box.y1, solid + RIM)
      for (let r = reach; r < cloth; r++) {
        let src = Math.min(box.y1, 2 * cloth - r)
        while (src > cloth && !solidAt(x, src)) src--
        if (!isSet(masks.keep, r * w + x)) for (const plane of planes) plane.data[r * w + x] = plane.data[src * w + x] ?? 0
      }
    }
  }
}

/** How far down the upper arm (in its half widths) a sleeveless garment's armhole has curved in from the shoulder joint to the arm's inner edge. */
const ARMHOLE_CURVE = 1.5
/** How far above the shoulder joint (shoulder widths) nothing of it lies beyond the arm's line: its corners stood up there. */
const ARMHOLE_ABOVE = 0.15

/**
 * A sleeveless top or dress leaves the upper arms bare: its body ends at each arm's inner edge,
 * its armhole curving in to it from the shoulder joint, where the strap ends. (A flat drawing cut
 * straight down from its shoulders, the demo catalogue's, covered the shoulder caps and the inner
 * half of the upper arms, and its corners stood out beyond them.) `arms`: the sleeveless sides'
 * upper arms, each its line from the shoulder joint down to the elbow and its half width; down to
 * the row `lowest` (below it the garment's side is the body's, a skirt's beside the arm).
 */
export function offTheArms(planes: Plane[], body: BodyFrame, arms: { line: Point[]; half: number }[], box: Box, lowest: number) {
  const w = planes[0]!.width
  const { neck } = bodyAxes(body)
  for (const { line, half } of arms) {
    const segments = line.slice(1).map((b, k) => {
      const a = line[k]!
      const u = norm(sub(b, a))
      // (the normal towards the body's middle)
      const towards = pt(-u.y, u.x)
      const n = towards.x * (neck.x - a.x) + towards.y * (neck.y - a.y) >= 0 ? towards : pt(u.y, -u.x)
      return { a, u, n, l: dist(a, b) }
    })
    const above = body.shoulderWidth * ARMHOLE_ABOVE
    const reach = grownBox(boxAround(line, Math.max(above, half) + 2), 0, { width: w, height: planes[0]!.height })
    const [x0, y0, x1, y1] = [Math.max(box.x0, reach.x0), Math.max(box.y0, reach.y0), Math.min(box.x1, reach.x1), Math.min(box.y1, reach.y1, Math.floor(lowest))]
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        // (the pixel's distance down the arm from the joint, and across it towards the body, from its nearest segment)
        let [best, t, s, start] = [Infinity, 0, 0, 0]
        for (let k = 0; k < segments.length; k++) {
          const { a, u, n, l } = segments[k]!
          const px = x - a.x
          const py = y - a.y
          const on = Math.min(l, Math.max(k === 0 ? -Infinity : 0, px * u.x + py * u.y))
          const d = (px - on * u.x) ** 2 + (py - on * u.y) ** 2
          if (d < best) [best, t, s] = [d, start + on, px * n.x + py * n.y]
          start += l
        }
        if (t < -above || t > start) continue
        const edge = t <= 0 ? 0 : half * Math.sqrt(Math.min(1, t / (half * ARMHOLE_CURVE)))
        // (a pixel's width of soft edge)
        const keep = Math.max(0, Math.min(1, s - edge + 0.5))
        if (keep >= 1) continue
        const i = y * w + x
        for (const p of planes) p.data[i] = (p.data[i] ?? 0) * keep
      }
  }
}
