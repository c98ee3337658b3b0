import { type Point, pt, sub } from './geometry'
import type { Box } from './raster'

/** A mapping from the output image (person) to the source image (garment). */
export type Mapping = (x: number, y: number) => Point

/** How much a limb part's flare beyond its gathering width is narrowed on the limb. */
const FLARE_GATHER = 4

/**
 * A limb warp: a part that runs along an axis in the source (a sleeve from its root to its cuff)
 * follows a bent polyline in the output (shoulder, elbow, wrist). Each output pixel is measured as
 * (distance along the limb, signed distance from it) and the same measures, divided by the
 * scales (across is smaller: a flat sleeve wraps round the arm), are taken along the source axis; a
 * flare wider than `gather` from the line is gathered in. `outward` gives the side facing away from the body in the
 * output; `source.outward` the matching side in the source (the sleeve's top seam).
 */
export function limbWarp(
  source: { root: Point; end: Point; outward: Point },
  limb: Point[],
  outward: Point,
  scale: { along: number; across: number; before: number; inner: number; gather?: number },
): Mapping {
  const gather = scale.gather ?? Infinity
  const axis = sub(source.end, source.root)
  const len = Math.hypot(axis.x, axis.y) || 1
  const ax = pt(axis.x / len, axis.y / len)
  let nx = pt(-ax.y, ax.x)
  if (nx.x * source.outward.x + nx.y * source.outward.y < 0) nx = pt(-nx.x, -nx.y)
  // Each segment from a point to the next, with its start's distance along the limb.
  let start = 0
  const segments = limb.flatMap((a, i) => {
    const b = limb[i + 1]
    if (!b) return []
    const d = sub(b, a)
    const l = Math.hypot(d.x, d.y) || 1
    const u = pt(d.x / l, d.y / l)
    let n = pt(-u.y, u.x)
    if (n.x * outward.x + n.y * outward.y < 0) n = pt(-n.x, -n.y)
    const segment = { a, u, n, l, start }
    start += l
    return [segment]
  })
  const limbLength = start
  return (x, y) => {
    let best = { d2: Infinity, t: 0, side: 0 }
    segments.forEach((s, k) => {
      const px = x - s.a.x
      const py = y - s.a.y
      const along = px * s.u.x + py * s.u.y
      const first = k === 0
      const last = k === segments.length - 1
      const t = Math.min(last ? Infinity : s.l, Math.max(first ? -Infinity : 0, along))
      const across = px * s.n.x + py * s.n.y
      const ex = px - t * s.u.x
      const ey = py - t * s.u.y
      const d2 = ex * ex + ey * ey
      if (d2 < best.d2 - 1e-6) best = { d2, t: s.start + t, side: across }
    })
    // Nothing before the root (above the shoulder): a point outside the source.
    // Nor further towards the body than `inner` (a sleeve's underside lies between arm and torso).
    // Nor past the limb's last point (stray edge pixels of the photo drew lines down beside the body).
    if (best.t < -scale.before || best.t > limbLength || best.side < -scale.inner) return pt(-1, -1)
    const t = best.t / scale.along
    // (beyond `gather` from the limb's line a flare is gathered in: it shows a quarter as wide)
    const side = Math.abs(best.side) <= gather ? best.side : Math.sign(best.side) * (gather + (Math.abs(best.side) - gather) * FLARE_GATHER)
    const d = side / scale.across
    return pt(source.root.x + ax.x * t + nx.x * d, source.root.y + ax.y * t + nx.y * d)
  }
}

/**
 * Evaluates a mapping on a coarse grid over a box and interpolates in between (the mappings are
 * smooth), calling `visit` with each pixel's source position. Given the `source` box, the stretches
 * of a row that map wholly outside it are skipped (a stretch between two grid columns maps onto
 * the line between its ends' source positions).
 */
export function forEachMapped(box: Box, map: Mapping, visit: (x: number, y: number, sx: number, sy: number) => void, source?: Box, step = 4) {
  const x0 = Math.floor(box.x0)
  const y0 = Math.floor(box.y0)
  const gw = Math.ceil((box.x1 - x0) / step) + 2
  const gh = Math.ceil((box.y1 - y0) / step) + 2
  const gx = new Float32Array(gw * gh)
  const gy = new Float32Array(gw * gh)
  for (let j = 0; j < gh; j++)
    for (let i = 0; i < gw; i++) {
      const p = map(x0 + i * step, y0 + j * step)
      gx[j * gw + i] = p.x
      gy[j * gw + i] = p.y
    }
  // (each row interpolates between its two grid rows once, then along the row per pixel)
  const rowX = new Float64Array(gw)
  const rowY = new Float64Array(gw)
  const outside = (a: number, b: number, lo: number, hi: number) => (a < lo && b < lo) || (a > hi && b > hi)
  for (let y = y0; y <= box.y1; y++) {
    const fj = (y - y0) / step
    const j = Math.min(gh - 2, Math.floor(fj))
    const ty = fj - j
    for (let i = 0; i < gw; i++) {
      const k = j * gw + i
      rowX[i] = gx[k]! * (1 - ty) + gx[k + gw]! * ty
      rowY[i] = gy[k]! * (1 - ty) + gy[k + gw]! * ty
    }
    // (stretch by stretch: the grid columns i and i + 1 bound the pixels between them)
    for (let i = 0; i < gw - 1 && x0 + i * step <= box.x1; i++) {
      const ax = rowX[i]!
      const bx = rowX[i + 1]!
      const ay = rowY[i]!
      const by = rowY[i + 1]!
      if (source && (outside(ax, bx, source.x0, source.x1) || outside(ay, by, source.y0, source.y1))) continue
      const end = Math.min(box.x1, x0 + (i + 1) * step - 1)
      for (let x = x0 + i * step; x <= end; x++) {
        const tx = (x - x0) / step - i
        visit(x, y, ax * (1 - tx) + bx * tx, ay * (1 - tx) + by * tx)
      }
    }
  }
}

/** One row of a band mesh: its left and right points in the output and in the source. */
export type MeshRow = { out: [Point, Point]; src: [Point, Point] }

/**
 * A piecewise-bilinear mesh of horizontal bands (collar, shoulders, armpits, waist, hem): an
 * output pixel is placed between the rows above and below it along `down` (from `origin`), and
 * between that band's left and right edges; the same fractions give the source point. It cannot
 * fold, and it extrapolates past the first and last rows.
 */
export function bandMesh(rows: MeshRow[], origin: Point, down: Point): Mapping {
  const across = pt(-down.y, down.x)
  const depth = (p: Point) => (p.x - origin.x) * down.x + (p.y - origin.y) * down.y
  const level = (r: MeshRow) => (depth(r.out[0]) + depth(r.out[1])) / 2
  // The bands between consecutive rows, each with its rows' levels.
  const bands = rows.flatMap((a, k) => {
    const b = rows[k + 1]
    return b ? [{ a, b, top: level(a), bottom: level(b) }] : []
  })
  const last = bands.at(-1)
  if (!last) throw new Error('a band mesh needs two rows')
  const lerpP = (a: Point, b: Point, t: number) => pt(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
  return (x, y) => {
    const p = pt(x, y)
    const d = depth(p)
    // (the first band reaching down to the pixel; the last one below the last row)
    const { a, b, top, bottom } = bands.find((band) => d <= band.bottom) ?? last
    const t = (d - top) / (bottom - top || 1)
    const left = lerpP(a.out[0], b.out[0], t)
    const right = lerpP(a.out[1], b.out[1], t)
    const span = (right.x - left.x) * across.x + (right.y - left.y) * across.y
    const u = ((p.x - left.x) * across.x + (p.y - left.y) * across.y) / (Math.abs(span) > 1e-6 ? span : 1e-6)
    return lerpP(lerpP(a.src[0], b.src[0], t), lerpP(a.src[1], b.src[1], t), u)
  }
}
