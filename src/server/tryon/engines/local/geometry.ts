export type Point = { x: number; y: number }

export const pt = (x: number, y: number): Point => ({ x, y })
export const add = (a: Point, b: Point): Point => ({ x: a.x + b.x, y: a.y + b.y })
export const sub = (a: Point, b: Point): Point => ({ x: a.x - b.x, y: a.y - b.y })
export const scale = (a: Point, s: number): Point => ({ x: a.x * s, y: a.y * s })
export const lerp = (a: Point, b: Point, t: number): Point => ({ x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t })
export const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y)
export const mid = (a: Point, b: Point) => lerp(a, b, 0.5)
/** How far p lies from `origin` along the unit vector `dir`. */
export const along = (p: Point, origin: Point, dir: Point) => (p.x - origin.x) * dir.x + (p.y - origin.y) * dir.y
export const norm = (a: Point): Point => {
  const l = Math.hypot(a.x, a.y) || 1
  return { x: a.x / l, y: a.y / l }
}
/** Which side of the line a→b the point p lies on (>0: left of the direction of travel in image coordinates). */
export const side = (a: Point, b: Point, p: Point) => (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)

/**
 * A polyline of `segments` pieces along the parabola from a to b through `through` (at the share
 * `at` of the way): a line bent through a point without a corner there.
 */
export function curveThrough(a: Point, through: Point, b: Point, at: number, segments: number): Point[] {
  const k = 2 * at * (1 - at)
  const control = scale(sub(through, add(scale(a, (1 - at) ** 2), scale(b, at * at))), 1 / k)
  return Array.from({ length: segments + 1 }, (_, i) => {
    const t = i / segments
    return add(add(scale(a, (1 - t) ** 2), scale(control, 2 * t * (1 - t))), scale(b, t * t))
  })
}

/** How far along the segment a-b (0 at a, 1 at b) its point nearest (x, y) lies. */
export function segmentShare(x: number, y: number, a: Point, b: Point) {
  const abx = b.x - a.x
  const aby = b.y - a.y
  return Math.max(0, Math.min(1, ((x - a.x) * abx + (y - a.y) * aby) / (abx * abx + aby * aby || 1)))
}

/** Distance from the point (x, y) to the segment a-b. */
export function segmentDistance(x: number, y: number, a: Point, b: Point) {
  const t = segmentShare(x, y, a, b)
  const dx = x - a.x - (b.x - a.x) * t
  const dy = y - a.y - (b.y - a.y) * t
  return Math.sqrt(dx * dx + dy * dy)
}

/** A segment a-b and how far from it counts as near it. */
export type Capsule = { a: Point; b: Point; reach: number }

/**
 * The columns of row y that may lie within reach of any of the segments: an interval holding every
 * such point (a pixel wider either side, for rounding), empty (`from` > `to`) when none of the row does.
 */
export function rowSpan(capsules: readonly Capsule[], y: number): { from: number; to: number } {
  let [from, to] = [Infinity, -Infinity]
  for (const { a, b, reach } of capsules) {
    // (the share of the segment within reach of the row, above and below it: a point of the row is
    // no nearer to the rest, and lies within reach across of that share's columns)
    const dy = b.y - a.y
    if (dy === 0 && Math.abs(y - a.y) >= reach) continue
    const [s, e] = dy === 0 ? [0, 1] : [(y - reach - a.y) / dy, (y + reach - a.y) / dy]
    const [t0, t1] = [Math.max(0, Math.min(s, e)), Math.min(1, Math.max(s, e))]
    if (t0 > t1) continue
    const [x0, x1] = [a.x + (b.x - a.x) * t0, a.x + (b.x - a.x) * t1]
    from = Math.min(from, Math.min(x0, x1) - reach - 1)
    to = Math.max(to, Math.max(x0, x1) + reach + 1)
  }
  return { from, to }
}

/** The length of a polyline. */
export const pathLength = (path: Point[]) => path.reduce((sum, p, i) => sum + (i ? dist(path[i - 1]!, p) : 0), 0)

/** The point `at` px along a polyline from its first point (held at its ends). */
export function alongPath(path: Point[], at: number): Point {
  let left = at
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!
    const b = path[i]!
    const l = dist(a, b)
    if (left <= l || i === path.length - 1) return lerp(a, b, Math.min(1, left / (l || 1)))
    left -= l
  }
  return path[0]!
}
