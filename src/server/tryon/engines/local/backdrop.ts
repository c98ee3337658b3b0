import { type Plane, type Rgb, labPlanes, median, plane } from './raster'

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

/** Least squares by the normal equations (6 unknowns), Gaussian elimination with partial pivoting. */
function fitSurface(samples: { u: number; v: number; value: number }[]): number[] {
  const n = 6
  const m = Array.from({ length: n }, () => new Float64Array(n + 1))
  for (const { u, v, value } of samples) {
    const t = terms(u, v)
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) m[r]![c]! += t[r]! * t[c]!
      m[r]![n]! += t[r]! * value
    }
  }
  for (let col = 0; col < n; col++) {
    let pivot = col
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r
    ;[m[col], m[pivot]] = [m[pivot]!, m[col]!]
    const lead = m[col]![col]!
    if (Math.abs(lead) < 1e-9) continue
    for (let r = 0; r < n; r++) {
      if (r === col) continue
      const f = m[r]![col]! / lead
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!
    }
  }
  return m.map((row, r) => (Math.abs(row[r]!) < 1e-9 ? 0 : row[n]! / row[r]!))
}

export function backdropOf(img: Rgb): Backdrop {
  const lab = labPlanes(img)
  const { width: w, height: h } = img
  const u = (x: number) => (x / Math.max(1, w - 1)) * 2 - 1
  const v = (y: number) => (y / Math.max(1, h - 1)) * 2 - 1
  const border: number[] = []
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.02))
  for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) if (x < band || y < band || x >= w - band || y >= h - band) border.push(y * w + x)
  const at = (i: number) => ({ u: u(i % w), v: v(Math.floor(i / w)) })
  // The surface is fitted to the band's pixels near its median colour (not a garment or a foot
  // running into the edge).
  const fit = (pixels: number[]) => lab.map((p) => fitSurface(pixels.map((i) => ({ ...at(i), value: p.data[i]! }))))
  const field = (coeffs: number[][], i: number) => {
    const t = terms(at(i).u, at(i).v)
    return coeffs.map((c) => c.reduce((s, k, j) => s + k * t[j]!, 0))
  }
  const distance = (coeffs: number[][], i: number) => {
    const f = field(coeffs, i)
    return Math.hypot(lab[0].data[i]! - f[0]!, lab[1].data[i]! - f[1]!, lab[2].data[i]! - f[2]!)
  }
  const flat = lab.map((p) => [median(border.map((i) => p.data[i]!)), 0, 0, 0, 0, 0])
  const first = border.map((i) => distance(flat, i))
  const cut = Math.max(NOISE_FLOOR * 4, median(first) * 3)
  const inliers = border.filter((_, k) => first[k]! <= cut)
  const coeffs = inliers.length > border.length / 3 ? fit(inliers) : flat
  const spread = median(border.map((i) => distance(coeffs, i)))
  const limit = Math.max(NOISE_FLOOR, spread * 4)
  const apart = plane(w, h)
  const [cL, cA, cB] = coeffs as [number[], number[], number[]]
  const surface = (c: number[], x: number, y: number, xy: number) => c[0]! + c[1]! * x + c[2]! * y + c[3]! * x * x + c[4]! * y * y + c[5]! * xy
  for (let y = 0; y < h; y++) {
    const vy = v(y)
    for (let x = 0; x < w; x++) {
      const ux = u(x)
      const i = y * w + x
      const d = Math.hypot(lab[0].data[i]! - surface(cL, ux, vy, ux * vy), lab[1].data[i]! - surface(cA, ux, vy, ux * vy), lab[2].data[i]! - surface(cB, ux, vy, ux * vy))
      apart.data[i] = d > limit ? 1 : 0
    }
  }
  const centre = field(coeffs, Math.floor(h / 2) * w + Math.floor(w / 2))
  return { colour: [centre[0]!, centre[1]!, centre[2]!], spread, apart }
}
