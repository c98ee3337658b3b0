import { type Point, segmentDistance } from './geometry'

/** The convex hull of points, counter-clockwise in image coordinates (Andrew's monotone chain). */
export function convexHull(points: readonly Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y)
  const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
  const half = (list: Point[]) => {
    const out: Point[] = []
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2] as Point, out[out.length - 1] as Point, p) <= 0) out.pop()
      out.push(p)
    }
    out.pop()
    return out
  }
  return sorted.length < 3 ? sorted : [...half(sorted), ...half([...sorted].reverse())]
}

/** Whether (x, y) is inside the polygon (even-odd rule). */
export function insidePolygon(x: number, y: number, polygon: readonly Point[]) {
  let inside = false
  for (let k = 0, j = polygon.length - 1; k < polygon.length; j = k++) {
    const a = polygon[k] as Point
    const b = polygon[j] as Point
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) inside = !inside
  }
  return inside
}

/** Calls `visit` with the index of each pixel of the polygon grown by `widen` pixels beyond its outline. */
export function polygonPixels(polygon: readonly Point[], width: number, height: number, widen: number, visit: (i: number) => void) {
  if (!polygon.length) return
  const xs = polygon.map((p) => p.x)
  const ys = polygon.map((p) => p.y)
  // (loops, not closures or spreads in the loops' tests: this runs for every pixel of the box)
  const near = (x: number, y: number) => {
    for (let k = 0; k < polygon.length; k++) if (segmentDistance(x, y, polygon[k]!, polygon[(k + 1) % polygon.length]!) <= widen) return true
    return false
  }
  const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs) - widen)), Math.min(width - 1, Math.max(...xs) + widen)]
  const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys) - widen)), Math.min(height - 1, Math.max(...ys) + widen)]
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (insidePolygon(x, y, polygon) || (widen > 0 && near(x, y))) visit(y * width + x)
}
