import { type Point, add, pt, sub } from './geometry'
import type { Box } from './raster'

/** A mapping from the output image (person) to the source image (garment). */
export type Mapping = (x: number, y: number) => Point

/** How much a limb part's flare beyond its gathering width is narrowed on the limb. */
export const FLARE_GATHER = 4

/**
 * A limb warp: a part that runs along an axis in the source (a sleeve from its root to its cuff)
 * follows a bent polyline in the output (shoulder, elbow, wrist). Each output pixel is measured as
 * (distance along the limb, signed distance from it) and the same measures, divided by the
 * scales (across is smaller: a flat sleeve wraps round the arm), are taken along the source axis; a
 * flare wider than `gather` (of the distance along the limb) from the line is gathered in. `outward` gives the side facing away from the body in the
 * output; `source.outward` the matching side in the source (the sleeve's top seam).
 */
export function limbWarp(
  source: { root: Point; end: Point; outward: Point },
  limb: Point[],
  outward: Point,
  scale: { along: number; across: number; before: number; inner: number; gather?: (along: number) => number },
): Mapping {
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
    // (beyond `gather` from the limb's line, at that distance along it, a flare is gathered in: it shows a quarter as wide)
    const gather = scale.gather?.(best.t) ?? Infinity
    const side = Math.abs(best.side) <= gather ? best.side : Math.sign(best.side) * (gather + (Math.abs(best.side) - gather) * FLARE_GATHER)
    const d = side / scale.across
    return pt(source.root.x + ax.x * t + nx.x * d, source.root.y + ax.y * t + nx.y * d)
  }
}

/**
 * Evaluates a mapping on a coarse grid over a box and interpolates in between (the mappings are
 * smooth), calling `visit` with each pixel's source position. Given the `source` box, the stretches
 * of a row that map wholly outside it are skipped (a stretch between two grid columns maps onto
 * the line between its ends' source positions). A grid cell across which the mapping is not
 * smooth (a corner maps nowhere, or its corners map far apart: an edge of the mesh or of a limb)
 * is mapped pixel by pixel: interpolated, it drew lines of garment from between the two sides.
 * There a pixel is `crushed` when its neighbours either side both map more than `jump / step`
 * pixels from it: a long stretch of the source squeezed into a few pixels (a limb's mapping
 * extrapolated past its root; a puff gathered into a sleeve's edge).
 */
export function forEachMapped(box: Box, map: Mapping, visit: (x: number, y: number, sx: number, sy: number, crushed: boolean) => void, source?: Box, step = 4) {
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
  // A cell is skipped when all its corners map nowhere, and not smooth when only some do or two
  // corners map more than `jump` apart.
  const jump = step * 8
  const SMOOTH = 0
  const ROUGH = 1
  const NOWHERE = 2
  const cells = new Uint8Array(gw * gh)
  const corners = [0, 1, gw, gw + 1]
  // (written out, not with helpers: this runs for every cell, and a closure made per cell costs more than the test)
  for (let j = 0; j < gh - 1; j++)
    for (let i = 0; i < gw - 1; i++) {
      const k = j * gw + i
      let none = 0
      let xLo = Infinity
      let xHi = -Infinity
      let yLo = Infinity
      let yHi = -Infinity
      for (const corner of corners) {
        const cx = gx[k + corner]!
        const cy = gy[k + corner]!
        if (cx < 0 && cy < 0) none++
        xLo = Math.min(xLo, cx)
        xHi = Math.max(xHi, cx)
        yLo = Math.min(yLo, cy)
        yHi = Math.max(yHi, cy)
      }
      cells[k] = none === 4 ? NOWHERE : none > 0 || xHi - xLo > jump || yHi - yLo > jump ? ROUGH : SMOOTH
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
      const end = Math.min(box.x1, x0 + (i + 1) * step - 1)
      const cell = cells[j * gw + i]
      if (cell === NOWHERE) continue
      if (cell === ROUGH) {
        let before = map(x0 + i * step - 1, y)
        let here = map(x0 + i * step, y)
        for (let x = x0 + i * step; x <= end; x++) {
          const after = map(x + 1, y)
          visit(x, y, here.x, here.y, apart(here, before, jump / step) && apart(here, after, jump / step))
          before = here
          here = after
        }
        continue
      }
      if (source && (outside(ax, bx, source.x0, source.x1) || outside(ay, by, source.y0, source.y1))) continue
      for (let x = x0 + i * step; x <= end; x++) {
        const tx = (x - x0) / step - i
        visit(x, y, ax * (1 - tx) + bx * tx, ay * (1 - tx) + by * tx, false)
      }
    }
  }
}

/** Whether two pixels side by side map more than `most` apart, both somewhere ((-1, -1) is nowhere). */
const apart = (a: Point, b: Point, most: number) => !(a.x < 0 && a.y < 0) && !(b.x < 0 && b.y < 0) && Math.hypot(a.x - b.x, a.y - b.y) > most

/** One row of a mesh: its points across the part, in the output and in the source (as many in every row). */
export type MeshRow = { out: Point[]; src: Point[] }

/**
 * A piecewise-bilinear mesh: rows of points run down a part (a body's collar, shoulders, armpits,
 * waist and hem; a sleeve's root, elbow and cuff), and each quad between two rows and two columns
 * maps bilinearly onto the same quad of source points. An output pixel takes the quad that holds
 * it; past the first or last row or column the edge quad extrapolates. (-1, -1) (a point outside
 * any source) where no quad reaches. With `gather`, what lies beyond the first and last columns
 * is drawn that many times narrower (a sleeve's puff or flare, gathered round the arm).
 */
export function meshMap(rows: MeshRow[], gather = 1): Mapping {
  const columns = rows[0]?.out.length ?? 0
  if (rows.length < 2 || columns < 2 || rows.some((r) => r.out.length !== columns || r.src.length !== columns)) throw new Error('a mesh needs two rows of as many points')
  const quads = rows.slice(1).flatMap((below, j) => {
    const above = rows[j]!
    return Array.from({ length: columns - 1 }, (_, k) => {
      // Output corners a, b (this row), c, d (the next); p = a + e·u + f·v + g·u·v.
      const [a, b, c, d] = [above.out[k]!, above.out[k + 1]!, below.out[k + 1]!, below.out[k]!]
      const e = sub(b, a)
      const f = sub(d, a)
      const g = pt(a.x - b.x + c.x - d.x, a.y - b.y + c.y - d.y)
      return {
        a,
        e,
        f,
        g,
        // (the quad's own directions across and down: a solution where a line of constant u or v runs against them is beyond the quad's fold)
        across: add(e, sub(c, d)),
        down: add(f, sub(c, b)),
        src: [above.src[k]!, above.src[k + 1]!, below.src[k + 1]!, below.src[k]!] as const,
        // (the mesh's own edges, beyond which it extrapolates)
        open: { top: j === 0, bottom: j === rows.length - 2, left: k === 0, right: k === columns - 2 },
      }
    })
  })
  // (beyond an open edge a point counts as a thousandth as far out: the quad nearest the point still wins)
  const by = (isOpen: boolean, over: number) => (over > 0 ? over * (isOpen ? 1e-3 : 1) : 0)
  // (the quad that held the last point is tried first: points come in rows, and it most often holds the next)
  let last = 0
  return (x, y) => {
    let miss = Infinity
    let found = pt(-1, -1)
    for (let n = 0; n < quads.length; n++) {
      const at = (last + n) % quads.length
      const { a, e, f, g, across, down, src, open } = quads[at]!
      // The solutions (u, v) of the bilinear equation: a quadratic in v (two roots at most).
      const hx = x - a.x
      const hy = y - a.y
      const k2 = g.x * f.y - g.y * f.x
      const k1 = e.x * f.y - e.y * f.x + (hx * g.y - hy * g.x)
      const k0 = hx * e.y - hy * e.x
      const disc = k1 * k1 - 4 * k0 * k2
      if (disc < 0) continue
      // (the stable pair of roots: k0 / q is the one that stays finite as the quad becomes a parallelogram)
      const q = -0.5 * (k1 + (k1 < 0 ? -1 : 1) * Math.sqrt(disc))
      for (let root = 0; root < 2; root++) {
        const v = root === 0 ? (q !== 0 ? k0 / q : NaN) : k2 !== 0 ? q / k2 : NaN
        if (Number.isNaN(v)) continue
        const rx = e.x + g.x * v
        const ry = e.y + g.y * v
        if (rx * across.x + ry * across.y <= 0) continue
        let u = Math.abs(rx) >= Math.abs(ry) ? (hx - f.x * v) / rx : (hy - f.y * v) / ry
        if ((f.x + g.x * u) * down.x + (f.y + g.y * u) * down.y <= 0) continue
        const outside = by(open.left, -u) + by(open.right, u - 1) + by(open.top, -v) + by(open.bottom, v - 1)
        if (outside >= miss) continue
        miss = outside
        const [sa, sb, sc, sd] = src
        if (u < 0 && open.left) u *= gather
        else if (u > 1 && open.right) u = 1 + (u - 1) * gather
        found = pt(sa.x + (sb.x - sa.x) * u + (sd.x - sa.x) * v + (sa.x - sb.x + sc.x - sd.x) * u * v, sa.y + (sb.y - sa.y) * u + (sd.y - sa.y) * v + (sa.y - sb.y + sc.y - sd.y) * u * v)
      }
      if (miss === 0) {
        last = at
        break
      }
    }
    return found
  }
}
