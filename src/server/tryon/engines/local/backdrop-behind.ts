import type { Box, Rgb } from './raster'

/** Where the person is (1) or not (0), a value per pixel. */
type Silhouette = { width: number; data: ArrayLike<number> }
const inside = (s: Silhouette, i: number) => (s.data[i] ?? 0) >= 0.5

/** Background pixels skipped next to the silhouette (its soft edge and any halo), then averaged. */
const EDGE = 3

type Rgb3 = [number, number, number]
const blend = (a: Rgb3, b: Rgb3, t: number): Rgb3 => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]

/**
 * The background behind the person within `box`, row by row: the backdrop just beyond the
 * silhouette on the left and on the right, blended by distance (one side's alone where the person
 * reaches the edge of the photo; the photo itself where a row shows no background). What shows
 * where old clothing wider than the new garment is taken away.
 */
export function backdropBehind(person: Rgb, silhouette: Silhouette, box: Box): Rgb {
  const { width: w, data } = person
  const out = new Uint8Array(data.length)
  const background = (x: number, y: number) => x >= 0 && x < w && !inside(silhouette, y * w + x)
  /** The mean colour of the background run from column `edge` away from the person (going `dir`), past the soft edge when the run is long enough. */
  const beside = (edge: number, y: number, dir: -1 | 1): Rgb3 => {
    let end = edge
    while (background(end + dir, y) && Math.abs(end + dir - edge) < 2 * EDGE) end += dir
    const from = Math.abs(end - edge) >= EDGE ? edge + dir * EDGE : edge
    let [r, g, b, n] = [0, 0, 0, 0]
    for (let x = from; x !== end + dir; x += dir, n++) {
      const i = (y * w + x) * 3
      r += data[i] ?? 0
      g += data[i + 1] ?? 0
      b += data[i + 2] ?? 0
    }
    return [r / n, g / n, b / n]
  }
  for (let y = box.y0; y <= box.y1; y++) {
    // The nearest background column on each side of every column of the box.
    const leftOf = new Int32Array(box.x1 - box.x0 + 1)
    let last = -1
    for (let x = 0; x <= box.x1; x++) {
      if (background(x, y)) last = x
      if (x >= box.x0) leftOf[x - box.x0] = last
    }
    let next = -1
    for (let x = w - 1; x >= box.x0; x--) {
      if (background(x, y)) next = x
      if (x > box.x1) continue
      const i = y * w + x
      const l = leftOf[x - box.x0] ?? -1
      if (l === x) {
        out.set(data.subarray(i * 3, i * 3 + 3), i * 3)
        continue
      }
      const left = l >= 0 ? beside(l, y, -1) : null
      const right = next >= 0 ? beside(next, y, 1) : null
      const colour = left && right ? blend(left, right, (x - l) / (next - l)) : (left ?? right)
      if (colour) out.set(colour.map(Math.round), i * 3)
      else out.set(data.subarray(i * 3, i * 3 + 3), i * 3)
    }
  }
  return { width: w, height: person.height, data: smoothDown(out, silhouette, box) }
}

/** Rows apart by this many pixels are averaged where the person was (one row's odd edge pixel would streak). */
const ROWS = 4

/** The filled pixels (inside the silhouette) averaged with the filled pixels above and below them in their column. */
function smoothDown(fill: Uint8Array, silhouette: Silhouette, box: Box): Uint8Array {
  const w = silhouette.width
  const out = fill.slice()
  for (let x = box.x0; x <= box.x1; x++)
    for (let y = box.y0; y <= box.y1; y++) {
      const i = y * w + x
      if (!inside(silhouette, i)) continue
      let [r, g, b, n] = [0, 0, 0, 0]
      for (let yy = Math.max(box.y0, y - ROWS); yy <= Math.min(box.y1, y + ROWS); yy++) {
        const j = yy * w + x
        if (!inside(silhouette, j)) continue
        r += fill[j * 3] ?? 0
        g += fill[j * 3 + 1] ?? 0
        b += fill[j * 3 + 2] ?? 0
        n++
      }
      out[i * 3] = Math.round(r / n)
      out[i * 3 + 1] = Math.round(g / n)
      out[i * 3 + 2] = Math.round(b / n)
    }
  return out
}
