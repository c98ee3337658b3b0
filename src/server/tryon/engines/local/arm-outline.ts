import type { BodyFrame, LimbRow, SeenUpperArm } from './analysis-schemas'
import { type Point, add, lerp, norm, pt, scale, sub } from './geometry'
import { type Plane, type Rgb, isSet, median, medianLab, pixelIndex } from './raster'

export type { LimbRow, SeenUpperArm } from './analysis-schemas'

/** The direction from a to b or back, whichever runs down the image (leftwards when level). */
export const downward = (a: Point, b: Point) => (b.y > a.y || (b.y === a.y && b.x < a.x) ? sub(b, a) : sub(a, b))

/** The unit vector across a direction that runs down the image: towards the image's right. */
export function rightOf(d: Point): Point {
  const l = Math.hypot(d.x, d.y) || 1
  return { x: d.y / l, y: -d.x / l }
}

const bareAt = (bare: Plane, { x, y }: Point) => {
  const [c, r] = [Math.round(x), Math.round(y)]
  return c >= 0 && r >= 0 && c < bare.width && r < bare.height && isSet(bare, r * bare.width + c)
}

/** The point at u across a limb's row: -1 its left edge, 0 its middle, 1 its right edge. */
export function acrossRow({ at, across, right, left }: LimbRow, u: number): Point {
  const offset = (right - left) / 2 + u * ((right + left) / 2)
  return { x: at.x + across.x * offset, y: at.y + across.y * offset }
}

const rowMiddle = (row: LimbRow) => acrossRow(row, 0)

/**
 * How far bare skin runs from `at` along `dir`: the distance of its last pixel before a gap of more
 * than `gap` pixels. The walk may start off the skin (a shaded edge) and looks for it within half
 * the reach. Null where no skin is found, or where it runs on to `reach`.
 */
export function bareExtent(bare: Plane, at: Point, dir: Point, reach: number, gap = 0): number | null {
  let last = -1
  for (let d = 0, missed = 0; missed <= gap; d++) {
    if (d >= reach) return null
    if (bareAt(bare, pt(at.x + dir.x * d, at.y + dir.y * d))) [last, missed] = [d, 0]
    else if (last >= 0 || d > reach / 2) missed++
  }
  return last < 0 ? null : last
}

/** The bare skin's row across a limb through a point on it: how far it runs either way (null off the skin, or running on beyond `reach`). */
export function bareRow(bare: Plane, at: Point, across: Point, reach: number): LimbRow | null {
  if (!bareAt(bare, at)) return null
  const [right, left] = [bareExtent(bare, at, across, reach), bareExtent(bare, at, scale(across, -1), reach)]
  return right !== null && left !== null ? { at, across, right, left } : null
}

/** How many bare rows in a row, 2 px apart, the upper arm must show to be read (the first two, at an old sleeve's hem, are partly its edge). */
const SEEN_ROWS = 7
/** How many rows it is read on at most, and how many of the widest of them tell its width and middle. */
const READ_ROWS = 14
const WIDEST_ROWS = 5

/** A limb row's half width. */
const halfWidth = (row: LimbRow) => (row.right + row.left + 1) / 2

/**
 * Where the upper arm first shows bare skin below the shoulder (below an old sleeve's hem, or
 * where a sleeveless top's bare arm is first told from the shoulder): the middle and half width of
 * its widest rows across near there, so what is filled under the old sleeve continues the arm seen
 * below it. (Below a hem at a slant the first rows show only part of the arm: read on them, the
 * filled arm was 12 px narrower than the arm below it, a step at the hem, 00055; further down an
 * old top's body may hide its inner side.) The pose's elbow is often off the arm's middle, so each
 * row starts from the bare skin nearest to the shoulder-elbow line. Null when the upper arm shows
 * no such rows (a long sleeve).
 */
export function seenUpperArm(bare: Plane, shoulder: Point, elbow: Point, sw: number): Omit<SeenUpperArm, 'bareColour'> | null {
  const along = sub(elbow, shoulder)
  const length = Math.hypot(along.x, along.y)
  const across = rightOf(downward(shoulder, elbow))
  const rows: LimbRow[] = []
  for (let d = length * 0.3; d < length * 0.95 && rows.length < READ_ROWS; d += 2) {
    const onLine = add(shoulder, { x: (along.x * d) / length, y: (along.y * d) / length })
    let row: LimbRow | null = null
    for (let off = 0; off < sw * 0.15 && !row; off += 2)
      for (const k of off ? [1, -1] : [1]) row ??= bareRow(bare, add(onLine, { x: across.x * off * k, y: across.y * off * k }), across, sw * 0.3)
    const half = row ? halfWidth(row) : 0
    if (row && half > sw * 0.04 && half < sw * 0.2) rows.push(row)
    else if (rows.length >= SEEN_ROWS) break
    else rows.length = 0
  }
  if (rows.length < SEEN_ROWS) return null
  const widest = new Set(rows.slice(2).sort((a, b) => halfWidth(b) - halfWidth(a)).slice(0, WIDEST_ROWS))
  const read = rows.filter((row) => widest.has(row))
  const seen = read.map(rowMiddle)
  const hem = pt(median(seen.map((c) => c.x)), median(seen.map((c) => c.y)))
  const radius = median(read.map(halfWidth))
  return { top: rowMiddle(rows[0]!), hem, end: add(hem, scale(norm(sub(hem, shoulder)), radius)), radius, rows: read }
}

/**
 * Both upper arms as seen (`seenUpperArm`), each with its colour when it is bare up to the shoulder:
 * no old clothing across the arm's line between its first bare row and the shoulder.
 */
export function seenUpperArms(img: Rgb, masks: { bareArms: Plane; clothing: Plane }, body: BodyFrame): [SeenUpperArm | null, SeenUpperArm | null] {
  const seenFrom = (shoulder: Point, elbow: Point): SeenUpperArm | null => {
    const seen = seenUpperArm(masks.bareArms, shoulder, elbow, body.shoulderWidth)
    if (!seen) return null
    const bare = [0.15, 0.3, 0.45, 0.6].every((t) => !isSet(masks.clothing, pixelIndex(img, lerp(seen.top, shoulder, t))))
    return { ...seen, bareColour: bare ? medianLab(img, seen.rows.flatMap((row) => [-0.5, 0, 0.5].map((u) => pixelIndex(img, acrossRow(row, u))))) : null }
  }
  return [seenFrom(body.shoulderL, body.elbowL), seenFrom(body.shoulderR, body.elbowR)]
}
