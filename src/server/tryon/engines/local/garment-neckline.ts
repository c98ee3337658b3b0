import type { GarmentModel } from './analysis-schemas'
import { type Box, type Plane, type Rgb, fillHoles, isSet, keepLargest, labDistance, labInto, pixelLab, plane } from './raster'

/** How far apart (Lab) a pixel may be from the seed's colour to join the inside of the back: more than the fabric's own texture, less than a trim. */
const SAME_CLOTH = 18
/** How far apart (Lab) next pixels may be for the flood to go on across the fabric's shading. */
const SHADE_STEP = 3
/** How far apart (Lab) from the seed's colour the shading may take the inside of the back. */
const SAME_CLOTH_SHADED = 30
/** How far down the middle column, below the garment's top, the inside of the back is looked for (of the chest's width). */
const SEED_DEPTH = 0.25
/** The most of the chest's width (squared) the inside of the back covers: more, the flood ran out into the garment. */
const MOST_AREA = 0.15
/** How far below the garment's top its middle column may meet the inside of the back (of the chest's width): below the back's collar, not lower on the chest. */
const NEAR_TOP = 0.1
/** The least width of the inside of the back (of the chest's width): a narrower region is a stripe, a slit or a label. */
const LEAST_WIDTH = 0.17
/** The least depth of the inside of the back (of the chest's width): a shallower one is a band along the top edge. */
const LEAST_DEPTH = 0.05
/** The least share of its box the inside of the back fills: a thin line along the collar is not it. */
const LEAST_FILL = 0.2
/** The most the inside of the back encloses (of its own area): a label. A region enclosing more is the collar ring round the neckline. */
const MOST_ENCLOSED = 0.5
/** The least share of it that its mirror image across the middle covers: a neckline is symmetric, a print's patch not. */
const LEAST_SYMMETRY = 0.4
/** The least step (Lab, between a pixel's two neighbours) that is the neckline's edge, when the inside of the back is the front's colour: more than a smooth fabric's grain. */
const EDGE_STEP = 6
/** How far beside the middle column the inside of the back is looked for too, within its edges (of the chest's width): a keyhole's slit may run down the middle. */
const BESIDE_SLIT = 0.04
/** How deep below the garment's top a V neckline's inside of the back may reach, within its edges (of the chest's width): below the armpits on a deep V. */
const DEEPEST_V = 0.6
/** The most of the chest's width (squared) the inside of the back covers within its edges: a deep V's. */
const MOST_AREA_V = 0.25

/**
 * The inside of the garment's back, seen through the neckline on a flat photo: worn, it is behind
 * the neck and chest, which show there. It is a region below the back's collar in the middle,
 * enclosed by the neckline's edge without reaching the garment's outline, near its top, wide and
 * symmetric: told from the front by its colour or, when it is of the front's colour, by the
 * neckline's edge; with the back's collar above it. Null for trousers and skirts, and when nothing is.
 */
export function insideBack(rgb: Rgb, mask: Plane, model: GarmentModel): Plane | null {
  if (model.type === 'bottom') return null
  const neck = neckOf(mask, model)
  if (!neck) return null
  // (across a seam last, with floods of its own: a garment the first two read keeps what they found)
  const inside = byColour(rgb, mask, neck) ?? withinEdges(rgb, mask, neck) ?? byColourAcrossASeam(rgb, mask, neck)
  return inside && withCollarAbove(inside)
}

/** Where the inside of the back is looked for: the middle column, the garment's top there, the chest's width, how low the flood may go, and the garment's top. */
type Neck = { cx: number; top: number; chest: number; lowest: number; garmentTop: number }

function neckOf(mask: Plane, { bbox, landmarks: L }: GarmentModel): Neck | null {
  const { width: w, height: h } = mask
  const cx = Math.round((L.shoulderL.x + L.shoulderR.x) / 2)
  const chest = L.armpitR.x - L.armpitL.x
  const lowest = Math.min(L.armpitL.y, L.armpitR.y, h - 2)
  let top = Math.max(1, bbox.y0)
  while (top < lowest && !isSet(mask, top * w + cx)) top++
  return top < lowest && chest > 0 ? { cx, top, chest, lowest, garmentTop: bbox.y0 } : null
}

/** A region found, within its collar (see `withinCollar`), if that is the inside of the back. */
function insideBackOf(region: number[], neck: Neck, w: number, h: number): Plane | null {
  const inside = withinCollar(region, w, h)
  return isInsideBack(inside, neck) ? inside : null
}

/** Whether a region found is the inside of the back: near the top in the middle, wide, deep, filling its box and symmetric. */
function isInsideBack(found: Plane, { cx, top, chest }: Neck): boolean {
  const shape = shapeOf(setPixels(found), found.width, cx)
  const fits = shape.middle - top <= chest * NEAR_TOP && shape.width >= chest * LEAST_WIDTH && shape.depth >= chest * LEAST_DEPTH && shape.fill >= LEAST_FILL
  return fits && shape.symmetry >= LEAST_SYMMETRY
}

/**
 * The inside of the back told from the front by its colour: what joins a point below the back's
 * collar in the middle, of that point's colour, enclosed by the neckline's edge without reaching
 * the garment's outline, with what it encloses (a label), or what a collar's ring of one colour
 * encloses; then, down the middle, what joins it of other colours, enclosed too (a jersey's white
 * yoke above its mesh).
 */
function byColour(rgb: Rgb, mask: Plane, neck: Neck): Plane | null {
  const w = mask.width
  const { cx, top, chest, lowest } = neck
  const { regionAt, found } = colourFloods(rgb, mask, neck)
  let inside: Plane | null = null
  for (let y = top + 2; y < Math.min(lowest, top + chest * SEED_DEPTH); y += 3) {
    const seed = y * w + cx
    if (inside?.data[seed]) continue
    const flooded = regionAt(seed)
    if (!flooded) continue
    if (!inside) {
      inside = found(flooded)
      continue
    }
    const { region, enclosed } = flooded
    const joins = region.some((i) => inside!.data[i - 1] || inside!.data[i + 1] || inside!.data[i - w] || inside!.data[i + w])
    if (!enclosed || !joins || shapeOf(region, w, cx).symmetry < LEAST_SYMMETRY) break
    inside = withHolesFilled(inside, region)
  }
  return inside
}

/** The inside of the back told by its colour either side of a back zip or seam down the middle (see `acrossASeam`). */
function byColourAcrossASeam(rgb: Rgb, mask: Plane, neck: Neck): Plane | null {
  const w = mask.width
  const { cx, top, chest, lowest } = neck
  const { regionAt, found } = colourFloods(rgb, mask, neck)
  const beside = Math.max(1, Math.round(chest * BESIDE_SLIT))
  for (let y = top + 2; y < Math.min(lowest, top + chest * SEED_DEPTH); y += 3) {
    const inside = acrossASeam([regionAt(y * w + cx - beside), regionAt(y * w + cx + beside)], cx, mask, found)
    if (inside) return inside
  }
  return null
}

/**
 * Floods of a seed's colour (none from a pixel a flood reached before: it would run out the same
 * way), and the inside of the back a flood is, if it is one (what a region encloses lies within
 * its box: a region too small is not looked into).
 */
function colourFloods(rgb: Rgb, mask: Plane, neck: Neck) {
  const { width: w, height: h } = mask
  const { cx, chest, lowest } = neck
  const tried = new Uint8Array(w * h)
  const regionAt = (seed: number): Flooded | null => {
    if (tried[seed] || !isSet(mask, seed)) return null
    const flooded = flood(rgb, mask, seed, lowest, chest * chest * MOST_AREA)
    for (const i of flooded.region) tried[i] = 1
    return flooded
  }
  const found = ({ region, enclosed }: Flooded) => {
    const box = shapeOf(region, w, cx)
    return enclosed && box.width >= chest * LEAST_WIDTH && box.depth >= chest * LEAST_DEPTH ? insideBackOf(region, neck, w, h) : null
  }
  return { regionAt, found }
}

/** A flood's pixels, and whether they are enclosed (see `flood`). */
type Flooded = { region: number[]; enclosed: boolean }

/**
 * The inside of the back from what the floods from seeds either side of the middle reached, with
 * what lies between them across the middle column (`found` makes of it the inside, or null): a back
 * zip or seam down the middle splits it in two (053290). None unless all they reached is enclosed.
 */
function acrossASeam(sides: (Flooded | null)[], cx: number, mask: Plane, found: (flooded: Flooded) => Plane | null): Plane | null {
  const reached = sides.filter((side): side is Flooded => side !== null)
  if (!reached.length || reached.some((side) => !side.enclosed)) return null
  return found({ region: acrossTheMiddle(reached.flatMap((side) => side.region), cx, mask), enclosed: true })
}

/** A region with the garment's pixels across the middle column in each row where it lies either side of it. */
function acrossTheMiddle(region: number[], cx: number, mask: Plane): number[] {
  const w = mask.width
  const [innerL, innerR] = [new Map<number, number>(), new Map<number, number>()]
  for (const i of region) {
    const [x, y] = [i % w, Math.floor(i / w)]
    if (x < cx) innerL.set(y, Math.max(innerL.get(y) ?? -Infinity, x))
    else if (x > cx) innerR.set(y, Math.min(innerR.get(y) ?? Infinity, x))
  }
  const joined = [...region]
  for (const [y, x0] of innerL) {
    const x1 = innerR.get(y)
    if (x1 !== undefined) for (let x = x0 + 1; x < x1; x++) if (isSet(mask, y * w + x)) joined.push(y * w + x)
  }
  return joined
}

/**
 * The inside of the back of the front's colour (a blouse's, only a shade darker in its shadow): what
 * joins a point below the back's collar, in the middle or just beside it, without crossing an edge
 * (a step of EDGE_STEP or more), with what it encloses (a label, a keyhole's slit).
 */
function withinEdges(rgb: Rgb, mask: Plane, neck: Neck): Plane | null {
  const { width: w, height: h } = mask
  const { cx, top, chest } = neck
  const beside = Math.max(1, Math.round(chest * BESIDE_SLIT))
  const box = { x0: Math.max(1, Math.round(cx - chest / 2)), x1: Math.min(w - 2, Math.round(cx + chest / 2)), y0: 1, y1: Math.min(h - 2, Math.round(top + chest * DEEPEST_V)) }
  const edge = edges(rgb, box)
  const tried = new Uint8Array(w * h)
  const regionAt = (seed: number) => (tried[seed] || edge[seed] || !isSet(mask, seed) ? null : floodWithin(mask, edge, box, seed, tried, chest * chest * MOST_AREA_V))
  const found = ({ region, enclosed }: Flooded) => (enclosed && shapeOf(region, w, cx).width >= chest * LEAST_WIDTH ? insideBackOf(region, neck, w, h) : null)
  for (let y = top + 2; y < top + chest * SEED_DEPTH; y += 3) {
    const middle = regionAt(y * w + cx)
    const inMiddle = middle && found(middle)
    if (inMiddle) return inMiddle
    const sides = [regionAt(y * w + cx - beside), regionAt(y * w + cx + beside)]
    for (const side of sides) {
      const inside = side && found(side)
      if (inside) return inside
    }
    const inside = acrossASeam(sides, cx, mask, found)
    if (inside) return inside
  }
  return null
}

/** The pixels within the box where the colour steps by EDGE_STEP or more between a pixel's two neighbours, across or down. */
function edges(rgb: Rgb, { x0, x1, y0, y1 }: Box): Uint8Array {
  const w = rgb.width
  const edge = new Uint8Array(w * rgb.height)
  // (each pixel's colour worked out once, for the box and a pixel round it)
  const [bx, by] = [x0 - 1, Math.max(0, y0 - 1)]
  const [bw, bh] = [x1 - bx + 2, y1 + 2 - by]
  const [L, A, B] = [new Float32Array(bw * bh), new Float32Array(bw * bh), new Float32Array(bw * bh)]
  for (let y = 0; y < bh; y++) for (let x = 0; x < bw; x++) labInto(rgb.data, (by + y) * w + bx + x, L, A, B, y * bw + x)
  const least = EDGE_STEP * EDGE_STEP
  const step = (a: number, b: number) => (L[a]! - L[b]!) ** 2 + (A[a]! - A[b]!) ** 2 + (B[a]! - B[b]!) ** 2
  for (let y = Math.max(1, y0); y <= y1; y++)
    for (let x = x0, k = (y - by) * bw + x0 - bx; x <= x1; x++, k++) edge[y * w + x] = step(k - 1, k + 1) >= least || step(k - bw, k + bw) >= least ? 1 : 0
  return edge
}

/** The pixels joined to the seed (4-neighbour) not on an edge, and whether they are enclosed: not reaching the mask's outline or the box's, nor beyond `most` pixels. */
function floodWithin(mask: Plane, edge: Uint8Array, box: Box, seed: number, seen: Uint8Array, most: number): { region: number[]; enclosed: boolean } {
  const w = mask.width
  const region = [seed]
  seen[seed] = 1
  let enclosed = true
  for (let k = 0; k < region.length; k++) {
    const i = region[k]!
    const [x, y] = [i % w, Math.floor(i / w)]
    if (x <= box.x0 || x >= box.x1 || y <= box.y0 || y >= box.y1 || region.length > most) enclosed = false
    for (const j of [i - 1, i + 1, i - w, i + w]) {
      if (seen[j] || edge[j]) continue
      if (!isSet(mask, j)) enclosed = false
      else {
        seen[j] = 1
        region.push(j)
      }
    }
    if (!enclosed) return { region, enclosed }
  }
  return { region, enclosed }
}

/**
 * The inside of the back with all above it, in each of its columns: worn, the back's collar (to its
 * soft rim) is behind the neck too, and so are the collar's specks standing into the inside.
 */
function withCollarAbove(inside: Plane): Plane {
  const w = inside.width
  for (let x = 0; x < w; x++) {
    let y = inside.height - 1
    while (y >= 0 && !inside.data[y * w + x]) y--
    for (; y >= 0; y--) inside.data[y * w + x] = 1
  }
  return inside
}

/**
 * The region with its holes filled (a label on the inside of the back); or, when it encloses more
 * than itself, it is the collar ring round the neckline (the back's collar and the front's trim of
 * one colour), and the inside of the back is what it encloses (not a speck between it and the edge).
 */
function withinCollar(region: number[], w: number, h: number): Plane {
  const filled = withHolesFilled(plane(w, h), region)
  if (setPixels(filled).length <= region.length * (1 + MOST_ENCLOSED)) return filled
  for (const i of region) filled.data[i] = 0
  return keepLargest(filled)
}

function setPixels(mask: Plane): number[] {
  const pixels: number[] = []
  for (let i = 0; i < mask.data.length; i++) if (mask.data[i]) pixels.push(i)
  return pixels
}

function withHolesFilled(mask: Plane, region: number[]): Plane {
  for (const i of region) mask.data[i] = 1
  return fillHoles(mask)
}

/**
 * The pixels of the seed's colour joined to it (4-neighbour), as far as the flood went, and whether
 * they are enclosed: not reaching the mask's outline, below `lowest` or beyond `most` pixels.
 */
function flood(rgb: Rgb, mask: Plane, seed: number, lowest: number, most: number): { region: number[]; enclosed: boolean } {
  const w = mask.width
  const colour = pixelLab(rgb, seed)
  const seen = new Set([seed])
  const region: number[] = []
  const stack = [seed]
  while (stack.length) {
    const i = stack.pop()!
    region.push(i)
    if (i / w > lowest || region.length > most) return { region, enclosed: false }
    for (const j of [i - 1, i + 1, i - w, i + w]) {
      if (seen.has(j)) continue
      if (!isSet(mask, j)) return { region, enclosed: false }
      seen.add(j)
      const here = pixelLab(rgb, j)
      // (its colour may drift in the light across it, a step at a time)
      if (labDistance(here, colour) < SAME_CLOTH || (labDistance(here, pixelLab(rgb, i)) < SHADE_STEP && labDistance(here, colour) < SAME_CLOTH_SHADED)) stack.push(j)
    }
  }
  return { region, enclosed: true }
}

/** A region's width and depth, its top in column `cx`, the share of its box it fills and the share of it its mirror image across `cx` covers. */
function shapeOf(region: number[], w: number, cx: number) {
  const set = new Set(region)
  let [x0, x1, y0, y1, middle, mirrored] = [Infinity, -Infinity, Infinity, -Infinity, Infinity, 0]
  for (const i of region) {
    const x = i % w
    const y = Math.floor(i / w)
    ;[x0, x1, y0, y1] = [Math.min(x0, x), Math.max(x1, x), Math.min(y0, y), Math.max(y1, y)]
    if (x === cx) middle = Math.min(middle, y)
    if (set.has(i + 2 * (cx - x))) mirrored++
  }
  return { width: x1 - x0, depth: y1 - y0, middle, fill: region.length / ((x1 - x0 + 1) * (y1 - y0 + 1)), symmetry: mirrored / region.length }
}
