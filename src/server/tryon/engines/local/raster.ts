import sharp from 'sharp'

/** An 8-bit RGB image, row-major, 3 bytes a pixel. */
export type Rgb = { width: number; height: number; data: Uint8Array }
/** One value a pixel (masks 0..1, luminance, …), row-major. */
export type Plane = { width: number; height: number; data: Float32Array }

// Pixel reads: a typed array's element may be missing (past its end), and is then read as 0,
// nothing there, like outside the frame (`data[i] ?? 0`). The engine's loops stay within their
// rasters, so this never changes a value; it replaces asserting (`data[i]!`) that it is there.

/** Whether a mask is set (0.5 or more) at pixel index i; nothing is set past its end. */
export const isSet = (mask: Plane, i: number) => (mask.data[i] ?? 0) >= 0.5

export const plane = (width: number, height: number): Plane => ({ width, height, data: new Float32Array(width * height) })

// The frames lent by withLentPlanes, of the last size asked for, and how many are out.
let lendable = { width: 0, height: 0, frames: [] as Float32Array[], lent: 0 }

/**
 * Runs `work` with zeroed planes of a frame's size from `take`, lent until it returns and then
 * taken back for the next work of that size (none may outlive it). A new frame's pages cost
 * several passes over a reused one, and a try-on works on a dozen.
 */
export function withLentPlanes<T>(frame: { width: number; height: number }, work: (take: () => Plane) => T): T {
  const { width, height } = frame
  if (lendable.lent === 0 && (lendable.width !== width || lendable.height !== height)) lendable = { width, height, frames: [], lent: 0 }
  const pool = lendable
  // (a frame of another size, asked for within work on the lent ones, is not lent)
  if (pool.width !== width || pool.height !== height) return work(() => plane(width, height))
  const start = pool.lent
  const take = (): Plane => {
    const data = pool.frames[pool.lent]?.fill(0) ?? new Float32Array(width * height)
    pool.frames[pool.lent++] = data
    return { width, height, data }
  }
  try {
    return work(take)
  } finally {
    pool.lent = start
  }
}

/**
 * Decodes any stored image to RGB (alpha, when present, is returned as a plane too). Given
 * `cover`, a larger image is scaled down to the smallest size that still covers it, its aspect kept.
 */
export async function decode(buffer: Buffer, cover?: { width: number; height: number }): Promise<{ rgb: Rgb; alpha: Plane | null }> {
  let pipeline = sharp(buffer, { limitInputPixels: 40_000_000 }).rotate()
  const meta = await sharp(buffer, { limitInputPixels: 40_000_000 }).metadata()
  if (cover) {
    const { width = 0, height = 0 } = meta.autoOrient ?? meta
    const scale = Math.max(cover.width / width, cover.height / height)
    if (scale < 1) pipeline = pipeline.resize(Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale)), { fit: 'fill' })
  }
  if (!meta.hasAlpha) {
    // (no alpha to split off: libvips' RGB bytes are the image's, as they are)
    const { data, info } = await pipeline.removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true })
    return { rgb: { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }, alpha: null }
  }
  const { data, info } = await pipeline.toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const n = info.width * info.height
  const rgb = new Uint8Array(n * 3)
  const alpha = plane(info.width, info.height)
  let transparent = 0
  for (let i = 0; i < n; i++) {
    rgb[i * 3] = data[i * 4] ?? 0
    rgb[i * 3 + 1] = data[i * 4 + 1] ?? 0
    rgb[i * 3 + 2] = data[i * 4 + 2] ?? 0
    const a = (data[i * 4 + 3] ?? 0) / 255
    alpha.data[i] = a
    if (a < 0.5) transparent++
  }
  return { rgb: { width: info.width, height: info.height, data: rgb }, alpha: transparent > n * 0.02 ? alpha : null }
}

/** An RGB image as a PNG (`decode` reads it back). */
export const rgbToPng = ({ width, height, data }: Rgb) => sharp(data, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer()

/** A mask plane (0..1) as an 8-bit grey PNG, and back. */
export async function maskToPng(...channels: Plane[]): Promise<Buffer> {
  const [first] = channels
  if (!first) throw new Error('maskToPng needs a plane')
  const { width, height } = first
  const out = Buffer.alloc(width * height * channels.length)
  channels.forEach(({ data }, k) => {
    for (let i = 0; i < width * height; i++) out[i * channels.length + k] = Math.round(Math.min(1, Math.max(0, data[i]!)) * 255)
  })
  return sharp(out, { raw: { width, height, channels: channels.length as 1 | 3 | 4 } }).png({ compressionLevel: 6 }).toBuffer()
}

/** A PNG's channels, each read as a mask (0..1) or as its bytes. */
export async function pngChannels(buffer: Buffer) {
  const { data, info } = await sharp(buffer).raw().toBuffer({ resolveWithObject: true })
  const { width, height, channels } = info
  const n = width * height
  // (plain loops over the interleaved bytes: a warm try-on reads a garment's three from storage when it is no longer in memory)
  const mask = (k: number): Plane => {
    const out = plane(width, height)
    for (let i = 0, j = k; i < n; i++, j += channels) out.data[i] = data[j]! / 255
    return out
  }
  const bytes = (k: number) => {
    const out = new Uint8Array(n)
    for (let i = 0, j = k; i < n; i++, j += channels) out[i] = data[j]!
    return out
  }
  return { mask, bytes }
}

export async function pngToMasks(buffer: Buffer, count: number): Promise<Plane[]> {
  const png = await pngChannels(buffer)
  return Array.from({ length: count }, (_, k) => png.mask(k))
}

/**
 * A rectangle of pixels, both ends included, in whole pixels: one fractional side anywhere makes V8 store
 * every box's sides as doubles, and each loop over a box then runs slower (a hip's y as y1 cost warm
 * try-ons 15 to 20%).
 */
export type Box = { x0: number; y0: number; x1: number; y1: number }

export const fullBox = (p: { width: number; height: number }): Box => ({ x0: 0, y0: 0, x1: p.width - 1, y1: p.height - 1 })

/** The box of a mask's set pixels (x1 = -1 when there is none): those within `within`, at least `least`. */
export function bounds(mask: Plane, within: Box = fullBox(mask), least = 0.5): Box {
  const { width: w, data } = mask
  const box = { x0: mask.width, y0: mask.height, x1: -1, y1: -1 }
  for (let y = within.y0; y <= within.y1; y++) {
    const row = y * w
    // (a row's first set pixel, then its last, searched for from its ends)
    let first = within.x0
    while (first <= within.x1 && (data[row + first] ?? 0) < least) first++
    if (first > within.x1) continue
    let last = within.x1
    while ((data[row + last] ?? 0) < least) last--
    box.x0 = Math.min(box.x0, first)
    box.x1 = Math.max(box.x1, last)
    if (box.y1 < 0) box.y0 = y
    box.y1 = y
  }
  return box
}

// The horizontal pass's result, reused from blur to blur (a frame's worth of garbage less each time).
let scratch = new Float32Array(0)
function blurScratch(length: number) {
  if (scratch.length < length) scratch = new Float32Array(length)
  return scratch
}

/**
 * Separable box blur of radius r (edges clamped) into a new plane; three passes approximate a
 * Gaussian. The vertical pass runs row by row over a running sum per column (cache-friendly).
 * Within `box` only (zero outside it, its sides clamped like the frame's): the result is the
 * full-frame blur's wherever the box's sides are frame edges, r away from it, or where the plane is
 * zero up to the box's sides. Into a zeroed plane of the frame's size when given one.
 */
export function boxBlur(src: Plane, r: number, box: Box = fullBox(src), into = plane(src.width, src.height)): Plane {
  if (r < 1) return { width: src.width, height: src.height, data: src.data.slice() }
  return { width: src.width, height: src.height, data: boxMeans(src, r, box, 'mean', into.data) }
}

export const blur = (src: Plane, sigma: number, box?: Box): Plane => {
  const r = Math.max(1, Math.round(sigma * 0.8))
  return boxBlur(boxBlur(boxBlur(src, r, box), r, box), r, box)
}

/**
 * Binary dilation (r > 0) or erosion (r < 0) of a mask by a square of radius |r|, within `box`
 * (zero outside it: the full frame's result where the mask is zero within r + 1 of its sides);
 * into a zeroed plane of the frame's size when given one.
 */
export function morph(mask: Plane, r: number, box: Box = fullBox(mask), into = plane(mask.width, mask.height)): Plane {
  const radius = Math.abs(Math.round(r))
  if (radius >= 1) {
    // (only round the mask's nonzero pixels is anything set: a dilation reaches radius + 1 beyond them,
    // the box's clamped sides then reading nothing as beyond them; an erosion stays within them)
    const set = bounds(mask, box, Number.MIN_VALUE)
    if (set.x1 < 0) return into
    const near = grownBox(set, r > 0 ? radius + 1 : 1, mask)
    const within = { x0: Math.max(box.x0, near.x0), y0: Math.max(box.y0, near.y0), x1: Math.min(box.x1, near.x1), y1: Math.min(box.y1, near.y1) }
    return { width: mask.width, height: mask.height, data: boxMeans(mask, radius, within, r > 0 ? 'dilate' : 'erode', into.data) }
  }
  // (radius 0: the mask's sure pixels, within the box)
  const out = into
  for (let y = box.y0; y <= box.y1; y++)
    for (let i = y * mask.width + box.x0; i <= y * mask.width + box.x1; i++) out.data[i] = (mask.data[i] ?? 0) > 0.99 ? 1 : 0
  return out
}

/** An opening: what of the mask a square of radius r fits inside (clears specks and lines thinner than 2r + 1); its two passes' planes from `take`. */
export const opened = (mask: Plane, r: number, box?: Box, take = () => plane(mask.width, mask.height)): Plane => morph(morph(mask, -r, box, take()), r, box, take())

/** A closing: the mask with gaps and notches narrower than 2r + 1 filled. */
export const closed = (mask: Plane, r: number, box?: Box): Plane => morph(morph(mask, r, box), -r, box)

/**
 * The box blur's two passes; the vertical one writes the mean, or whether it is above 1% (a
 * dilation's) or 99% (an erosion's), as one pass (a morph is a blur thresholded).
 */
function boxMeans(src: Plane, r: number, box: Box, write: 'mean' | 'dilate' | 'erode', out: Float32Array): Float32Array {
  const { width: w, height: h } = src
  const { x0, y0, x1, y1 } = box
  const tmp = blurScratch(w * h)
  const norm = 1 / (2 * r + 1)
  const s = src.data
  for (let y = y0; y <= y1; y++) {
    const row = y * w
    let acc = 0
    for (let x = x0 - r; x <= x0 + r; x++) acc += s[row + Math.min(x1, Math.max(x0, x))] ?? 0
    for (let x = x0; x <= x1; x++) {
      tmp[row + x] = acc * norm
      const add = x + r + 1 < x1 ? x + r + 1 : x1
      const sub = x - r > x0 ? x - r : x0
      acc += (s[row + add] ?? 0) - (s[row + sub] ?? 0)
    }
  }
  const acc = new Float64Array(w)
  for (let y = y0 - r; y <= y0 + r; y++) {
    const row = Math.min(y1, Math.max(y0, y)) * w
    for (let x = x0; x <= x1; x++) acc[x] = (acc[x] ?? 0) + (tmp[row + x] ?? 0)
  }
  // (the threshold is the mean as stored, a 32-bit float)
  const cut = write === 'dilate' ? 0.01 : 0.99
  for (let y = y0; y <= y1; y++) {
    const row = y * w
    const add = Math.min(y1, y + r + 1) * w
    const sub = Math.max(y0, y - r) * w
    for (let x = x0; x <= x1; x++) {
      const sum = acc[x] ?? 0
      const mean = Math.fround(sum * norm)
      out[row + x] = write === 'mean' ? mean : mean > cut ? 1 : 0
      acc[x] = sum + ((tmp[add + x] ?? 0) - (tmp[sub + x] ?? 0))
    }
  }
  return out
}

/** The box round some points, `pad` wider on each side (not clipped to a frame). */
export const boxAround = (points: { x: number; y: number }[], pad: number): Box => ({
  x0: Math.floor(Math.min(...points.map((p) => p.x)) - pad),
  y0: Math.floor(Math.min(...points.map((p) => p.y)) - pad),
  x1: Math.ceil(Math.max(...points.map((p) => p.x)) + pad),
  y1: Math.ceil(Math.max(...points.map((p) => p.y)) + pad),
})

/** A box grown by `margin` on each side, within the frame. */
export const grownBox = (box: Box, margin: number, frame: { width: number; height: number }): Box => ({
  x0: Math.max(0, box.x0 - margin),
  y0: Math.max(0, box.y0 - margin),
  x1: Math.min(frame.width - 1, box.x1 + margin),
  y1: Math.min(frame.height - 1, box.y1 + margin),
})

/** A mask of one byte a pixel (1 inside) and the box of its inside (null when empty). */
export type Bits = { width: number; height: number; data: Uint8Array; box: Box | null }

function toBits(mask: Plane): Bits {
  const { width: w, height: h } = mask
  const data = new Uint8Array(w * h)
  let box: Box | null = null
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      if (!isSet(mask, y * w + x)) continue
      data[y * w + x] = 1
      if (!box) box = { x0: x, y0: y, x1: x, y1: y }
      else {
        box.x0 = Math.min(box.x0, x)
        box.x1 = Math.max(box.x1, x)
        box.y1 = y
      }
    }
  return { width: w, height: h, data, box }
}

const morphs = new WeakMap<Plane, Map<number, Bits>>()

/**
 * morph(mask, r) as bits, computed once per mask and radius: a person's masks live as long as
 * their cached analysis, and every try-on of that person grows and shrinks them the same way.
 */
export function cachedMorph(mask: Plane, r: number): Bits {
  const radius = Math.round(r)
  let byRadius = morphs.get(mask)
  if (!byRadius) morphs.set(mask, (byRadius = new Map()))
  let bits = byRadius.get(radius)
  if (!bits) byRadius.set(radius, (bits = toBits(morph(mask, radius))))
  return bits
}

/** A new plane of f(value, index) for each pixel (a plain loop: typed arrays' map is slow on large planes). */
export function mapPlane(p: Plane, f: (v: number, i: number) => number): Plane {
  const out = new Float32Array(p.data.length)
  for (let i = 0; i < out.length; i++) out[i] = f(p.data[i] ?? 0, i)
  return { width: p.width, height: p.height, data: out }
}

// (the helpers below are loops of their own, not mapPlane: a pass over a whole frame through a
// callback shared by every caller costs several times as much)

export function threshold(mask: Plane, t = 0.5): Plane {
  const out = plane(mask.width, mask.height)
  for (let i = 0; i < out.data.length; i++) out.data[i] = (mask.data[i] ?? 0) >= t ? 1 : 0
  return out
}

/** The larger of two planes' values at each pixel. */
export function maxPlane(a: Plane, b: Plane): Plane {
  const out = plane(a.width, a.height)
  for (let i = 0; i < out.data.length; i++) out.data[i] = Math.max(a.data[i] ?? 0, b.data[i] ?? 0)
  return out
}

/** The mask of the pixels whose label (as `components` gives them) is one of `chosen`, and set in `within` when given. */
export function labelMask(labels: Int32Array, chosen: Iterable<number>, size: { width: number; height: number }, within?: Plane): Plane {
  const picked = [...chosen].filter((l) => l >= 0)
  const keep = new Uint8Array(Math.max(-1, ...picked) + 1)
  for (const l of picked) keep[l] = 1
  const out = plane(size.width, size.height)
  for (let i = 0; i < out.data.length; i++) out.data[i] = keep[labels[i] ?? -1] && (!within || isSet(within, i)) ? 1 : 0
  return out
}

/** Connected components (4-neighbour) of a binary mask: labels and the size of each label. */
export function components(mask: Plane): { labels: Int32Array; sizes: number[] } {
  const { width: w, height: h, data } = mask
  const n = w * h
  const labels = new Int32Array(n).fill(-1)
  const sizes: number[] = []
  // (every pixel is pushed at most once)
  const stack = new Int32Array(n)
  let top = 0
  let label = 0
  const visit = (j: number) => {
    if (labels[j] === -1 && data[j]! >= 0.5) {
      labels[j] = label
      stack[top++] = j
    }
  }
  for (let start = 0; start < n; start++) {
    if (data[start]! < 0.5 || labels[start] !== -1) continue
    label = sizes.length
    let size = 0
    visit(start)
    while (top > 0) {
      const i = stack[--top]!
      size++
      const x = i % w
      if (x > 0) visit(i - 1)
      if (x < w - 1) visit(i + 1)
      if (i >= w) visit(i - w)
      if (i + w < n) visit(i + w)
    }
    sizes.push(size)
  }
  return { labels, sizes }
}

/** The share of the frame's top, left and right edges (a band of 1%) that a mask covers. */
export function edgeShare(mask: Plane) {
  const { width: w, height: h } = mask
  const band = Math.max(1, Math.round(Math.min(w, h) * 0.01))
  let edge = 0
  let hit = 0
  // (the band's rows whole, then the rows below them at their two ends only)
  const count = (y: number, from: number, to: number) => {
    for (let i = y * w + from; i < y * w + to; i++) {
      edge++
      if (isSet(mask, i)) hit++
    }
  }
  for (let y = 0; y < h; y++) {
    if (y < band) count(y, 0, w)
    else {
      count(y, 0, Math.min(band, w))
      count(y, Math.max(band, w - band), w)
    }
  }
  return hit / edge
}

/** Keeps the largest connected component of a binary mask. */
export function keepLargest(mask: Plane): Plane {
  const { labels, sizes } = components(mask)
  if (!sizes.length) return plane(mask.width, mask.height)
  return labelMask(labels, [sizes.indexOf(Math.max(...sizes))], mask)
}

/** A binary mask without its connected components smaller than `least` pixels. */
export function withoutSpecks(mask: Plane, least: number): Plane {
  const { labels, sizes } = components(mask)
  return labelMask(labels, sizes.flatMap((size, label) => (size >= least ? [label] : [])), mask)
}

/**
 * Fills the holes of a binary mask (background not connected to the border), those up to `maxArea`
 * pixels when given. Only the mask's box is walked: all beyond it is connected to the border.
 */
export function fillHoles(mask: Plane, maxArea = Infinity): Plane {
  const { width: w, height: h, data } = mask
  const out = plane(w, h)
  const box = bounds(mask)
  if (box.x1 < 0) return out
  const { x0, y0, x1, y1 } = box
  // (per pixel: 0 background not reached yet, 1 set, 2 background joined to the border, 3 a hole)
  const state = new Uint8Array(w * h)
  for (let y = y0; y <= y1; y++) for (let i = y * w + x0; i <= y * w + x1; i++) if ((data[i] ?? 0) >= 0.5) state[i] = 1
  const stack = new Int32Array((x1 - x0 + 1) * (y1 - y0 + 1))
  /** Marks the pixels marked `from` joined to pixel `start` as `mark`; returns how many there are. */
  const flood = (start: number, from: number, mark: number) => {
    let top = 0
    let size = 0
    state[start] = mark
    stack[top++] = start
    while (top > 0) {
      const i = stack[--top]!
      size++
      const x = i % w
      const y = (i - x) / w
      if (x > x0 && state[i - 1] === from) {
        state[i - 1] = mark
        stack[top++] = i - 1
      }
      if (x < x1 && state[i + 1] === from) {
        state[i + 1] = mark
        stack[top++] = i + 1
      }
      if (y > y0 && state[i - w] === from) {
        state[i - w] = mark
        stack[top++] = i - w
      }
      if (y < y1 && state[i + w] === from) {
        state[i + w] = mark
        stack[top++] = i + w
      }
    }
    return size
  }
  for (let x = x0; x <= x1; x++) for (const i of [y0 * w + x, y1 * w + x]) if (state[i] === 0) flood(i, 0, 2)
  for (let y = y0; y <= y1; y++) for (const i of [y * w + x0, y * w + x1]) if (state[i] === 0) flood(i, 0, 2)
  for (let y = y0; y <= y1; y++)
    for (let i = y * w + x0; i <= y * w + x1; i++) if (state[i] === 0 && flood(i, 0, 3) > maxArea) flood(i, 3, 2)
  for (let y = y0; y <= y1; y++) for (let i = y * w + x0; i <= y * w + x1; i++) if (state[i] === 1 || state[i] === 3) out.data[i] = 1
  return out
}

const LINEAR = Float64Array.from({ length: 256 }, (_, c) => {
  const v = c / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
})
/** Linear light of an sRGB channel value (0..255). */
const linear = (c: number) => LINEAR[c] ?? 0

const labF = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116)

/** A colour in CIE L*a*b*. */
export type Lab = [number, number, number]

/** sRGB (0..255) to CIE L*a*b* (D65). */
export function rgbToLab(r: number, g: number, b: number): Lab {
  const out = linearToLab(linear(Math.round(r)), linear(Math.round(g)), linear(Math.round(b)))
  return [out[0] ?? 0, out[1] ?? 0, out[2] ?? 0]
}

const lab = new Float64Array(3)
/** Linear RGB to L*a*b*, written into one shared triple that the caller reads at once (no array made per pixel). */
function linearToLab(r: number, g: number, b: number): Float64Array {
  const x = labF((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047)
  const y = labF(r * 0.2126 + g * 0.7152 + b * 0.0722)
  const z = labF((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883)
  lab[0] = 116 * y - 16
  lab[1] = 500 * (x - y)
  lab[2] = 200 * (y - z)
  return lab
}

/** The CIE L*a*b* colour of pixel i of an image. */
export const pixelLab = (img: Rgb, i: number) => rgbToLab(img.data[i * 3] ?? 0, img.data[i * 3 + 1] ?? 0, img.data[i * 3 + 2] ?? 0)

/** The index of the pixel nearest to (x, y), held within the frame. */
export const pixelIndex = ({ width, height }: { width: number; height: number }, { x, y }: { x: number; y: number }) =>
  Math.min(height - 1, Math.max(0, Math.round(y))) * width + Math.min(width - 1, Math.max(0, Math.round(x)))

/** Pixel i of an image's Lab planes (see labPlanes). */
export const labAt = ([L, A, B]: [Plane, Plane, Plane], i: number): [number, number, number] => [L.data[i] ?? 0, A.data[i] ?? 0, B.data[i] ?? 0]

const labOf = new WeakMap<Rgb, [Plane, Plane, Plane]>()

/** The image in Lab, three planes: computed once per image, so callers only read them. */
export function labPlanes(img: Rgb): [Plane, Plane, Plane] {
  const known = labOf.get(img)
  if (known) return known
  const n = img.width * img.height
  const planes = [plane(img.width, img.height), plane(img.width, img.height), plane(img.width, img.height)] as [Plane, Plane, Plane]
  const [L, A, B] = planes.map((p) => p.data) as [Float32Array, Float32Array, Float32Array]
  for (let i = 0; i < n; i++) labInto(img.data, i, L, A, B, i)
  labOf.set(img, planes)
  return planes
}

/** Pixel i of RGB bytes in Lab, written at k of the three channels' arrays (no array made per pixel). */
export function labInto(data: Uint8Array, i: number, L: Float32Array, A: Float32Array, B: Float32Array, k: number) {
  const out = linearToLab(linear(data[i * 3] ?? 0), linear(data[i * 3 + 1] ?? 0), linear(data[i * 3 + 2] ?? 0))
  L[k] = out[0] ?? 0
  A[k] = out[1] ?? 0
  B[k] = out[2] ?? 0
}

/** Each channel's weight in a colour's luminance (Rec. 601). */
export const LUMA = [0.299, 0.587, 0.114] as const

export const luminance = (img: Rgb): Plane => {
  const p = plane(img.width, img.height)
  for (let i = 0; i < p.data.length; i++) p.data[i] = (LUMA[0] * (img.data[i * 3] ?? 0) + LUMA[1] * (img.data[i * 3 + 1] ?? 0) + LUMA[2] * (img.data[i * 3 + 2] ?? 0)) / 255
  return p
}

/**
 * The value a share q (0-1) of some values lies below, 0 of none: the one a numeric sort would put
 * there, picked out without sorting the rest (a median of a person's clothing pixels sorted tens of
 * thousands of them, three times).
 */
export function quantile(values: ArrayLike<number>, q: number) {
  const sorted = Float64Array.from(values)
  const k = Math.floor(values.length * q)
  if (!(k >= 0 && k < sorted.length)) return 0
  // (a sort orders NaN and -0 as no comparison does: with any, it is sorted)
  for (const v of sorted) if (v !== v || (v === 0 && 1 / v < 0)) return sorted.sort()[k] ?? 0
  return kthSmallest(sorted, k)
}

/** The k-th smallest of some numbers (none NaN or -0), partly reordering them in place (Hoare's quickselect). */
function kthSmallest(a: Float64Array, k: number): number {
  let [lo, hi] = [0, a.length - 1]
  while (lo < hi) {
    const pivot = a[(lo + hi) >> 1]!
    let [i, j] = [lo, hi]
    while (i <= j) {
      while (a[i]! < pivot) i++
      while (a[j]! > pivot) j--
      if (i <= j) {
        const t = a[i]!
        a[i++] = a[j]!
        a[j--] = t
      }
    }
    // (now a[lo..j] <= pivot <= a[i..hi], and the values between them are the pivot)
    if (k <= j) hi = j
    else if (k >= i) lo = i
    else return pivot
  }
  return a[k]!
}

/** The median of some values (the upper one of an even count), 0 of none. */
export const median = (values: ArrayLike<number>) => quantile(values, 0.5)

/** The per-channel median of some colours, null of none. */
export function medianColour(colours: readonly (readonly number[])[]): [number, number, number] | null {
  if (colours.length === 0) return null
  const channel = (c: number) => median(colours.map((colour) => colour[c] ?? 0))
  return [channel(0), channel(1), channel(2)]
}

/** The per-channel median Lab colour of some pixels of an image, null of none. */
export const medianLab = (img: Rgb, pixels: number[]) => medianColour(pixels.map((i) => pixelLab(img, i)))

/** The straight-line distance between two L*a*b* colours (CIE76). */
export const labDistance = (a: readonly number[], b: readonly number[]) => Math.hypot((a[0] ?? 0) - (b[0] ?? 0), (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0))

/** How much lightness counts in `hueApart` and the measures like it (Lab). */
export const HUE_LIGHTNESS = 0.4

/** How far apart two Lab colours are, lightness counting less: light falls off across a garment, its hue does not. */
export const hueApart = (a: readonly number[], b: readonly number[]) => Math.hypot(((a[0] ?? 0) - (b[0] ?? 0)) * HUE_LIGHTNESS, (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0))

export function samplePlane(p: Plane, x: number, y: number): number {
  if (x < 0 || y < 0 || x > p.width - 1 || y > p.height - 1) return 0
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const x1 = Math.min(p.width - 1, x0 + 1)
  const y1 = Math.min(p.height - 1, y0 + 1)
  const fx = x - x0
  const fy = y - y0
  const w = p.width
  const d = p.data
  return ((d[y0 * w + x0] ?? 0) * (1 - fx) + (d[y0 * w + x1] ?? 0) * fx) * (1 - fy) + ((d[y1 * w + x0] ?? 0) * (1 - fx) + (d[y1 * w + x1] ?? 0) * fx) * fy
}

/** Channel c of an image at (x, y), bilinear (its last row and column repeat past its edge); x and y within the image. */
export function sampleRgb(img: Rgb, x: number, y: number, c: number): number {
  const w = img.width
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const x1 = Math.min(w - 1, x0 + 1)
  const y1 = Math.min(img.height - 1, y0 + 1)
  const fx = x - x0
  const fy = y - y0
  const d = img.data
  return ((d[(y0 * w + x0) * 3 + c] ?? 0) * (1 - fx) + (d[(y0 * w + x1) * 3 + c] ?? 0) * fx) * (1 - fy) + ((d[(y1 * w + x0) * 3 + c] ?? 0) * (1 - fx) + (d[(y1 * w + x1) * 3 + c] ?? 0) * fx) * fy
}

/** Resizes a plane (bilinear through sharp). */
export async function resizePlane(p: Plane, width: number, height: number): Promise<Plane> {
  if (p.width === width && p.height === height) return p
  const bytes = Buffer.from(Uint8Array.from(p.data, (v) => Math.round(Math.min(1, Math.max(0, v)) * 255)))
  const { data, info } = await sharp(bytes, { raw: { width: p.width, height: p.height, channels: 1 } })
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const out = new Float32Array(width * height)
  for (let i = 0; i < out.length; i++) out[i] = (data[i * info.channels] ?? 0) / 255
  return { width, height, data: out }
}
