import { type Plane, type Rgb, bounds, medianColour } from './raster'

/** How deep the garment's edge may be blended with the backdrop (pixels): the colours are taken from further in. */
const BLEND_DEPTH = 2
/** How far beyond the garment its edge's colours are carried (pixels): as far as a bilinear sample of the edge reaches. */
const BLEED = 2
/** How far out from the garment the backdrop's colour is read (pixels): beyond its soft edge. */
const BACKDROP_OUT = 6
/** A garment this close to its backdrop's colour (RGB distance) keeps its edge as it is: a white garment's edge on white is its own. */
const PLAIN_EDGE = 30

/** How far from an edge pixel its colour is looked for (pixels). */
const REACH = BLEND_DEPTH + BLEED
/** The offsets within REACH of a pixel, nearest first (as near: by row, then by column). */
const NEAREST_FIRST = Array.from({ length: (2 * REACH + 1) ** 2 }, (_, k) => [(k % (2 * REACH + 1)) - REACH, Math.floor(k / (2 * REACH + 1)) - REACH] as const).sort(
  ([au, av], [bu, bv]) => au * au + av * av - (bu * bu + bv * bv) || av - bv || au - bu,
)

/**
 * The mask's boundary as layers of pixels by their steps (4-neighbour) from it: `inner[0]` the
 * mask's own edge pixels, each next layer a step further in, up to `inside` layers; `outer[0]` the
 * pixels just outside it, up to `outside` layers; and each pixel's layer (1 for the edge, -1 just
 * outside, 0 further away either way). A walk from the boundary: it touches only the pixels near it.
 */
function boundaryLayers(mask: Plane, inside: number, outside: number): { inner: number[][]; outer: number[][]; depth: Int8Array } {
  const { width: w, height: h, data } = mask
  const depth = new Int8Array(w * h)
  const [edge, beyond]: [number[], number[]] = [[], []]
  // (only the rows the mask reaches, and one either side, hold a boundary)
  const { y0, y1 } = bounds(mask)
  for (let y = Math.max(0, y0 - 1); y <= Math.min(h - 1, y1 + 1) && y0 <= y1; y++)
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const s = data[i]! >= 0.5
      if ((x > 0 && data[i - 1]! >= 0.5 !== s) || (x < w - 1 && data[i + 1]! >= 0.5 !== s) || (y > 0 && data[i - w]! >= 0.5 !== s) || (y < h - 1 && data[i + w]! >= 0.5 !== s)) {
        depth[i] = s ? 1 : -1
        ;(s ? edge : beyond).push(i)
      }
    }
  const grow = (from: number[], inMask: boolean, value: number) => {
    const next: number[] = []
    const visit = (k: number) => {
      if (depth[k] || data[k]! >= 0.5 !== inMask) return
      depth[k] = value
      next.push(k)
    }
    for (const i of from) {
      const x = i % w
      if (x > 0) visit(i - 1)
      if (x < w - 1) visit(i + 1)
      if (i >= w) visit(i - w)
      if (i + w < w * h) visit(i + w)
    }
    return next
  }
  const [inner, outer] = [[edge], [beyond]]
  for (let step = 2; step <= inside; step++) inner.push(grow(inner.at(-1)!, true, step))
  for (let step = 2; step <= outside; step++) outer.push(grow(outer.at(-1)!, false, -step))
  return { inner, outer, depth }
}

/**
 * The garment photo and mask with its edge in the garment's own colours, for drawing. A packshot's
 * edge pixels are blends of the garment and the backdrop (a pale rim round a dark garment on white,
 * specks of backdrop where the mask's edge is ragged), and the pixels beside it are the backdrop,
 * which drawing samples between pixels takes in too: all drew a pale halo round the garment on the
 * person. Each edge pixel is unmixed from the backdrop along the line from the backdrop's colour to
 * the garment's colour a few pixels in: its share of the garment's colour is its opacity, and the
 * share it lacks is added back to its colour (what is not along that line stays: a seam's shade, a
 * trim of another colour). The pixels just outside take the colour of the garment's nearest pixel.
 */
export function withoutBackdropEdge(img: Rgb, mask: Plane): { rgb: Rgb; mask: Plane } {
  const { width: w, height: h } = mask
  const { inner, outer, depth } = boundaryLayers(mask, BLEND_DEPTH + 1, BACKDROP_OUT)
  const data = img.data.slice()
  const alpha = mask.data.slice()
  // (one in four of the pixels that far out is enough)
  const backdrop = medianColour(outer.at(-1)!.filter((_, k) => k % 4 === 0).map((i) => [img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!]))
  /** The nearest pixel within REACH of pixel i whose `plane` value is at least 0.5 (and, with `layers`, that is no nearer the boundary than `layers` steps), -1 when none. */
  const nearest = (i: number, plane: Float32Array, layers = 0) => {
    const x = i % w
    const y = (i - x) / w
    for (const [du, dv] of NEAREST_FIRST) {
      const [u, v] = [x + du, y + dv]
      if (u < 0 || v < 0 || u >= w || v >= h) continue
      const k = v * w + u
      if (plane[k]! >= 0.5 && !(layers && depth[k] !== 0 && depth[k]! <= layers)) return k
    }
    return -1
  }
  const [br, bg, bb] = backdrop ?? [0, 0, 0]
  for (const i of backdrop ? inner.slice(0, BLEND_DEPTH).flat() : []) {
    // (further in than the blend: the garment's own colour)
    const from = nearest(i, mask.data, BLEND_DEPTH)
    if (from < 0) continue
    // (the garment's colour from the backdrop's, and the pixel's)
    const [or, og, ob] = [img.data[from * 3]! - br, img.data[from * 3 + 1]! - bg, img.data[from * 3 + 2]! - bb]
    const length2 = or * or + og * og + ob * ob
    if (length2 < PLAIN_EDGE ** 2) continue
    // (how much of the garment's colour the pixel holds, along the line from the backdrop's)
    const share = ((img.data[i * 3]! - br) * or + (img.data[i * 3 + 1]! - bg) * og + (img.data[i * 3 + 2]! - bb) * ob) / length2
    if (share >= 1) continue
    const lacks = 1 - Math.max(0, share)
    alpha[i] = Math.min(alpha[i]!, 1 - lacks)
    data[i * 3] = Math.min(255, Math.max(0, Math.round(img.data[i * 3]! + lacks * or)))
    data[i * 3 + 1] = Math.min(255, Math.max(0, Math.round(img.data[i * 3 + 1]! + lacks * og)))
    data[i * 3 + 2] = Math.min(255, Math.max(0, Math.round(img.data[i * 3 + 2]! + lacks * ob)))
  }
  // (and where the edge was found to be the backdrop: its colour is no garment's)
  for (const i of [...outer.slice(0, BLEED).flat(), ...inner.slice(0, BLEND_DEPTH).flat().filter((k) => alpha[k]! < 0.5)]) {
    const from = nearest(i, alpha)
    if (from >= 0) data.set(data.subarray(from * 3, from * 3 + 3), i * 3)
  }
  return { rgb: { width: w, height: h, data }, mask: { width: w, height: h, data: alpha } }
}
