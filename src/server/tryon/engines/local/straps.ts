import type { BodyFrame } from './person-analysis'
import { type Plane, isSet, median, plane } from './raster'

/** How much darker (L*) than the skin beside it a strap's pixel is (a crease in the skin is less). */
const DARK = 25
/** How far (pixels) up its clothing's edge a strap's foot rises above the edge a few pixels either side. */
const FOOT = 4
/** How steeply (pixels down per column) the clothing's upper edge may fall where it runs across the body, not down a side. */
const ACROSS_SLOPE = 2

/**
 * An old top's thin straps over the shoulders: dark lines running up from the clothing's upper edge,
 * too thin for the clothing mask (their pixels blend with the skin), left on the shoulders as two
 * dark lines when a new top does not cover them. Each is traced up from a narrow rise of the
 * clothing's upper edge (its foot), a row at a time, through the darkest pixel within two columns of
 * the last, while that is darker than the skin beside it, up to a little above the shoulders.
 */
export function oldStraps(L: Plane, clothing: Plane, person: Plane, body: BodyFrame): Plane {
  const { width: w, height: h } = L
  const out = plane(w, h)
  const sw = body.shoulderWidth
  const shoulderY = Math.min(body.shoulderL.y, body.shoulderR.y)
  // (a strap's widest half)
  const half = Math.max(2, Math.round(sw * 0.04))
  const [x0, x1] = [Math.max(10, Math.round(Math.min(body.shoulderL.x, body.shoulderR.x) - sw * 0.1)), Math.min(w - 11, Math.round(Math.max(body.shoulderL.x, body.shoulderR.x) + sw * 0.1))]
  const [from, to] = [Math.max(0, Math.round(shoulderY - sw * 0.2)), Math.min(h - 1, Math.round(Math.max(body.hipL.y, body.hipR.y)))]
  // (the clothing's upper edge: its first row in each column)
  const edge = new Float64Array(w).fill(Infinity)
  for (let x = x0 - 10; x <= x1 + 10; x++)
    for (let y = from; y <= to; y++)
      if (isSet(clothing, y * w + x)) {
        edge[x] = y
        break
      }
  const rises = (x: number) => [-10, -8, -6, 6, 8, 10].every((d) => edge[x]! < edge[x + d]! - FOOT)
  /** The skin's lightness either side of a strap through (x, y): the median a little beyond its widest half (null where too little skin is beside it). */
  const skinBeside = (x: number, y: number) => {
    const beside = [2, 3, 4, 5].flatMap((d) => [x - half - d, x + half + d]).filter((u) => u >= 0 && u < w && isSet(person, y * w + u) && !isSet(clothing, y * w + u))
    return beside.length < 4 ? null : median(beside.map((u) => L.data[y * w + u]!))
  }
  // (or, where the edge does not rise, the darkest of a dark line leaving it: a thin strap the mask
  // took none of, 051482's, whose foot met the top's edge where it fell away to the side; on the top's
  // edge across the body, not down its side, where the shadow between arm and body rises from it;
  // the edge found in both columns either side, Infinity where it is not)
  const darkFoot = (x: number) => {
    const y = edge[x]! - 2
    const across = Math.abs(edge[x + 4]! - edge[x - 4]!) <= 8 * ACROSS_SLOPE
    if (!Number.isFinite(y) || y < from || !isSet(person, y * w + x) || !across) return false
    const [i, skin] = [y * w + x, skinBeside(x, y)]
    return skin !== null && L.data[i]! < skin - DARK && L.data[i]! < L.data[i - 1]! && L.data[i]! <= L.data[i + 1]!
  }
  for (let x = x0; x <= x1; x++) {
    // (a foot's highest column)
    const foot = rises(x) && !((rises(x - 1) && edge[x - 1]! <= edge[x]!) || (rises(x + 1) && edge[x + 1]! < edge[x]!))
    if (!foot && !darkFoot(x)) continue
    const trace: number[] = []
    let [cx, misses, rows] = [x, 0, 0]
    for (let y = edge[x]! - 1; y >= from && misses < 2; y--) {
      let best = -1
      for (let u = Math.max(0, cx - 2); u <= Math.min(w - 1, cx + 2); u++) if (isSet(person, y * w + u) && (best < 0 || L.data[y * w + u]! < L.data[best]!)) best = y * w + u
      const skin = skinBeside(cx, y)
      if (best < 0 || skin === null) break
      if (L.data[best]! > skin - DARK) {
        misses++
        continue
      }
      misses = 0
      cx = best - y * w
      // (across the strap both ways while it is dark: a wide one's middle too, its blended edges with it)
      trace.push(best)
      for (const step of [-1, 1]) for (let i = best + step, n = 0; n < half && L.data[i]! < skin - DARK / 2; i += step, n++) trace.push(i)
      rows++
    }
    // (a line long enough to be a strap, not a fold or a shadow at the edge)
    if (rows >= sw * 0.15) for (const i of trace) out.data[i] = 1
  }
  return out
}
