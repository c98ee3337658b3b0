import type { Bits, Box, Rgb } from './raster'

/** Where the person is (1) or not (0), a value per pixel. */
type Silhouette = { width: number; data: ArrayLike<number> }
const inside = (s: Silhouette, i: number) => (s.data[i] ?? 0) >= 0.5

/** Background pixels skipped next to the silhouette (its soft edge and any halo), then averaged. */
const EDGE = 3

type Rgb3 = [number, number, number]

/**
 * The background behind the person within `box`, row by row: the backdrop just beyond the
 * silhouette on the left and on the right, blended by distance (one side's alone where the person
 * reaches the edge of the photo; the photo itself where a row shows no background, and beyond the
 * box). What shows where old clothing wider than the new garment is taken away.
 */
export function backdropBehind(person: Rgb, silhouette: Silhouette, box: Box): Rgb {
  const { width: w, data } = person
  // (the photo itself where the background is, or none is found)
  const out = data.slice()
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
    let [leftEdge, leftColour, rightEdge, rightColour]: [number, Rgb3 | null, number, Rgb3 | null] = [-2, null, -2, null]
    for (let x = w - 1; x >= box.x0; x--) {
      if (background(x, y)) next = x
      if (x > box.x1) continue
      const i = y * w + x
      const l = leftOf[x - box.x0] ?? -1
      if (l === x) continue
      // (the same background run serves every column between two of them)
      if (l !== leftEdge) [leftEdge, leftColour] = [l, l >= 0 ? beside(l, y, -1) : null]
      if (next !== rightEdge) [rightEdge, rightColour] = [next, next >= 0 ? beside(next, y, 1) : null]
      const left = leftColour
      const right = rightColour
      const t = left && right ? (x - l) / (next - l) : 0
      const colour = left ?? right
      if (colour)
        for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round((colour[c] ?? 0) + (right && left ? ((right[c] ?? 0) - (left[c] ?? 0)) * t : 0))
    }
  }
  return { width: w, height: person.height, data: smoothDown(out, silhouette, box) }
}

const behindPersons = new WeakMap<Bits, { person: Rgb; behind: Rgb }>()

/**
 * The background behind the whole person (`backdropBehind` over the silhouette's box), worked out
 * once for a photo and its silhouette and kept while they are: every try-on on the photo reads it
 * (it took 40-50 ms of each).
 */
export function backdropBehindPerson(person: Rgb, silhouette: Bits): Rgb {
  const known = behindPersons.get(silhouette)
  if (known?.person === person) return known.behind
  const behind = silhouette.box ? backdropBehind(person, silhouette, silhouette.box) : person
  behindPersons.set(silhouette, { person, behind })
  return behind
}

/** Rows apart by this many pixels are averaged where the person was (one row's odd edge pixel would streak). */
const ROWS = 4

/** The filled pixels (inside the silhouette) averaged with the filled pixels above and below them in their column (a running sum down each column). */
function smoothDown(fill: Uint8Array, silhouette: Silhouette, box: Box): Uint8Array {
  const w = silhouette.width
  const out = fill.slice()
  const sum = [0, 0, 0]
  for (let x = box.x0; x <= box.x1; x++) {
    sum.fill(0)
    let n = 0
    const add = (yy: number, sign: 1 | -1) => {
      const j = yy * w + x
      if (yy < box.y0 || yy > box.y1 || !inside(silhouette, j)) return
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] ?? 0) + sign * (fill[j * 3 + c] ?? 0)
      n += sign
    }
    for (let yy = box.y0; yy < box.y0 + ROWS; yy++) add(yy, 1)
    for (let y = box.y0; y <= box.y1; y++) {
      add(y + ROWS, 1)
      add(y - ROWS - 1, -1)
      const i = y * w + x
      if (!inside(silhouette, i) || n === 0) continue
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round((sum[c] ?? 0) / n)
    }
  }
  return out
}
