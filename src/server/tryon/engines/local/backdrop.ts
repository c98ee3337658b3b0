import { type Plane, type Rgb, labPlanes, median, plane } from './raster'

/**
 * The photo's backdrop as its border shows it: the median Lab colour of a band along the edges,
 * how much the band varies (`spread`, small on a studio backdrop), and for each pixel whether it
 * differs from that colour by more than the band's own variation (`apart`, 0/1).
 */
export type Backdrop = { colour: [number, number, number]; spread: number; apart: Plane }

/** Spread of the border band (Lab units) up to which a backdrop counts as plain. */
export const PLAIN_SPREAD = 6

export function backdropOf(img: Rgb): Backdrop {
  const [L, A, B] = labPlanes(img)
  const { width: w, height: h } = img
  const border: number[] = []
  const band = Math.max(2, Math.round(Math.min(w, h) * 0.02))
  for (let y = 0; y < h; y += 2) for (let x = 0; x < w; x += 2) if (x < band || y < band || x >= w - band || y >= h - band) border.push(y * w + x)
  const colour: [number, number, number] = [median(border.map((i) => L.data[i]!)), median(border.map((i) => A.data[i]!)), median(border.map((i) => B.data[i]!))]
  const spread = median(border.map((i) => Math.hypot(L.data[i]! - colour[0], A.data[i]! - colour[1], B.data[i]! - colour[2])))
  const limit = Math.max(3, spread * 4)
  const apart = plane(w, h)
  for (let i = 0; i < w * h; i++) apart.data[i] = Math.hypot(L.data[i]! - colour[0], A.data[i]! - colour[1], B.data[i]! - colour[2]) > limit ? 1 : 0
  return { colour, spread, apart }
}
