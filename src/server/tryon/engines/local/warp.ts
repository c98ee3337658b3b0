import { type Point, add, pt, scale, sub } from './geometry'
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
 * the line between its ends' source positions). A grid cell across which the mapping is not
 * smooth (a corner maps nowhere, or its corners map far apart: an edge of the mesh or of a limb)
 * is mapped pixel by pixel: interpolated, it drew lines of garment from between the two sides.
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
  // (a cell is not smooth when a corner maps nowhere or two corners map more than this far apart)
  const jump = step * 8
  const rough = new Uint8Array(gw * gh)
  for (let j = 0; j < gh - 1; j++)
    for (let i = 0; i < gw - 1; i++) {
      const k = j * gw + i
      const corners = [k, k + 1, k + gw, k + gw + 1]
      const xs = corners.map((c) => gx[c]!)
      const ys = corners.map((c) => gy[c]!)
      const nowhere = corners.some((c) => gx[c]! < 0 && gy[c]! < 0)
      rough[k] = nowhere || Math.max(...xs) - Math.min(...xs) > jump || Math.max(...ys) - Math.min(...ys) > jump ? 1 : 0
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
      if (rough[j * gw + i]) {
        for (let x = x0 + i * step; x <= end; x++) {
          const p = map(x, y)
          visit(x, y, p.x, p.y)
        }
        continue
      }
      if (source && (outside(ax, bx, source.x0, source.x1) || outside(ay, by, source.y0, source.y1))) continue
      for (let x = x0 + i * step; x <= end; x++) {
        const tx = (x - x0) / step - i
        visit(x, y, ax * (1 - tx) + bx * tx, ay * (1 - tx) + by * tx)
      }
    }
  }
}

/** One row of a mesh: its points across the part, in the output and in the source (as many in every row). */
export type MeshRow = { out: Point[]; src: Point[] }

const cross = (a: Point, b: Point) => a.x * b.y - a.y * b.x
const dot = (a: Point, b: Point) => a.x * b.x + a.y * b.y

/**
 * Where p lies in the quad a, b, c, d (a→b is u, a→d is v; bilinear): the solutions (u, v) of
 * a + (b − a)u + (d − a)v + (a − b + c − d)uv = p. Only those where the lines of constant u and
 * of constant v still run the quad's way (beyond where they cross, the quad folds over).
 */
function inverseBilinear(p: Point, a: Point, b: Point, c: Point, d: Point): Point[] {
  const e = sub(b, a)
  const f = sub(d, a)
  const g = pt(a.x - b.x + c.x - d.x, a.y - b.y + c.y - d.y)
  const h = sub(p, a)
  const k2 = cross(g, f)
  const k1 = cross(e, f) + cross(h, g)
  const k0 = cross(h, e)
  const disc = k1 * k1 - 4 * k0 * k2
  if (disc < 0) return []
  // (the stable pair of roots: k0 / q is the one that stays finite as the quad becomes a parallelogram)
  const q = -0.5 * (k1 + Math.sign(k1 || 1) * Math.sqrt(disc))
  const vs = [...(q !== 0 ? [k0 / q] : []), ...(k2 !== 0 ? [q / k2] : [])]
  const across = add(e, sub(c, d))
  const down = add(f, sub(c, b))
  return vs.flatMap((v) => {
    const row = add(e, scale(g, v))
    if (dot(row, across) <= 0) return []
    const u = Math.abs(row.x) >= Math.abs(row.y) ? (h.x - f.x * v) / row.x : (h.y - f.y * v) / row.y
    return dot(add(f, scale(g, u)), down) > 0 ? [pt(u, v)] : []
  })
}

/**
 * A piecewise-bilinear mesh: rows of points run down a part (a body's collar, shoulders, armpits,
 * waist and hem; a sleeve's root, elbow and cuff), and each quad between two rows and two columns
 * maps bilinearly onto the same quad of source points. An output pixel takes the quad that holds
 * it; past the first or last row or column the edge quad extrapolates. Null (a point outside any
 * source) where no quad reaches.
 */
export function meshMap(rows: MeshRow[]): Mapping {
  const columns = rows[0]?.out.length ?? 0
  if (rows.length < 2 || columns < 2 || rows.some((r) => r.out.length !== columns || r.src.length !== columns)) throw new Error('a mesh needs two rows of as many points')
  const quads = rows.slice(1).flatMap((below, j) => {
    const above = rows[j]!
    return Array.from({ length: columns - 1 }, (_, k) => ({
      out: [above.out[k]!, above.out[k + 1]!, below.out[k + 1]!, below.out[k]!] as const,
      src: [above.src[k]!, above.src[k + 1]!, below.src[k + 1]!, below.src[k]!] as const,
      // (the mesh's own edges, beyond which it extrapolates)
      open: { top: j === 0, bottom: j === rows.length - 2, left: k === 0, right: k === columns - 2 },
    }))
  })
  return (x, y) => {
    const p = pt(x, y)
    let miss = Infinity
    let found = pt(-1, -1)
    for (const { out, src, open } of quads) {
      for (const { x: u, y: v } of inverseBilinear(p, ...out)) {
        // (beyond an open edge a point counts as a thousandth as far out: the quad nearest the point still wins)
        const by = (isOpen: boolean, over: number) => Math.max(0, over) * (isOpen ? 1e-3 : 1)
        const outside = by(open.left, -u) + by(open.right, u - 1) + by(open.top, -v) + by(open.bottom, v - 1)
        if (outside >= miss) continue
        miss = outside
        const [a, b, c, d] = src
        found = pt(a.x + (b.x - a.x) * u + (d.x - a.x) * v + (a.x - b.x + c.x - d.x) * u * v, a.y + (b.y - a.y) * u + (d.y - a.y) * v + (a.y - b.y + c.y - d.y) * u * v)
      }
      if (miss === 0) break
    }
    return found
  }
}
