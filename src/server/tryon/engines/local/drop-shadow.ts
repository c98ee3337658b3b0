import { type Lab, type Plane, type Rgb, bounds, opened, pixelLab, plane } from './raster'

/**
 * A drop shadow's walk in from the garment's edge: at most `reach` pixels, `least` at least; at
 * least `depth` darker than the backdrop (L); darkening by at most `step` from one pixel to the
 * next, lightening by at most `back` (noise); never flat over `flat` pixels (within `flatRange`);
 * within `hue` of the backdrop's hue (Lab a, b). The garment's own edge: a step over `step`, or off
 * that hue. Walked in from a side along a `side` of the garment's height (rows) or width (columns);
 * a line missed there takes its neighbours' depth when a walk within `gap` lines found it.
 */
const DROP = { side: 0.25, gap: 16, reach: 24, least: 3, depth: 8, step: 6, back: 3, flat: 6, flatRange: 2, hue: 15 }

/**
 * A packshot's drop shadow beside the garment, found by its shape where its colour cannot tell it
 * from the garment (a zebra's pale stripes are the shadow's colour): walking in from the mask's
 * edge along a row or a column, the backdrop's hue darkens smoothly, never flat, to a sharp edge,
 * the garment's own. A pale part of a print at the edge is flat there; a grey one ends flat too, or
 * starts with a sharp edge of its own.
 */
export function dropShadow(img: Rgb, mask: Plane, backdrop: Lab): Plane {
  const { width: w, height: h } = mask
  const L: number[] = []
  const shadowHued = (c: Lab) => c[0] < backdrop[0] && Math.hypot(c[1] - backdrop[1], c[2] - backdrop[2]) <= DROP.hue
  /** How many pixels from `start` by `by` are shadow; the pixel before `start` is outside the mask (or the frame's edge). */
  const walk = (start: number, by: number, count: number, before: number | null) => {
    L.length = 0
    let previous = before === null ? backdrop[0] : pixelLab(img, before)[0]
    for (let k = 0; k < Math.min(count, DROP.reach); k++) {
      const c = pixelLab(img, start + k * by)
      const darker = previous - c[0]
      if (Math.abs(darker) > DROP.step || Math.hypot(c[1] - backdrop[1], c[2] - backdrop[2]) > DROP.hue) return k >= DROP.least && backdrop[0] - Math.min(...L) >= DROP.depth ? k : 0
      if (darker < -DROP.back || !shadowHued(c)) return 0
      L.push(c[0])
      if (k >= DROP.flat && Math.max(...L.slice(-DROP.flat)) - Math.min(...L.slice(-DROP.flat)) < DROP.flatRange) return 0
      previous = c[0]
    }
    return 0
  }
  // Every walk, by the way it goes (in from the left, the right, the top, the bottom): the line it
  // runs along, where on it it starts, how far it may go and how far the shadow goes (0: none).
  type Walk = { line: number; at: number; start: number; count: number; k: number }
  const walks = new Map<number, Walk[]>([1, -1, w, -w].map((by) => [by, []]))
  /**
   * Each run of the mask along `lines` lines of `length` pixels, a line's pixels `stride` apart from
   * its first, lines `step` apart: walked in from both ends. (Plain index arithmetic: a closure per
   * pixel made it 400 ms a garment.)
   */
  const runs = (lines: number, length: number, step: number, stride: number) => {
    const { data } = mask
    for (let line = 0; line < lines; line++) {
      const base = line * step
      for (let t = 0; t < length; t++) {
        if (data[base + t * stride]! < 0.5) continue
        const from = t
        while (t + 1 < length && data[base + (t + 1) * stride]! >= 0.5) t++
        const count = t - from + 1
        const [first, last] = [base + from * stride, base + t * stride]
        walks.get(stride)!.push({ line, at: from, start: first, count, k: walk(first, stride, count, from > 0 ? first - stride : null) })
        walks.get(-stride)!.push({ line, at: t, start: last, count, k: walk(last, -stride, count, t + 1 < length ? last + stride : null) })
      }
    }
  }
  runs(h, w, w, 1)
  runs(w, h, 1, w)
  // A drop shadow falls along a side or two, away from the light: walks that pass elsewhere, here
  // and there along the garment, went down its own shading.
  const box = bounds(mask)
  const shadow = plane(w, h)
  for (const [by, all] of walks) {
    const found = all.filter((walk) => walk.k > 0)
    if (found.length < DROP.side * (Math.abs(by) === 1 ? box.y1 - box.y0 + 1 : box.x1 - box.x0 + 1)) continue
    // (along that side, a line the walk missed, where the shadow ends against a part of the print
    // nearly its colour, takes the shadow's depth on the lines either side of it)
    const byLine = new Map<number, Walk[]>()
    for (const walk of found) byLine.set(walk.line, [...(byLine.get(walk.line) ?? []), walk])
    const near = (walk: Walk, step: -1 | 1) => {
      for (let d = 1; d <= DROP.gap; d++) {
        const beside = byLine.get(walk.line + d * step)?.find((other) => Math.abs(other.at - walk.at) <= DROP.gap)
        if (beside) return beside.k
      }
      return 0
    }
    for (const walk of all) {
      const k = walk.k || Math.min(near(walk, -1), near(walk, 1), walk.count)
      for (let j = 0; j < k; j++) {
        if (!walk.k && !shadowHued(pixelLab(img, walk.start + j * by))) break
        shadow.data[walk.start + j * by] = 1
      }
    }
  }
  // (a walk down a garment's own side, along its blended edge, leaves a sliver a pixel or two wide: not a shadow's band)
  return opened(shadow, 1)
}
