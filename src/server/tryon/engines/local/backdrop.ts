import type { Point } from './geometry'
import { type Box, type Plane, type Rgb, fullBox, labPlanes, median, plane } from './raster'

/**
 * The photo's backdrop as its border shows it: a smooth colour field (a quadratic surface per Lab
 * channel fitted to a band along the edges, so a studio backdrop's fall-off and vignetting are part
 * of it), how much the band varies around that field (`spread`, small on a studio backdrop), and
 * for each pixel whether it differs from the field by more than the band's own variation (`apart`, 0/1).
 */
export type Backdrop = { colour: [number, number, number]; spread: number; apart: Plane }

/** Spread of the border band (Lab units) up to which a backdrop counts as plain. */
export const PLAIN_SPREAD = 6

/** The smallest colour difference (Lab) that counts as apart: below it, JPEG noise on a flat backdrop. */
const NOISE_FLOOR = 1.6

/** Terms of the surface at normalised (u, v) in -1..1. */
const terms = (u: number, v: number) => [1, u, v, u * u, v * v, u * v]

/**
 * Least squares by the normal equations (6 unknowns), one surface per channel: the equations'
 * matrix depends on the samples' places only, so it is summed and eliminated once, with a
 * right-hand side per channel (Gaussian elimination with partial pivoting).
 */
function fitSurfaces(samples: readonly { u: number; v: number }[], values: readonly ArrayLike<number>[]): number[][] {
  const n = 6
  const k = values.length
  const cols = n + k
  // The augmented matrix of the normal equations, row by row.
  const m = new Float64Array(n * cols)
  const at = (r: number, c: number) => m[r * cols + c] ?? 0
  samples.forEach(({ u, v }, s) => {
    const t = terms(u, v)
    for (let r = 0; r < n; r++) {
      const tr = t[r] ?? 0
      const row = r * cols
      for (let c = 0; c < n; c++) m[row + c] = (m[row + c] ?? 0) + tr * (t[c] ?? 0)
      for (let c = 0; c < k; c++) m[row + n + c] = (m[row + n + c] ?? 0) + tr * (values[c]![s] ?? 0)
    }
  })
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(at(r, col)) > Math.abs(at(pivot, col))) pivot = r
    const pivotRow = m.slice(pivot * cols, pivot * cols + cols)
    m.copyWithin(pivot * cols, col * cols, col * cols + cols)
    m.set(pivotRow, col * cols)
    const lead = at(col, col)
    if (Math.abs(lead) < 1e-9) continue
    for (let r = 0; r < n; r++) {
      if (r === col) continue
      const f = at(r, col) / lead
      for (let c = col; c < cols; c++) m[r * cols + c] = at(r, c) - f * at(col, c)
    }
  }
  return Array.from({ length: k }, (_, c) => Array.from({ length: n }, (_, r) => (Math.abs(at(r, r)) < 1e-9 ? 0 : at(r, n + c) / at(r, r))))
}

/** A surface's coefficients per Lab channel. */
type Field = [number[], number[], number[]]

/** The terms t weighted by the coefficients c. */
const dot = (c: number[], t: number[]) => c.reduce((s, k, j) => s + k * (t[j] ?? 0), 0)

/** A surface's coefficients along one row: constant, linear and quadratic in u. */
type Row = readonly [number, number, number]

/** How far (levels, per channel) a canvas's pixels may lie from its corner's colour: JPEG's noise on a flat fill. */
const CANVAS_TOLERANCE = 6
/** The least share of a canvas's line that is of its colour (JPEG's ringing aside). */
const CANVAS_LINE = 0.98
/** The least share of the photo's edge line, a few pixels inside the canvas, that differs from the canvas: a straight edge, not a garment's top. */
const PHOTO_EDGE = 0.9
/** How far inside the canvas the photo's edge is looked at (pixels: past JPEG's ringing along it). */
const EDGE_INSET = 3

/** How far (pixels) a tilted photo's outline may stray from its straight sides (JPEG's ringing, a pixel's steps). */
const TILTED_LINE = 2
/** The least share of a tilted photo's rows whose ends lie along its sides. */
const TILTED_ROWS = 0.98

/**
 * The photo within a canvas of one flat colour round it (a shop's product image padded to a square,
 * or turned a little on it: its own backdrop a little greyer than the canvas), or null when the image
 * is the photo. Each side of canvas must end at a straight edge of another colour across the
 * photo's whole width or height; a tilted photo's outline must be the four straight lines between
 * its corners, and the largest upright box within it is taken.
 */
export function photoOnCanvas(img: Rgb): Box | null {
  const { width: w, height: h, data } = img
  const canvas = [data[0]!, data[1]!, data[2]!]
  const ofCanvas = (x: number, y: number) => {
    const i = (y * w + x) * 3
    return Math.abs(data[i]! - canvas[0]!) <= CANVAS_TOLERANCE && Math.abs(data[i + 1]! - canvas[1]!) <= CANVAS_TOLERANCE && Math.abs(data[i + 2]! - canvas[2]!) <= CANVAS_TOLERANCE
  }
  /** Whether at least `least` of a row's (or column's) pixels from a to b are of the canvas's colour (each tried until that is settled). */
  const canvasLine = (line: number, a: number, b: number, across: boolean, least: number) => {
    const [need, length] = [least * (b - a + 1), b - a + 1]
    let [n, tried] = [0, 0]
    for (let k = a; k <= b && n < need && n + length - tried >= need; k++, tried++) if (across ? ofCanvas(k, line) : ofCanvas(line, k)) n++
    return n >= need
  }
  let [x0, y0, x1, y1] = [0, 0, w - 1, h - 1]
  while (y0 < y1 && canvasLine(y0, 0, w - 1, true, CANVAS_LINE)) y0++
  while (y1 > y0 && canvasLine(y1, 0, w - 1, true, CANVAS_LINE)) y1--
  while (x0 < x1 && canvasLine(x0, y0, y1, false, CANVAS_LINE)) x0++
  while (x1 > x0 && canvasLine(x1, y0, y1, false, CANVAS_LINE)) x1--
  if (x1 - x0 < EDGE_INSET * 4 || y1 - y0 < EDGE_INSET * 4) return null
  // (a photo's edge: at most 1 - PHOTO_EDGE of its line of the canvas's colour)
  const edges = [
    [y0 > 0, () => canvasLine(y0 + EDGE_INSET, x0, x1, true, 1 - PHOTO_EDGE)],
    [y1 < h - 1, () => canvasLine(y1 - EDGE_INSET, x0, x1, true, 1 - PHOTO_EDGE)],
    [x0 > 0, () => canvasLine(x0 + EDGE_INSET, y0, y1, false, 1 - PHOTO_EDGE)],
    [x1 < w - 1, () => canvasLine(x1 - EDGE_INSET, y0, y1, false, 1 - PHOTO_EDGE)],
  ] as const
  const padded = edges.some(([side]) => side)
  if (!padded || edges.some(([side, mostlyCanvas]) => side && mostlyCanvas())) return withinTilted(ofCanvas, { x0, y0, x1, y1 })
  const inset = (side: boolean) => (side ? EDGE_INSET : 0)
  return { x0: x0 + inset(x0 > 0), y0: y0 + inset(y0 > 0), x1: x1 - inset(x1 < w - 1), y1: y1 - inset(y1 < h - 1) }
}

/** How many of the points lie within TILTED_LINE of the straight line that fits them best (least squares across it). */
function nearLine(points: Point[]): number {
  const n = points.length
  if (n < 3) return n
  const cx = points.reduce((sum, p) => sum + p.x, 0) / n
  const cy = points.reduce((sum, p) => sum + p.y, 0) / n
  let [xx, yy, xy] = [0, 0, 0]
  for (const p of points) [xx, yy, xy] = [xx + (p.x - cx) ** 2, yy + (p.y - cy) ** 2, xy + (p.x - cx) * (p.y - cy)]
  // (the line's direction: the points' principal axis; distances are measured along its normal)
  const angle = Math.atan2(2 * xy, xx - yy) / 2
  const [nx, ny] = [-Math.sin(angle), Math.cos(angle)]
  return points.filter((p) => Math.abs((p.x - cx) * nx + (p.y - cy) * ny) <= TILTED_LINE).length
}

/**
 * The largest upright box within a photo turned on the canvas (inset by EDGE_INSET), or null when
 * what is not canvas within `box` is not such a photo: each row's first and last pixels not of the
 * canvas lie along four straight sides between its top, left, bottom and right corners.
 */
function withinTilted(ofCanvas: (x: number, y: number) => boolean, box: Box): Box | null {
  const rows: [number, number][] = []
  for (let y = box.y0; y <= box.y1; y++) {
    let [l, r] = [box.x0, box.x1]
    while (l <= box.x1 && ofCanvas(l, y)) l++
    while (r >= l && ofCanvas(r, y)) r--
    rows.push([l, r])
  }
  const H = rows.length
  // (a photo turned on the canvas has canvas at its corners: its top row is not its whole width)
  if (rows[0]![1] - rows[0]![0] > (box.x1 - box.x0) * 0.5) return null
  let [left, right] = [0, 0]
  rows.forEach(([l, r], k) => {
    if (l < rows[left]![0]) left = k
    if (r > rows[right]![1]) right = k
  })
  // (each side's rows, but the few at its corners, where the sides' soft edges meet)
  const CORNER = 3
  const side = (from: number, to: number, end: 0 | 1) => rows.slice(from + CORNER, to - CORNER).map((row, k): Point => ({ x: row[end], y: from + CORNER + k }))
  const sides = [side(0, left, 0), side(left, H, 0), side(0, right, 1), side(right, H, 1)]
  const count = sides.reduce((sum, points) => sum + points.length, 0)
  if (sides.reduce((sum, points) => sum + nearLine(points), 0) < count * TILTED_ROWS) return null
  let best: Box | null = null
  let area = 0
  for (let a = 0; a < H; a++) {
    let [l, r] = [-Infinity, Infinity]
    for (let b = a; b < H; b++) {
      l = Math.max(l, rows[b]![0])
      r = Math.min(r, rows[b]![1])
      if (r <= l) break
      if ((r - l) * (b - a) > area) [area, best] = [(r - l) * (b - a), { x0: l, y0: box.y0 + a, x1: r, y1: box.y0 + b }]
    }
  }
  return best && { x0: best.x0 + EDGE_INSET, y0: best.y0 + EDGE_INSET, x1: best.x1 - EDGE_INSET, y1: best.y1 - EDGE_INSET }
}

/** The backdrop of the photo, or of the part of the image within `photo` (off it nothing is apart). */
export function backdropOf(img: Rgb, photo: Box = fullBox(img)): Backdrop {
  const lab = labPlanes(img)
  const perChannel = <T>(f: (p: Plane) => T): [T, T, T] => [f(lab[0]), f(lab[1]), f(lab[2])]
  const { width: w, height: h } = img
  const { x0, y0, x1, y1 } = photo
  const u = (x: number) => (x / Math.max(1, w - 1)) * 2 - 1
  const v = (y: number) => (y / Math.max(1, h - 1)) * 2 - 1
  const border: number[] = []
  const band = Math.max(2, Math.round(Math.min(x1 - x0 + 1, y1 - y0 + 1) * 0.02))
  for (let y = y0; y <= y1; y += 2) for (let x = x0; x <= x1; x += 2) if (x < x0 + band || y < y0 + band || x > x1 - band || y > y1 - band) border.push(y * w + x)
  const at = (i: number) => ({ u: u(i % w), v: v(Math.floor(i / w)) })
  // The surface is fitted to the band's pixels near its median colour (not a garment or a foot
  // running into the edge).
  const fit = (pixels: number[]): Field => fitSurfaces(pixels.map(at), perChannel((p) => pixels.map((i) => p.data[i] ?? 0))) as Field
  const field = (coeffs: Field, i: number): [number, number, number] => {
    const t = terms(at(i).u, at(i).v)
    return [dot(coeffs[0], t), dot(coeffs[1], t), dot(coeffs[2], t)]
  }
  const distance = (coeffs: Field, i: number) => {
    const f = field(coeffs, i)
    return Math.hypot((lab[0].data[i] ?? 0) - f[0], (lab[1].data[i] ?? 0) - f[1], (lab[2].data[i] ?? 0) - f[2])
  }
  const flat: Field = perChannel((p) => [median(border.map((i) => p.data[i] ?? 0)), 0, 0, 0, 0, 0])
  const first = border.map((i) => distance(flat, i))
  const cut = Math.max(NOISE_FLOOR * 4, median(first) * 3)
  // (a pixel without a distance is no inlier)
  const inliers = border.filter((_, k) => (first[k] ?? Infinity) <= cut)
  const coeffs = inliers.length > border.length / 3 ? fit(inliers) : flat
  const spread = median(border.map((i) => distance(coeffs, i)))
  const limit = Math.max(NOISE_FLOOR, spread * 4)
  const apart = plane(w, h)
  const [L, A, B] = [lab[0].data, lab[1].data, lab[2].data]
  const ux = Float64Array.from({ length: w }, (_, x) => u(x))
  const limit2 = limit * limit
  for (let y = y0; y <= y1; y++) {
    // Along a row each channel's surface (the terms' weighted sum) is a quadratic in u: s0 + u (s1 + c3 u).
    const vy = v(y)
    const [l, a, b] = coeffs.map((c) => [(c[0] ?? 0) + (c[2] ?? 0) * vy + (c[4] ?? 0) * vy * vy, (c[1] ?? 0) + (c[5] ?? 0) * vy, c[3] ?? 0] as const) as [Row, Row, Row]
    for (let x = x0, i = y * w + x0; x <= x1; x++, i++) {
      const t = ux[x]!
      const dl = L[i]! - (l[0] + t * (l[1] + l[2] * t))
      const da = A[i]! - (a[0] + t * (a[1] + a[2] * t))
      const db = B[i]! - (b[0] + t * (b[1] + b[2] * t))
      apart.data[i] = dl * dl + da * da + db * db > limit2 ? 1 : 0
    }
  }
  return { colour: field(coeffs, Math.floor((y0 + y1) / 2) * w + Math.floor((x0 + x1) / 2)), spread, apart }
}
