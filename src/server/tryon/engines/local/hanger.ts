import { type Box, type Lab, type Plane, type Rgb, bounds, components, grownBox, isSet, morph, opened, pixelLab } from './raster'

/** Half-thickness (share of the garment's width) up to which a part is thin: a hook's wire, a tag's string, a wire hanger's bar, a strap. */
const THIN = 0.015
/** Half-width of the band about the centre line where a hanger's hook stands (share of the garment's width). */
const HOOK_BAND = 0.12
/** How far above the collar a hook rises at least (share of the garment's height). */
const HOOK_RISE = 0.03
/** How far below the garment's top a hanger's bar and clips reach (share of its height). */
const HANGER_REACH = 0.2
/** The thickest hanger bar floating over the backdrop (share of the garment's height). */
const BAR = 0.05
/** The largest colour step (Lab) within a hanger's part. */
const STEP = 12
/** Share of a hanger's pixels near a colour for it to be the hanger's. */
const HANGER_SHARE = 0.05
/** A hanger's edge (px) removed with it. */
const EDGE = 2
/** The largest swing tag (share of the garment's area). */
const TAG_AREA = 0.03
/** Share of the garment's pixels near a colour (within a Lab bin either way) for it to be the garment's fabric. */
const FABRIC_SHARE = 0.01
/** Lab bin size of the fabric's palette. */
const BIN = 8

/** The garment without its thin parts (opened by a square of radius r): where it is at least 2r + 1 thick. */
type Core = {
  /** 1 where the core is. */
  on: Uint8Array
  /** The other parts the opening left (a tag beyond its string, a wooden bar between straps): their labels and sizes. */
  labels: Int32Array
  sizes: number[]
  label: number
  /** The core's top row in each column (the frame's height where it has none). */
  top: Int32Array
  x0: number
  x1: number
  y0: number
  y1: number
  /** Its centre line, from its lower half (legs, hem), clear of anything hanging at the top. */
  cx: number
}

function coreOf(mask: Plane, r: number, box: Box): Core | null {
  const { width: w, height: h } = mask
  const within = grownBox(box, r + 1, mask)
  const { labels, sizes } = components(opened(mask, r, within))
  if (!sizes.length) return null
  const label = sizes.indexOf(Math.max(...sizes))
  const on = new Uint8Array(w * h)
  const top = new Int32Array(w).fill(h)
  let [x0, x1, y0, y1] = [w, -1, h, -1]
  for (let i = 0; i < w * h; i++) {
    if (labels[i] !== label) continue
    on[i] = 1
    const x = i % w
    const y = (i - x) / w
    if (top[x] === h) top[x] = y
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = y
  }
  let sum = 0
  let n = 0
  for (let y = Math.round((y0 + y1) / 2); y <= y1; y++)
    for (let x = x0; x <= x1; x++)
      if (on[y * w + x]) {
        sum += x
        n++
      }
  return { on, labels, sizes, label, top, x0, x1, y0, y1, cx: n ? sum / n : (x0 + x1) / 2 }
}

/** Whether a colour is near (a Lab bin either way) a share of at least `share` of the colours. */
function palette(colours: Lab[], share: number): (c: Lab) => boolean {
  const bins = new Uint32Array(14 * 34 * 34)
  const index = (c: Lab) => Math.floor(c[0] / BIN) * 34 * 34 + Math.floor((c[1] + 136) / BIN) * 34 + Math.floor((c[2] + 136) / BIN)
  for (const c of colours) {
    const k = index(c)
    bins[k] = (bins[k] ?? 0) + 1
  }
  return (c) => {
    const k = index(c)
    let near = 0
    for (const dl of [-1, 0, 1]) for (const da of [-1, 0, 1]) for (const db of [-1, 0, 1]) near += bins[k + dl * 34 * 34 + da * 34 + db] ?? 0
    return near >= colours.length * share
  }
}

/**
 * Whether a colour is the garment's fabric: near the colours of a good share of its core below the
 * top (where a hanger's bar lies). A print's colours are fabric; a hanger's wood, metal or plastic
 * and a card tag, unless the garment is made of their colour, are not.
 */
function fabricPalette(img: Rgb, core: Core): (c: Lab) => boolean {
  const w = img.width
  const colours: Lab[] = []
  for (let y = Math.round(core.y0 + (core.y1 - core.y0) * HANGER_REACH); y <= core.y1; y += 3)
    for (let x = core.x0; x <= core.x1; x += 3) if (core.on[y * w + x]) colours.push(pixelLab(img, y * w + x))
  return palette(colours, FABRIC_SHARE)
}

/** A pixel's Lab colour, computed once. */
function labMemo(img: Rgb): (i: number) => Lab {
  const known = new Map<number, Lab>()
  return (i) => {
    let c = known.get(i)
    if (!c) known.set(i, (c = pixelLab(img, i)))
    return c
  }
}

/** A test of pixel i, computed once. */
function memo(size: number, test: (i: number) => boolean): (i: number) => boolean {
  const known = new Int8Array(size)
  return (i) => {
    if (!known[i]) known[i] = test(i) ? 1 : -1
    return known[i] === 1
  }
}

/** Marks the pixels reached from `seeds` through pixels that `pass` lets in from a marked neighbour (8-neighbours); returns those it marked. */
function grow(seeds: number[], marked: Uint8Array, w: number, pass: (j: number, from: number) => boolean): number[] {
  const stack = [...seeds]
  const reached = [...seeds]
  for (const i of seeds) marked[i] = 1
  for (let i = stack.pop(); i !== undefined; i = stack.pop()) {
    const x = i % w
    for (let dy = -w; dy <= w; dy += w)
      for (let dx = x > 0 ? -1 : 0; dx <= (x < w - 1 ? 1 : 0); dx++) {
        const j = i + dy + dx
        if (j < 0 || j >= marked.length || marked[j] || !pass(j, i)) continue
        marked[j] = 1
        stack.push(j)
        reached.push(j)
      }
  }
  return reached
}

/**
 * A hanger: its hook, a thin part rising at the top centre well above the collar; what joins it
 * above the garment's core where it is thin in its column (a wire bar along the shoulders; a strap
 * runs on down to the body and stays) or floats over the backdrop (a bar between straps, past the
 * shoulders, above a waistband); then, near the outline and up to its reach, the pixels of a colour
 * running on from those, which is not the fabric's (a wooden bar's ends, a stem, a clip). Marks
 * them in `removed`; false when there is no hook.
 */
function markHanger(img: Rgb, mask: Plane, core: Core, r: number, fabric: () => (c: Lab) => boolean, removed: Uint8Array): boolean {
  const w = mask.width
  const W = core.x1 - core.x0 + 1
  const H = core.y1 - core.y0 + 1
  const band = { l: Math.max(0, Math.ceil(core.cx - W * HOOK_BAND)), r: Math.min(w - 1, Math.floor(core.cx + W * HOOK_BAND)) }
  let collar = mask.height
  for (let x = band.l; x <= band.r; x++) collar = Math.min(collar, core.top[x] ?? mask.height)
  const reach = Math.min(mask.height - 1, Math.round(core.y0 + H * HANGER_REACH))
  // The highest part there standing on the core (not a speck beside the garment), grown from its tip.
  const above = new Uint8Array(mask.data.length)
  const tip = hookTip(mask, core, band, collar - H * HOOK_RISE, reach, above)
  if (tip < 0) return false
  const candidate = new Uint8Array(mask.data.length)
  const mark = (x: number, top: number, length: number) => {
    for (let y = top; y < top + length; y++) candidate[y * w + x] = 1
  }
  // Above the core, down each column: a long run outside the band down to the core is a strap, and
  // the top of the straps (or else of the core beside the band) is the level the hook rises above.
  const runs = columnRuns(above, w, reach)
  const thin = 2 * r + 1
  const outside = (x: number) => x < band.l || x > band.r
  const straps = runs.filter((run) => outside(run.x) && run.length > thin && run.top + run.length === core.top[run.x])
  let level = straps.length ? Math.min(...straps.map((run) => run.top)) : mask.height
  if (!straps.length) for (let x = core.x0; x <= core.x1; x++) if (outside(x)) level = Math.min(level, core.top[x] ?? mask.height)
  for (const run of runs) if (run.top < level - r || run.length <= thin) mark(run.x, run.top, run.length)
  // A run down a column ending over the backdrop within the reach, no thicker than a bar.
  const onMask = new Uint8Array((reach + 1) * w)
  for (let i = 0; i < onMask.length; i++) onMask[i] = isSet(mask, i) ? 1 : 0
  for (const run of columnRuns(onMask, w, reach)) if (run.top + run.length <= reach && run.length <= H * BAR) mark(run.x, run.top, run.length)
  grow([tip], removed, w, (i) => candidate[i] === 1)
  // The rest of a bar of the hanger's colours (its ends beyond straps it passes behind), then on
  // from all that by colour.
  const isFabric = fabric()
  const lab = labMemo(img)
  const fabricAt = memo(removed.length, (i) => isFabric(lab(i)))
  // (all of it lies within the reach, its edges a little below)
  const marked = () => {
    const pixels: number[] = []
    for (let i = 0; i < Math.min(removed.length, (reach + EDGE + 2) * w); i++) if (removed[i]) pixels.push(i)
    return pixels
  }
  const shaped = marked()
  const isHanger = palette(shaped.map(lab), HANGER_SHARE)
  const hangerAt = memo(removed.length, (i) => isHanger(lab(i)) && !fabricAt(i))
  for (let i = 0; i < (reach + 1) * w; i++) if (candidate[i] && !removed[i] && hangerAt(i)) shaped.push(i)
  const deep = morph(mask, -4 * r, grownBox({ x0: 0, y0: 0, x1: w - 1, y1: reach }, 1, mask))
  grow(shaped, removed, w, (j, i) => {
    if (j > reach * w + w || !isSet(mask, j) || isSet(deep, j)) return false
    const [c, from] = [lab(j), lab(i)]
    return Math.hypot(c[0] - from[0], c[1] - from[1], c[2] - from[2]) < STEP && hangerAt(j)
  })
  // and its edges blended with the backdrop (those blended with the fabric stay with it).
  for (const i of marked())
    for (let dy = -EDGE; dy <= EDGE; dy++)
      for (let dx = -EDGE; dx <= EDGE; dx++) {
        const j = i + dy * w + dx
        if (j >= 0 && j < removed.length && !removed[j] && Math.abs((j % w) - (i % w)) <= EDGE && isSet(mask, j) && !fabricAt(j)) removed[j] = 1
      }
  return true
}

/**
 * The first pixel (by rows, within the band's columns, above row `below`) of a part above the core
 * that stands on it, or -1; that part marked in `above`.
 */
function hookTip(mask: Plane, core: Core, band: { l: number; r: number }, below: number, reach: number, above: Uint8Array): number {
  const w = mask.width
  const standsOn = (i: number) => core.on[i + w] === 1 || core.on[i - 1] === 1 || core.on[i + 1] === 1
  const seen = new Uint8Array(above.length)
  for (let y = 0; y < below; y++)
    for (let x = band.l; x <= band.r; x++) {
      const tip = y * w + x
      if (seen[tip] || !isSet(mask, tip)) continue
      const part = grow([tip], seen, w, (i) => i < (core.top[i % w] ?? 0) * w && i <= reach * w + (i % w) && isSet(mask, i))
      if (!part.some(standsOn)) continue
      for (const i of part) above[i] = 1
      return tip
    }
  return -1
}

/** The runs of set pixels down each column of `bits`, from the top to row `last`, top run first. */
function columnRuns(bits: Uint8Array, w: number, last: number): { x: number; top: number; length: number }[] {
  const runs: { x: number; top: number; length: number }[] = []
  for (let x = 0; x < w; x++) {
    let start = -1
    for (let y = 0; y <= last + 1; y++) {
      const on = y <= last && bits[y * w + x] === 1
      if (on && start < 0) start = y
      if (!on && start >= 0) {
        runs.push({ x, top: start, length: y - start })
        start = -1
      }
    }
  }
  return runs
}

/**
 * Swing tags: parts beyond a thin neck (left apart from the core by the opening), small and not
 * the fabric's colour, with their strings (thin, not the fabric's colour either). A tie's knot or
 * a tassel of the garment's own fabric stays.
 */
function markTags(img: Rgb, mask: Plane, core: Core, fabric: () => (c: Lab) => boolean, removed: Uint8Array): boolean {
  const coreArea = core.sizes[core.label] ?? 0
  const small = (k: number) => k !== core.label && (core.sizes[k] ?? 0) <= coreArea * TAG_AREA
  if (!core.sizes.some((_, k) => small(k))) return false
  const parts = new Map<number, number[]>()
  core.labels.forEach((k, i) => {
    if (k < 0 || !small(k)) return
    const part = parts.get(k)
    if (part) part.push(i)
    else parts.set(k, [i])
  })
  let found = false
  for (const pixels of parts.values()) {
    const isFabric = fabric()
    const colours = pixels.filter((_, n) => n % 7 === 0).map((i) => pixelLab(img, i))
    if (colours.filter(isFabric).length > colours.length / 2) continue
    found = true
    grow(pixels, removed, mask.width, (i) => isSet(mask, i) && !core.on[i] && !isFabric(pixelLab(img, i)))
  }
  return found
}

/**
 * Puts back the short runs of removed pixels along a row with the garment on both sides: where a
 * hook's stem or a string lay over the fabric, the fabric is behind it (no notch in the outline).
 */
function keepFlanked(mask: Plane, removed: Uint8Array, longest: number) {
  const w = mask.width
  const kept = (i: number) => isSet(mask, i) && !removed[i]
  for (let y = 0; y < mask.height; y++) {
    const row = y * w
    for (let x = 1; x < w - 1; x++) {
      if (!removed[row + x] || removed[row + x - 1]) continue
      let end = x
      while (end < w - 1 && removed[row + end + 1]) end++
      if (end - x < longest && kept(row + x - 1) && kept(row + end + 1)) removed.fill(0, row + x, row + end + 1)
      x = end
    }
  }
}

/**
 * The pixels of the hanger a garment hangs on (hook, bar, clips) and of swing tags in what was
 * found of it, or null when there are none. They are not garment, and a hook would raise the neck and shoulders read from the mask and be drawn
 * on the person. Straps, sleeves, ties and belts are the garment's: thin but long and running down
 * to the body, or of its fabric.
 */
export function hangerAndTags(img: Rgb, found: Plane): Uint8Array | null {
  const box = bounds(found)
  if (box.x1 < 0) return null
  const r = Math.max(2, Math.round((box.x1 - box.x0 + 1) * THIN))
  const core = coreOf(found, r, box)
  if (!core) return null
  let palette: ((c: Lab) => boolean) | null = null
  const fabric = () => (palette ??= fabricPalette(img, core))
  const removed = new Uint8Array(found.data.length)
  const hanger = markHanger(img, found, core, r, fabric, removed)
  const tags = markTags(img, found, core, fabric, removed)
  if (!hanger && !tags) return null
  keepFlanked(found, removed, 2 * r + 1)
  return removed
}
