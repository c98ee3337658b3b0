import { type GarmentCategory, TryOnError } from '../../engine'
import type { GarmentModel } from './analysis-schemas'
import { type Point, add, dist, mid, norm, pt, scale, side, sub } from './geometry'
import { backdropOf, photoOnCanvas } from './backdrop'
import { hangerAndTags } from './hanger'
import { dropShadow } from './drop-shadow'
import { withoutBackdropEdge } from './garment-edge'
import { insideBack } from './garment-neckline'
import { ENGINE_ERRORS } from './messages'
import { type Lab, type Plane, type Rgb, bounds, closed, components, edgeShare, fillHoles, hueApart, isSet, keepLargest, labDistance, mapPlane, median, medianColour, morph, opened, pixelLab, plane, quantile, threshold } from './raster'

/**
 * The garment model: its silhouette (mask), type and landmarks found on the mask. The landmarks
 * split it into parts: torso (between the shoulder-armpit lines), the two sleeves outside them,
 * and for a dress the skirt below the waist. "L"/"R" are image left/right.
 */
export type { GarmentLandmarks, GarmentModel } from './analysis-schemas'

/**
 * A garment photo's masks: its `outline`, which its model is read from, and the mask it is `drawn`
 * with, which differs only for a print with backdrop-coloured parts: its pale blended rim peeled.
 * (The landmarks are read before: peeled, a striped garment's outline had notches that read as
 * armpits and sleeve ends.) `pale`: the drawn mask's pixels of the backdrop's colour that were not
 * found as garment (a slit closed, a hole filled), when the garment is not of that colour itself.
 */
export type GarmentMasks = { outline: Plane; drawn: Plane; pale: Plane | null }

/** The masks of a garment drawn with its whole outline. */
const drawnWhole = (mask: Plane): GarmentMasks => ({ outline: mask, drawn: mask, pale: null })

/**
 * The garment's silhouette in a product photo, by classical means: what differs from the backdrop
 * seen on the photo's border (studio white, grey or colour; within the canvas a shop padded the
 * photo onto, see `photoOnCanvas`), opened against noise and shadows,
 * slits bridged and closed, the largest part with its holes filled (a white garment on white
 * still has an outline of seams and shade that closes). A cut-out's own alpha, when it has one,
 * is taken as is.
 */
export function garmentMasks(img: Rgb, alpha: Plane | null): GarmentMasks {
  // (a cut-out's transparent gaps are gaps, as between a long sleeve and the skirt it touches; only pinholes are mended)
  if (alpha) {
    const cut = threshold(alpha, 0.5)
    const mask = withAlphaEdge(withoutBriefs(fillHoles(keepLargest(withoutHanger(cut, hangerAndTags(img, cut))), alpha.data.length * 0.001)), alpha)
    return drawnWhole(mask)
  }
  const backdrop = backdropOf(img, photoOnCanvas(img) ?? undefined)
  const found = opened(backdrop.apart, 2)
  const { outline, drawn, pale } = withoutFringe(img, closedWhole(img, found), found, backdrop.colour)
  const shaped = withoutBriefs(outline)
  return { outline: shaped, drawn: drawn === outline ? shaped : mapPlane(shaped, (v, i) => Math.min(v, drawn.data[i]!)), pale }
}

/**
/**
 * A cut-out's mask with the cut-out's own soft edge: the pixel on either side of the outline takes
 * its alpha (the binary outline's steps showed as a sawtooth along a drawn garment's edge). Outside
 * the outline it stays under half, as there before: a hanger taken off does not come back as a rim.
 */
function withAlphaEdge(mask: Plane, alpha: Plane): Plane {
  const [outer, inner] = [morph(mask, 1), morph(mask, -1)]
  return mapPlane(mask, (v, i) => (isSet(outer, i) && !isSet(inner, i) ? Math.min(alpha.data[i] ?? 0, v ? 1 : 0.49) : v))
}

/** Clears the hanger's and tags' pixels (when found) from a mask. */
function withoutHanger(mask: Plane, hanger: Uint8Array | null): Plane {
  if (hanger) hanger.forEach((v, i) => v && (mask.data[i] = 0))
  return mask
}

/**
 * The largest part, closed, slits bridged, without a hanger or tags, holes filled. The hanger is
 * found before the slits are bridged (a bar a little above a neckline or a waistband would be
 * joined to it) and left out after (a bar's blended edges would be).
 */
function closedWhole(img: Rgb, found: Plane): Plane {
  const shut = closed(found, 2)
  const hanger = hangerAndTags(img, shut)
  const whole = keepLargest(withoutHanger(bridgeSlits(shut, Math.round(img.height * 0.02)), hanger))
  return withLegGap(fillHoles(whole), whole)
}

/**
 * Trousers' gap between the legs, as holes: each at most this wide (of the garment's width) and
 * `slender` times taller than wide, this near its centre line, together this tall (of its height),
 * and closed at the hems by a bridge at most `bridge` of its height, below which is the backdrop
 * again (where the hems touch at their corners; a pale stripe down a top runs on into fabric).
 */
const LEG_GAP = { wide: 0.15, slender: 4, near: 0.1, tall: 0.3, bridge: 0.04 }

/**
 * The mask with the gap between trousers' legs open again where filling the holes closed it: on a
 * small or coarse photo (300 px wide, JPEG) the legs touch at their hems and JPEG's ringing bridges
 * the gap here and there, so that it is a row of narrow holes down the centre line (the striped
 * trousers were read as a dress). Those holes, and the bridges between them, are the backdrop.
 */
function withLegGap(filled: Plane, unfilled: Plane): Plane {
  const box = bounds(filled)
  if (box.x1 < 0) return filled
  const [W, H, w] = [box.x1 - box.x0 + 1, box.y1 - box.y0 + 1, filled.width]
  const cx = (box.x0 + box.x1) / 2
  // (none in the lower half near the centre line: nothing to open, the common case)
  let near = false
  for (let y = box.y0 + Math.round(H / 2); y <= box.y1 && !near; y++)
    for (let i = y * w + Math.round(cx - W * LEG_GAP.near); i <= y * w + Math.round(cx + W * LEG_GAP.near); i++) if (isSet(filled, i) && !isSet(unfilled, i)) near = true
  if (!near) return filled
  const holes = plane(filled.width, filled.height)
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (isSet(filled, i) && !isSet(unfilled, i)) holes.data[i] = 1
  const { labels, sizes } = components(holes)
  const spans = sizes.map(() => ({ x0: Infinity, x1: -Infinity, y0: Infinity, y1: -Infinity }))
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0, i = y * w + x; x <= box.x1; x++, i++) {
      const span = spans[labels[i]!]
      if (span) [span.x0, span.x1, span.y0, span.y1] = [Math.min(span.x0, x), Math.max(span.x1, x), Math.min(span.y0, y), Math.max(span.y1, y)]
    }
  const gap = spans
    .map((span, label) => ({ ...span, label }))
    .filter((s) => s.x1 - s.x0 < W * LEG_GAP.wide && s.y1 - s.y0 >= (s.x1 - s.x0 + 1) * LEG_GAP.slender && Math.abs((s.x0 + s.x1) / 2 - cx) < W * LEG_GAP.near && s.y1 > box.y0 + H / 2)
  if (!gap.length) return filled
  const [top, bottom] = [Math.min(...gap.map((s) => s.y0)), Math.max(...gap.map((s) => s.y1))]
  if (bottom - top < H * LEG_GAP.tall) return filled
  const inGap = new Set(gap.map((s) => s.label))
  /** The first and last columns of the gap's holes on row y, null where they have none. */
  const holesOn = (y: number): [number, number] | null => {
    let [l, r] = [Infinity, -Infinity]
    for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (inGap.has(labels[i]!)) [l, r] = [Math.min(l, i % w), Math.max(r, i % w)]
    return l <= r ? [l, r] : null
  }
  // (down the middle of the gap's last row, through the bridge to the backdrop)
  const [l, r] = holesOn(bottom)!
  let below = bottom + 1
  while (below <= box.y1 && isSet(filled, below * w + Math.round((l + r) / 2))) below++
  if (below > box.y1 || below - bottom - 1 > H * LEG_GAP.bridge) return filled
  const out = { ...filled, data: filled.data.slice() }
  // Row by row, the gap's columns: its holes' there, or between the rows above and below that have them (a bridge).
  const rows = Array.from({ length: bottom - top + 1 }, (_, k) => holesOn(top + k))
  rows.forEach((row, k) => {
    let [above, below] = [k, k]
    while (!rows[above]) above--
    while (!rows[below]) below++
    const [l, r] = row ?? [Math.min(rows[above]![0], rows[below]![0]), Math.max(rows[above]![1], rows[below]![1])]
    out.data.fill(0, (top + k) * w + l, (top + k) * w + r + 1)
  })
  return out
}

/** Edge pixels peeled at most (the soft edge and a packshot's drop shadow), and from a print with backdrop-coloured parts. */
const FRINGE = 8
const PRINTED_FRINGE = 2
/** How far in a print's edge pixel is compared with the garment (pixels). */
const INWARD = 3
/** A drop shadow: beside a garment this far from the backdrop's hue (Lab a, b), at most this much darker (L), peeled this deep at most. */
const SHADOW = { colourful: 15, depth: 40, fringe: 20 }

/**
 * The garment without its fringe: edge pixels whose colour is much nearer the backdrop's than the
 * garment's own (the blend of a soft edge, a drop shadow beside it), which would draw a pale halo
 * around it on the person. A garment close to its backdrop's colour (white on white) keeps its edge;
 * a print with backdrop-coloured parts keeps its outline and is drawn without its blended rim.
 */
function withoutFringe(img: Rgb, mask: Plane, found: Plane, backdrop: [number, number, number]): GarmentMasks {
  const { width: w, height: h } = mask
  // (one closure per plane: a helper taking the plane, shared by them, cost a garment's analysis 30 ms)
  const on = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && isSet(mask, y * w + x)
  // The garment's own colour: its pixels well inside the edge (6 px each way).
  const samples: [number, number, number][] = []
  for (let y = 0; y < h; y += 5)
    for (let x = 0; x < w; x += 5) if (on(x, y) && on(x - 6, y) && on(x + 6, y) && on(x, y - 6) && on(x, y + 6)) samples.push(pixelLab(img, y * w + x))
  if (samples.length < 100) return drawnWhole(mask)
  const own = medianColour(samples) ?? [0, 0, 0]
  const apart = (c: [number, number, number], d: [number, number, number]) => Math.hypot(c[0] - d[0], c[1] - d[1], c[2] - d[2])
  // (or the backdrop in the garment's shadow: beside a coloured garment, the backdrop's hue a little
  // darker, though nearer the garment in lightness)
  const hueApart = (c: [number, number, number], d: [number, number, number]) => Math.hypot(c[1] - d[1], c[2] - d[2])
  const coloured = hueApart(own, backdrop) > SHADOW.colourful
  const shadowLike = (c: [number, number, number]) => coloured && c[0] > backdrop[0] - SHADOW.depth && hueApart(c, backdrop) < hueApart(c, own) * 0.5
  const backdropLike = (c: [number, number, number]) => apart(c, backdrop) < apart(c, own) * 0.7 || shadowLike(c)
  if (apart(own, backdrop) < 25) return drawnWhole(mask)
  const pale = (drawn: Plane) => mapPlane(drawn, (v, i) => (v >= 0.5 && !isSet(found, i) && backdropLike(pixelLab(img, i)) ? 1 : 0))
  const out = { ...mask, data: Float32Array.from(mask.data) }
  const edge = (i: number) => {
    const x = i % w
    return isSet(out, i) && (x === 0 || x === w - 1 || i < w || i >= w * (h - 1) || !isSet(out, i - 1) || !isSet(out, i + 1) || !isSet(out, i - w) || !isSet(out, i + w))
  }
  const stays = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && isSet(out, y * w + x)
  /** Peels layer after layer, the first from the whole edge, each next from beside the last; `peelable` per pass. */
  const peel = (passes: number, peelable: (i: number, pass: number) => boolean) => {
    let candidates: number[] = []
    for (let i = 0; i < w * h; i++) if (edge(i)) candidates.push(i)
    for (let pass = 0; pass < passes && candidates.length; pass++) {
      const peeled = candidates.filter((i) => edge(i) && peelable(i, pass))
      for (const i of peeled) out.data[i] = 0
      candidates = [...new Set(peeled.flatMap((i) => [i - 1, i + 1, i - w, i + w]))].filter((i) => i >= 0 && i < w * h && isSet(out, i))
    }
    return out
  }
  // A print with backdrop-coloured parts (a zebra's white stripes) would be eaten from its edges:
  // only its drop shadow, told by its shape, goes from its outline, and its soft edge's blend is
  // drawn without, a pixel unlike the garment a few pixels further in.
  if (samples.filter(backdropLike).length > samples.length * 0.05) {
    const shadow = dropShadow(img, mask, backdrop)
    for (let i = 0; i < w * h; i++) if (isSet(shadow, i)) out.data[i] = 0
    // (what the shadow cut off round a corner, where it darkens along neither a row nor a column, goes with it)
    out.data.set(keepLargest(out).data)
    const outline = { ...out, data: Float32Array.from(out.data) }
    const onOutline = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && isSet(outline, y * w + x)
    const blend = (i: number) => {
      const x = i % w
      const y = (i - x) / w
      // (outwards: off what is left of the garment; inwards: on it)
      const inward = [[1, 0], [-1, 0], [0, 1], [0, -1]].find(([dx, dy]) => !stays(x - dx!, y - dy!) && onOutline(x + dx! * INWARD, y + dy! * INWARD))
      return inward !== undefined && apart(pixelLab(img, i), pixelLab(img, (y + inward[1]! * INWARD) * w + x + inward[0]! * INWARD)) > 12
    }
    const drawn = peel(PRINTED_FRINGE, (i) => backdropLike(pixelLab(img, i)) && blend(i))
    return { outline, drawn, pale: pale(drawn) }
  }
  // (a shadow may be wider than a soft edge: its darker part, the backdrop's hue, goes further)
  const peeled = peel(SHADOW.fringe, (i, pass) => (pass < FRINGE ? backdropLike : shadowLike)(pixelLab(img, i)))
  return { outline: peeled, drawn: peeled, pale: pale(peeled) }
}

/**
 * A bodysuit without its briefs: they are worn under the bottoms, so it tries on as a top ending
 * where its leg openings begin. Briefs show as the torso curving in, below mid-height, to a crotch
 * a fraction of its width that keeps that width for a while (a V-shaped hem narrows to a point).
 */
function withoutBriefs(mask: Plane): Plane {
  const box = bounds(mask)
  if (box.x1 < 0) return mask
  const H = box.y1 - box.y0 + 1
  const cx = (box.x0 + box.x1) / 2
  const width = (y: number) => {
    const r = centralRun(mask, y, cx)
    return r && r.l <= cx && cx <= r.r ? r.r - r.l + 1 : 0
  }
  const mid = box.y0 + Math.round(H * 0.5)
  if (!width(mid)) return mask
  const torso = median(Array.from({ length: Math.round(H * 0.2) }, (_, k) => width(box.y0 + Math.round(H * 0.35) + k)))
  const bottom = bottomOfColumn(mask, cx, mid, box.y1)
  const crotch = (y: number) => width(y) >= torso * 0.1 && width(y) <= torso * 0.45
  // (above the crotch's rounded lowest rows; its sides run nearly parallel there, a V's meet)
  const low = bottom - Math.round(H * 0.01)
  if (!crotch(low) || width(low) < width(bottom - Math.round(H * 0.03)) * 0.75) return mask
  let top = low
  while (top > mid && crotch(top - 1)) top--
  if (bottom - top < H * 0.06) return mask
  // The leg openings begin on the last row (going down) with nearly the torso's full width, and
  // curve in over a while (a hem's fringe or a dangling flower steps in at once).
  let cut = top
  while (cut > mid && width(cut) < torso * 0.9) cut--
  if (cut <= mid || top - cut < H * 0.03) return mask
  const out = { ...mask, data: Float32Array.from(mask.data) }
  for (let y = cut + 1; y <= bottom; y++) {
    const r = centralRun(mask, y, cx)
    if (r) out.data.fill(0, y * mask.width + r.l, y * mask.width + r.r + 1)
  }
  return out
}

/**
 * Fills the short vertical gaps of each column: thin horizontal slits cut into the silhouette by
 * stripes as light as the background. (Slits between a sleeve and the torso run down, not across.)
 */
function bridgeSlits(mask: Plane, gap: number): Plane {
  const { width: w, height: h } = mask
  const out = { ...mask, data: Float32Array.from(mask.data) }
  for (let x = 0; x < w; x++) {
    let last = -1
    for (let y = 0; y < h; y++) {
      if (!isSet(mask, y * w + x)) continue
      if (last >= 0 && y - last > 1 && y - last <= gap) for (let k = last + 1; k < y; k++) out.data[k * w + x] = 1
      last = y
    }
  }
  return out
}

/** Armpit-to-hem length over chest width above which an unlabelled garment is a dress. */
const DRESS_LENGTH_RATIO = 1.9
/** Armhole depth (shoulder line to armpit) over chest width, for sleeves hanging against the torso where no outline shows the armpit. */
const ARMHOLE_DEPTH_RATIO = 0.5
/** The deepest armhole (shoulder line to armpit) over chest width that a sleeve's join to the torso can be. */
const DEEPEST_ARMHOLE_RATIO = 1.3

type Run = { l: number; r: number }
type Edge = 'l' | 'r'
const outwards = (edge: Edge) => (edge === 'l' ? -1 : 1)

/** The run of mask pixels on row y that contains (or is nearest to) column cx. */
function centralRun(mask: Plane, y: number, cx: number): Run | null {
  const w = mask.width
  const row = y * w
  let best: Run | null = null
  let bestDist = Infinity
  let x = 0
  while (x < w) {
    while (x < w && !isSet(mask, row + x)) x++
    if (x >= w) break
    const l = x
    while (x < w && isSet(mask, row + x)) x++
    const r = x - 1
    const d = cx < l ? l - cx : cx > r ? cx - r : 0
    if (d < bestDist) {
      bestDist = d
      best = { l, r }
    }
  }
  return best
}

/**
 * The garment's span on row y for its outline: the run through the centre column or, where the
 * centre is a neckline between straps or collar points (rows above its bottom), from the nearest run on
 * its left to the nearest on its right, so that a neckline's bottom is not read as the armpits.
 */
function spanRun(mask: Plane, y: number, cx: number, upper: boolean): Run | null {
  const central = centralRun(mask, y, cx)
  if (!upper || !central || (central.l <= cx && cx <= central.r)) return central
  const row = y * mask.width
  let l = -1
  for (let x = Math.round(cx); x >= 0 && l < 0; x--) if (isSet(mask, row + x)) l = x
  let r = -1
  for (let x = Math.round(cx); x < mask.width && r < 0; x++) if (isSet(mask, row + x)) r = x
  if (l < 0 || r < 0) return central
  // (both are runs: l and r are on the mask)
  const left = centralRun(mask, y, l)
  const right = centralRun(mask, y, r)
  if (!left || !right) return central
  return { l: left.l, r: right.r }
}

/** The width of the background run through column cx on row y. */
function gapAround(mask: Plane, y: number, cx: number) {
  const row = y * mask.width
  let l = Math.round(cx)
  let r = l
  while (l > 0 && !isSet(mask, row + l - 1)) l--
  while (r < mask.width - 1 && !isSet(mask, row + r + 1)) r++
  return r - l + 1
}

/** Whether row y has garment from column x0 to x1. */
function maskBetween(mask: Plane, y: number, x0: number, x1: number) {
  for (let x = Math.max(0, x0); x <= Math.min(mask.width - 1, x1); x++) if (isSet(mask, y * mask.width + x)) return true
  return false
}

/** Whether row y has garment beside the run on both sides (sleeves hanging free of the torso). */
const flankedOnBothSides = (mask: Plane, y: number, run: Run) => maskBetween(mask, y, 0, run.l - 2) && maskBetween(mask, y, run.r + 2, mask.width - 1)

/** Whether row y has garment beside the run within `reach` (more than a pixel away from it). */
const garmentBeside = (mask: Plane, y: number, run: Run, reach: Run) => maskBetween(mask, y, reach.l, run.l - 2) || maskBetween(mask, y, run.r + 2, reach.r)

/**
 * The torso's centre line. Rows where both sleeves hang free of the torso give it exactly; else the
 * torso's lowest quarter (higher up, a sleeve hanging against one side only makes rows lopsided;
 * one may hang against it down to near the hem, so free rows win).
 */
function torsoCentre(mask: Plane, runs: (Run | null)[], y0: number, hemY: number, cx: number) {
  const through = (r: Run | null): r is Run => r !== null && r.l <= cx && cx <= r.r
  const free: number[] = []
  for (let y = y0; y <= hemY; y++) {
    const r = centralRun(mask, y, cx)
    if (through(r) && flankedOnBothSides(mask, y, r)) free.push((r.l + r.r) / 2)
  }
  if (free.length > (hemY - y0) * 0.03) return median(free)
  const middles = runs.slice(Math.round((hemY - y0) * 0.75), hemY - y0).flatMap((r) => (through(r) ? [(r.l + r.r) / 2] : []))
  return middles.length ? median(middles) : cx
}

/** The torso's run on row y: the run through the centre column (none below the hem or in the neckline). */
function torsoRun(mask: Plane, y: number, cx: number): Run | null {
  const run = centralRun(mask, y, Math.round(cx))
  return run && run.l <= cx && cx <= run.r ? run : null
}

const topOfColumn = (mask: Plane, x: number, y0: number, y1: number) => {
  const cx = Math.round(x)
  for (let y = y0; y <= y1; y++) if (isSet(mask, y * mask.width + cx)) return y
  return y0
}

/** The lowest pixel of the centre column's stretch through row `from` (the hem, not cuffs hanging lower), or y1 when `from` is off the mask. */
function bottomOfColumn(mask: Plane, x: number, from: number, y1: number) {
  const at = (y: number) => isSet(mask, y * mask.width + Math.round(x))
  if (!at(from)) return y1
  let y = from
  while (y < y1 && at(y + 1)) y++
  return y
}

/** How far outside the run's edge on row y the nearest mask pixel lies (up to limit), or null. */
function gapBeside(mask: Plane, run: Run, y: number, edge: Edge, limit: number): number | null {
  for (let d = 1; d <= limit; d++) {
    const x = run[edge] + outwards(edge) * d
    if (x < 0 || x >= mask.width) return null
    if (isSet(mask, y * mask.width + x)) return d
  }
  return null
}

/**
 * Whether the sleeve joining the torso at row y hangs down against it: its part below the join
 * stays close beside the torso down to its lowest row (a tee's sleeve, even drooping, runs out).
 */
function hangsBeside(mask: Plane, runs: (Run | null)[], y0: number, y: number, edge: Edge, W: number): boolean {
  const gaps: number[] = []
  for (let d = 1; y + d - y0 < runs.length; d++) {
    const run = runs[y + d - y0]
    const g = run ? gapBeside(mask, run, y + d, edge, Math.round(W * 0.3)) : null
    if (g === null) break
    gaps.push(g)
  }
  return gaps.length > runs.length * 0.1 && median(gaps) < gaps.length / 2
}

type Armpit = { y: number; x: number; sleeved: boolean; hanging: boolean }

/**
 * Finds the armpit on one side: going up from the hem, where the torso's edge moves outwards
 * within a few rows (a sleeve joins). A sleeve hanging against the torso joins it at the top of the
 * slit between them, well below the armpit: that join gives the torso's side, not the armpit's height.
 */
function findArmpit(mask: Plane, runs: (Run | null)[], y0: number, H: number, W: number, hemY: number, cx: number, neckline: number, edge: Edge, sleeveless: boolean): Armpit {
  const sign = outwards(edge)
  const span = Math.max(2, Math.round(H * 0.02))
  const edgeAt = (y: number) => runs[y - y0]?.[edge]
  const to = y0 + Math.round(H * 0.08)
  for (let y = hemY - span; y > to && !sleeveless; y--) {
    const base = edgeAt(y + span)
    const here = edgeAt(y)
    if (base === undefined || here === undefined || (here - base) * sign <= W * 0.05) continue
    // The sleeve joins on the lowest row of the window whose edge has moved out.
    let join = y + span - 1
    while (join > y && ((edgeAt(join) ?? base) - base) * sign <= 2) join--
    const armpit = { y: join + 1, x: base }
    if (hangsBeside(mask, runs, y0, armpit.y, edge, W)) return { ...armpit, sleeved: true, hanging: true }
    // (lower down, an edge moving out is a flounce or a ruffle)
    if (armpit.y <= y0 + H * 0.72) return { ...armpit, sleeved: true, hanging: false }
  }
  // Sleeves hanging against the torso all the way down show only below the hem: their inner edges,
  // followed up from the cuffs to where they meet the torso, give the torso's sides (cuffs often
  // angle outwards further down).
  const cuffRow = y0 + runs.length - 1 - Math.round(H * 0.02)
  const cuff = !sleeveless && cuffRow > hemY + H * 0.05 ? gapBeside(mask, { l: Math.round(cx), r: Math.round(cx) }, cuffRow, edge, Math.round(W * 0.5)) : null
  if (cuff !== null) return { y: hemY, x: slitTop(mask, cuffRow, Math.round(cx) + outwards(edge) * cuff, edge, y0, Math.max(2, Math.round(W * 0.01))), sleeved: true, hanging: true }
  // Sleeveless: past the straps (beside the neckline, an edge going straight down), the armhole
  // ends where the edge stops moving outwards.
  const from = y0 + Math.round(H * 0.6)
  const step = Math.round(H * 0.08)
  const movesOut = (y: number) => {
    const a = runs[y - y0]
    const b = runs[y + step - y0]
    return !a || !b || (b[edge] - a[edge]) * sign >= W * 0.015
  }
  const advance = Math.max(1, Math.round(step / 4))
  let y = to
  while (y < neckline && y + step < from && !movesOut(y)) y += advance
  if (y >= neckline || y + step >= from) y = to
  while (y + step < from && movesOut(y)) y += advance
  return { y, x: edgeAt(y) ?? 0, sleeved: false, hanging: false }
}

/**
 * A hanging sleeve's inner edge (`x` on row `y`, below the hem), followed up row by row until the
 * sleeve meets the torso or the hem: there the edge jumps by more than `jump` across the join.
 */
function slitTop(mask: Plane, y: number, x: number, edge: Edge, top: number, jump: number) {
  // (the inner edge of a sleeve on the left side is its run's right end, and the other way round)
  const inner: Edge = edge === 'l' ? 'r' : 'l'
  let at = x
  for (let row = y - 1; row > top; row--) {
    const run = centralRun(mask, row, at)
    if (!run || Math.abs(run[inner] - at) > jump) break
    at = run[inner]
  }
  return at
}

/** One side's sleeve opening (the shoulder-armpit line) and the torso's side below it (waist, hem corner), which a hanging sleeve lies against. */
type SleeveFrame = { shoulder: Point; armpit: Point; waist: Point; hem: Point; hanging: boolean; out: -1 | 1 }

/**
 * Whether p belongs to the sleeve: outside its shoulder-armpit line and, below the armpit, off the
 * torso's run (torso: the run of the row through the centre, if any) or, for a sleeve hanging
 * against the torso, outside the torso's side (armpit to waist) or below the hem. On a row where
 * the sleeve lies `apart` from the torso's run, a run ending just beyond that side is the body's.
 */
function inSleeve(p: Point, torso: Run | null, f: SleeveFrame, apart = false): boolean {
  if (side(f.shoulder, f.armpit, p) * -f.out <= 0) return false
  if (p.y <= f.armpit.y) return true
  // (below the hem, clear of its corner, only a hanging sleeve reaches; a sleeve sticking out droops
  // a little below the armpit; elsewhere off the torso's run is the hem's or a flounce's uneven edge)
  // (a sleeve lying against the torso down to its hem leaves it exactly at the hem's corner)
  const reach = dist(f.shoulder, f.armpit)
  const toHem = f.waist.y >= f.hem.y
  // (below the hem row a pleated or uneven hem's pleats may part: the one through the centre is not the torso's width)
  if (!torso || p.y > f.hem.y) return f.hanging && (p.x - f.hem.x) * f.out > (toHem ? 2 : reach * 0.15)
  if (p.x < torso.l || p.x > torso.r) return f.hanging || p.y - f.armpit.y < reach * 0.5
  if (p.y > f.waist.y) return f.hanging && toHem && (p.x - f.hem.x) * f.out > 2
  // (a sleeve sticking out may still join the torso's run just below the armpit, before the gap
  // under it opens: beyond the body's side it is the sleeve; as the body, a line of it crossed the sleeve)
  if (!f.hanging && p.y - f.armpit.y >= reach * 0.5) return false
  const sideX = f.armpit.x + ((f.waist.x - f.armpit.x) * (p.y - f.armpit.y)) / (f.waist.y - f.armpit.y || 1)
  // (the run's edge just beyond the side: the body's own; far beyond, the sleeve lying against it)
  if (apart && ((f.out > 0 ? torso.r : torso.l) - sideX) * f.out <= reach * OWN_EDGE) return false
  return (p.x - sideX) * f.out > 2
}

/** How far beyond a sleeve's side line (of its opening's length) the torso's run may end on a row the sleeve lies apart from it and be the body's own edge. */
const OWN_EDGE = 0.1

type SleeveEnd = { end: Point; cuff: [Point, Point] }

/**
 * A sleeve's cuff: its centre (the mean of its pixels farthest from the middle of its opening) and
 * its two corners (the shoulder's side first); null when there is (almost) no sleeve.
 */
function sleeveEnd(mask: Plane, cx: number, f: SleeveFrame): SleeveEnd | null {
  const root = mid(f.shoulder, f.armpit)
  const reach = dist(f.shoulder, f.armpit)
  let total = 0
  let far = 0
  let farOut = 0
  // (each pixel with its distance from the root, and out from the shoulder-armpit line)
  const all: [number, number, number, number][] = []
  for (let y = 0; y < mask.height; y += 2) {
    const torso = torsoRun(mask, y, cx)
    for (let x = 0; x < mask.width; x += 2) {
      if (!isSet(mask, y * mask.width + x)) continue
      total++
      const p = pt(x, y)
      if (!inSleeve(p, torso, f)) continue
      const d = dist(root, p)
      const out = Math.abs(side(f.shoulder, f.armpit, p)) / (reach || 1)
      far = Math.max(far, d)
      farOut = Math.max(farOut, out)
      all.push([x, y, d, out])
    }
  }
  if (all.length < total * 0.015 || far < reach * 0.45) return null
  // A sleeve wider than it is long (a cap sleeve) reaches no farther from its root than its
  // opening's own ends: its cuff is then the farthest of its outer half.
  const farthestOf = (pts: typeof all) => {
    // (a loop, not Math.max(...): a large sleeve has more pixels than a call takes arguments)
    let reach = 0
    for (const [, , d] of pts) reach = Math.max(reach, d)
    return pts.filter(([, , d]) => d >= reach * 0.88)
  }
  const meanOut = (pts: typeof all) => pts.reduce((sum, [, , , out]) => sum + out, 0) / pts.length
  const cap = meanOut(farthestOf(all)) < farOut * 0.5
  const pts = cap ? all.filter(([, , , out]) => out >= farOut * 0.5) : all
  const farthest = farthestOf(pts)
  const end = pt(farthest.reduce((s, [x]) => s + x, 0) / farthest.length, farthest.reduce((s, [, y]) => s + y, 0) / farthest.length)
  // The cuff's corners: the sleeve's farthest pixels diagonally out along its axis, on the
  // shoulder's side and on the other (a slanted cuff's inner corner lies short of its outer one).
  const axis = norm(sub(end, root))
  let across = pt(-axis.y, axis.x)
  if (side(root, end, f.shoulder) * side(root, end, add(root, across)) < 0) across = scale(across, -1)
  const corners = [{ score: -Infinity, p: end }, { score: -Infinity, p: end }]
  for (const [x, y] of pts) {
    const a = (x - root.x) * axis.x + (y - root.y) * axis.y
    const c = (x - root.x) * across.x + (y - root.y) * across.y
    corners.forEach((corner, k) => {
      const score = a + (k === 0 ? c : -c)
      if (score > corner.score) Object.assign(corner, { score, p: pt(x, y) })
    })
  }
  return { end, cuff: [corners[0]!.p, corners[1]!.p] }
}

/** A sleeve hangs against the torso when its end lies more below the armpit than out from it. */
const hangs = (armpit: Point, end: Point | null) => end !== null && end.y - armpit.y > Math.abs(end.x - armpit.x)

/**
 * Where a sleeve leaves the body, across it: its shoulder-armpit line, or for a sleeve hanging
 * against the torso (that line runs down its inner side) the sleeve's width halfway down that
 * line, from the line out to its outer edge.
 */
function sleeveOpening(mask: Plane, shoulder: Point, armpit: Point, end: Point | null, out: -1 | 1): [Point, Point] | null {
  if (!end) return null
  if (!hangs(armpit, end)) return [shoulder, armpit]
  const y = Math.round((shoulder.y + armpit.y) / 2)
  const inner = Math.round(shoulder.x + ((armpit.x - shoulder.x) * (y - shoulder.y)) / (armpit.y - shoulder.y || 1))
  let outer = inner
  while (outer + out >= 0 && outer + out < mask.width && isSet(mask, y * mask.width + outer + out)) outer += out
  return Math.abs(outer - inner) < 2 ? [shoulder, armpit] : [pt(outer, y), pt(inner, y)]
}

/** Whether a sleeve's opening was measured across a hanging sleeve, below its cap (a level line; a shoulder-armpit line falls). */
export const acrossHangingSleeve = (opening: [Point, Point]) => opening[0].y === opening[1].y

/**
 * Landmarks and type of a garment from its mask. What looked like sleeves but ends at the top of
 * the garment is a camisole's straps: the garment is then read as sleeveless; a long garment whose
 * sleeves reach its hem is a top.
 */
export function garmentModel(img: Rgb, mask: Plane, category?: GarmentCategory): GarmentModel {
  const model = readGarment(img, mask, category, false)
  const L = model.landmarks
  // (a sleeve ends beside the body, well below the collar; a strap at the top of the garment)
  const { y0, y1 } = model.bbox
  const strap = (end: Point | null) => end !== null && end.y < y0 + (y1 - y0) * 0.1
  if (strap(L.sleeveEndL) || strap(L.sleeveEndR)) return readGarment(img, mask, category, true)
  // Long sleeves hanging down to the hem: a long top (a dress's hem falls well below the wrists).
  const length = L.hemL.y - L.shoulderL.y
  const toHem = (end: Point | null) => end !== null && end.y > L.hemL.y - length * 0.12
  if (!category && model.type === 'dress' && toHem(L.sleeveEndL) && toHem(L.sleeveEndR)) return readGarment(img, mask, 'top', false)
  return model
}

function readGarment(img: Rgb, mask: Plane, category: GarmentCategory | undefined, sleeveless: boolean): GarmentModel {
  const box = bounds(mask)
  if (box.x1 < 0) throw new Error('empty garment mask')
  const W = box.x1 - box.x0 + 1
  const H = box.y1 - box.y0 + 1
  // The centre line from the lower part of the silhouette.
  let sx = 0
  let n = 0
  for (let y = box.y0 + Math.round(H * 0.6); y <= box.y1; y++)
    for (let x = box.x0; x <= box.x1; x++)
      if (isSet(mask, y * mask.width + x)) {
        sx += x
        n++
      }
  const cx = n ? sx / n : (box.x0 + box.x1) / 2
  const neckline = topOfColumn(mask, cx, box.y0, box.y1)
  const runs = Array.from({ length: H }, (_, k) => spanRun(mask, box.y0 + k, Math.round(cx), box.y0 + k < neckline))

  // Trousers part at the centre line in their lower half, the legs close together where they part
  // (below a top's hem, the sleeves hanging on either side are a torso's width apart).
  let gap = 0
  let parting = -1
  for (let y = box.y0 + Math.round(H * 0.55); y <= box.y1; y++)
    if (!isSet(mask, y * mask.width + Math.round(cx))) {
      gap++
      if (parting < 0) parting = y
    }
  const looksLikeTrousers = gap > H * 0.3 && gapAround(mask, parting, cx) < W * 0.35

  // Hem: the bottom of the centre column, a little above it where rounded corners and fringes have full width.
  let hemY = bottomOfColumn(mask, cx, box.y0 + Math.round(H * 0.5), box.y1) - Math.round(H * 0.015)
  while (hemY > box.y0 && !runs[hemY - box.y0]) hemY--

  const apL = findArmpit(mask, runs, box.y0, H, W, hemY, cx, neckline, 'l', sleeveless)
  const apR = findArmpit(mask, runs, box.y0, H, W, hemY, cx, neckline, 'r', sleeveless)
  // Product photos are symmetric: both sides share the armpit height and distance from the centre
  // (the side seen best, a sleeved one, wins), which also mends a side the scan misread.
  // (the widest of the rows just above: a sheer or uneven hem's lowest row is not its width)
  const hemRow = runs[hemY - box.y0]
  if (!hemRow) throw new Error('garment mask without a hem row')
  const hemRun = runs
    .slice(Math.max(0, hemY - box.y0 - Math.round(H * 0.1)), hemY - box.y0 + 1)
    .reduce<Run>((widest, r) => (r && r.l <= cx && cx <= r.r && r.r - r.l > widest.r - widest.l ? r : widest), hemRow)
  const centre = torsoCentre(mask, runs, box.y0, hemY, cx)
  const sleeved = apL.sleeved || apR.sleeved
  const hangingSide = apL.hanging || apR.hanging
  const sides = [apL, apR].filter((a) => a.sleeved === sleeved && a.hanging === hangingSide)
  // (the wider side: a misread side finds a jump inside the torso, near the collar; but the
  // narrower one for hanging sleeves, which join a torso flaring to its hem at different heights)
  const halves = sides.map((a) => Math.abs(a.x - centre))
  const armHalf = hangingSide ? Math.min(...halves) : Math.max(...halves)
  const topRow = runs[Math.round(H * 0.03)]
  // Sleeveless: the shoulders are the top's outer corners, unless the top is a narrow neck or strap.
  const topHalf = topRow ? Math.min(centre - topRow.l, topRow.r - centre) : 0
  const shoulderHalf = sleeved || topHalf < armHalf * 0.5 ? armHalf : Math.min(topHalf, armHalf)
  const shoulderAt = (x: number) => pt(x, topOfColumn(mask, x, box.y0, box.y1))
  const shoulderL = shoulderAt(centre - shoulderHalf)
  const shoulderR = shoulderAt(centre + shoulderHalf)
  const level = Math.min(shoulderL.y, shoulderR.y)
  shoulderL.y = shoulderR.y = level
  const neckX = (shoulderL.x + shoulderR.x) / 2
  const neck = pt(neckX, topOfColumn(mask, neckX, box.y0, box.y1))
  // A sleeve joining the torso lower than an armhole can reach hangs against it down to there
  // (seamlessly); below a hanging sleeve's join the torso's edges show, and above it the armpit is
  // placed by proportion.
  const joinY = Math.max(...sides.map((a) => a.y))
  const hanging = hangingSide || (sleeved && joinY - level > 2 * armHalf * DEEPEST_ARMHOLE_RATIO)
  const armY = hanging ? Math.min(joinY, Math.round(level + ARMHOLE_DEPTH_RATIO * 2 * armHalf)) : Math.round(sides.reduce((sum, a) => sum + a.y, 0) / sides.length)
  const armpitL = pt(centre - armHalf, armY)
  const armpitR = pt(centre + armHalf, armY)

  // A dress is long for its chest width; otherwise a top.
  const length = hemY - armY
  const type: GarmentCategory = category ?? (looksLikeTrousers ? 'bottom' : length > armHalf * 2 * DRESS_LENGTH_RATIO ? 'dress' : 'top')

  // Waist: the narrowest torso row below the armpits (and below hanging sleeves' joins, where the torso shows).
  // A top's torso stays about as wide as at the armpits (sleeves hanging beside it are not torso).
  // Sleeves lying against it down to the hem are in every row of the torso: its sides are where they leave it.
  // (rows with more garment beside their run within the torso's reach are a deep neckline's, its
  // lace or bow dipping into the V, not the body's width; when every row has, the narrowest run)
  const torsoHalf = armHalf * (hanging && joinY >= hemY ? 1 : 1.15)
  const clampRun = (r: Run): Run => (type === 'top' ? { l: Math.max(r.l, centre - torsoHalf), r: Math.min(r.r, centre + torsoHalf) } : r)
  const waistFrom = Math.round(Math.max(armY + (hemY - armY) * 0.15, hanging ? joinY : armY))
  const waistTo = Math.max(waistFrom, type === 'dress' ? armY + (hemY - armY) * 0.45 : hemY - (hemY - armY) * 0.15)
  const narrowestRow = (only: (y: number, r: Run) => boolean) => {
    let [at, narrowest] = [-1, Infinity]
    for (let y = waistFrom; y <= waistTo; y++) {
      const r = runs[y - box.y0]
      if (r && r.r - r.l < narrowest && only(y, r)) [at, narrowest] = [y, r.r - r.l]
    }
    return at
  }
  const reach = { l: Math.round(centre - torsoHalf), r: Math.round(centre + torsoHalf) }
  const wholeRow = narrowestRow((y, r) => !garmentBeside(mask, y, r, reach))
  const waistY = wholeRow >= 0 ? wholeRow : Math.max(waistFrom, narrowestRow(() => true))
  const waistRun = clampRun(runs[waistY - box.y0] ?? hemRun)
  const hem = clampRun(hemRun)
  const hemL = pt(hem.l, hemY)
  const hemR = pt(hem.r, hemY)
  const waistL = pt(waistRun.l, waistY)
  const waistR = pt(waistRun.r, waistY)

  let crotch: Point | null = null
  if (type === 'bottom') {
    let y = box.y0 + Math.round(H * 0.2)
    while (y < box.y1 && isSet(mask, y * mask.width + Math.round(cx))) y++
    crotch = pt(cx, y)
  }

  let r = 0
  let g = 0
  let b = 0
  let count = 0
  for (let i = 0; i < mask.data.length; i += 3)
    if (isSet(mask, i)) {
      r += img.data[i * 3] ?? 0
      g += img.data[i * 3 + 1] ?? 0
      b += img.data[i * 3 + 2] ?? 0
      count++
    }
  const ends: [SleeveEnd | null, SleeveEnd | null] =
    type === 'bottom' || !sleeved
      ? [null, null]
      : [
          sleeveEnd(mask, centre, { shoulder: shoulderL, armpit: armpitL, waist: waistL, hem: hemL, hanging, out: -1 }),
          sleeveEnd(mask, centre, { shoulder: shoulderR, armpit: armpitR, waist: waistR, hem: hemR, hanging, out: 1 }),
        ]
  // (an armpit without a sleeve beyond it was a jump in the outline at the neckline)
  if (sleeved && !sleeveless && !ends[0] && !ends[1]) return readGarment(img, mask, category, true)
  const mirror = (p: Point) => pt(2 * centre - p.x, p.y)
  const mirrored = (sleeve: SleeveEnd | null): SleeveEnd | null => sleeve && { end: mirror(sleeve.end), cuff: [mirror(sleeve.cuff[0]), mirror(sleeve.cuff[1])] as [Point, Point] }
  const [left, right] = [ends[0] ?? mirrored(ends[1]), ends[1] ?? mirrored(ends[0])]
  const [sleeveEndL, sleeveEndR] = [left?.end ?? null, right?.end ?? null]
  const sleeveOpeningL = sleeveOpening(mask, shoulderL, armpitL, sleeveEndL, -1)
  const sleeveOpeningR = sleeveOpening(mask, shoulderR, armpitR, sleeveEndR, 1)
  return {
    type,
    bbox: box,
    landmarks: {
      neck,
      shoulderL,
      shoulderR,
      armpitL,
      armpitR,
      waistL,
      waistR,
      hemL,
      hemR,
      sleeveEndL,
      sleeveEndR,
      sleeveOpeningL,
      sleeveOpeningR,
      sleeveCuffL: left?.cuff ?? null,
      sleeveCuffR: right?.cuff ?? null,
      crotch,
    },
    color: [r / count, g / count, b / count].map(Math.round) as [number, number, number],
  }
}

export const PART = { none: 0, body: 1, sleeveL: 2, sleeveR: 3 } as const

/**
 * How far (of the chest's width) a side's torso edge under its sleeve lies inside the armpit when it
 * is that side's own, not the body tapering under the arm (tees: up to 0.026): from, to; how many
 * rows below the armpit are read; and down to where (of the shoulder-armpit height) the strip
 * between stays the body's.
 */
const OWN_SIDE_FROM = 0.05
const OWN_SIDE_TO = 0.1
const OWN_SIDE_ROWS = 0.05
const OWN_SIDE_DRAWN = 0.5

/**
 * A sleeve's frame on its own side of the torso, or null when that is the frame itself. The
 * armpits are read as symmetric about the centre, but on a garment laid a little askew one side's
 * torso edge, on the first rows under a sleeve that stands out, lies well inside its armpit. The
 * strip between is the sleeve's inner side (a puff sleeve's, hanging over the body on the flat
 * photo): drawn as the body it ran on down the body's side below the sleeve as a flap.
 */
function ownSide(mask: Plane, f: SleeveFrame, cx: number, chest: number): SleeveFrame | null {
  if (f.hanging) return null
  const edges: number[] = []
  for (let y = Math.round(f.armpit.y) + 2; y <= f.armpit.y + 2 + chest * OWN_SIDE_ROWS; y++) {
    const run = torsoRun(mask, y, cx)
    if (run) edges.push(f.out > 0 ? run.r : run.l)
  }
  const inward = edges.length ? (f.armpit.x - median(edges)) * f.out : 0
  if (inward < chest * OWN_SIDE_FROM || inward > chest * OWN_SIDE_TO) return null
  const shift = (p: Point) => pt(p.x - inward * f.out, p.y)
  return { ...f, shoulder: shift(f.shoulder), armpit: shift(f.armpit) }
}

/** Whether p lies on one of the sleeves' inner sides over the body (see `ownSide`) below its upper half. */
const onInnerSide = (p: Point, torso: Run | null, sides: SleeveFrame[]) =>
  sides.some((f) => p.y > f.shoulder.y + (f.armpit.y - f.shoulder.y) * OWN_SIDE_DRAWN && inSleeve(p, torso, f))

/**
 * Splits the garment mask into parts: outside the shoulder-armpit line is a sleeve, except below
 * the armpit where it is the torso's run of pixels (or, for a sleeve hanging against the torso,
 * inside the torso's side); the rest is the body (torso and skirt). A sleeve's inner side over the
 * body (see `ownSide`) is not drawn below its upper half: worn, it is under the arm (the upper half
 * is under the sleeve's cap; without it the shoulder showed between the body and the sleeve).
 */
export function garmentParts(mask: Plane, model: GarmentModel): Uint8Array {
  const { width: w, height: h } = mask
  const L = model.landmarks
  const parts = new Uint8Array(w * h)
  const cx = (L.hemL.x + L.hemR.x) / 2
  const chest = L.armpitR.x - L.armpitL.x
  const frameL: SleeveFrame = { shoulder: L.shoulderL, armpit: L.armpitL, waist: L.waistL, hem: L.hemL, hanging: hangs(L.armpitL, L.sleeveEndL), out: -1 }
  const frameR: SleeveFrame = { shoulder: L.shoulderR, armpit: L.armpitR, waist: L.waistR, hem: L.hemR, hanging: hangs(L.armpitR, L.sleeveEndR), out: 1 }
  const innerSides = ([[frameL, L.sleeveEndL], [frameR, L.sleeveEndR]] as const).flatMap(([f, end]) => (end && ownSide(mask, f, cx, chest)) || [])
  for (let y = 0; y < h; y++) {
    const torso = torsoRun(mask, y, cx)
    // (the body's own edge beyond the shoulder-armpit line, a sleeve hanging apart from it on the row, 09176)
    const [apartL, apartR] = torso ? [maskBetween(mask, y, 0, torso.l - 2), maskBetween(mask, y, torso.r + 2, w - 1)] : [false, false]
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (!isSet(mask, i)) continue
      const p = pt(x, y)
      if (L.sleeveEndL && inSleeve(p, torso, frameL, apartL)) parts[i] = PART.sleeveL
      else if (L.sleeveEndR && inSleeve(p, torso, frameR, apartR)) parts[i] = PART.sleeveR
      else parts[i] = innerSides.length && onInnerSide(p, torso, innerSides) ? PART.none : PART.body
    }
  }
  return parts
}

/** How far beyond the shoulder-armpit line (of the chest's width) a sleeve's seam with the body is looked for by colour. */
const SEAM_BY_COLOUR = 0.06
/** A sleeve of one colour: three in four of its pixels within this (Lab) of its median colour (the rest may be the body's colour running on into it). */
const PLAIN_SLEEVE = 8
/** How far apart (Lab) the body's colour on a row is from a plain sleeve's for the seam between them to be seen (more than light and shade). */
const SEAM_CONTRAST = 30

/**
 * A colour-blocked garment's seams between the body and plain sleeves: on each row, the sleeve's
 * pixels next to the body that have the body's colour there rather than the sleeve's are the body's.
 * (A dropped shoulder's seam lies beyond the shoulder-armpit line: the FILA tee's white band ran on
 * into its red sleeves, and drawn with a sleeve, its end stood as a white notch at the top of the arm.)
 * The other way round too, where the sleeve's colour runs on into the body as far as a colour that
 * ran on into the sleeves elsewhere (the FILA tee's red underarm beside the white band, drawn with
 * the body, lay in shreds along the person's side).
 */
function seamsByColour(rgb: Rgb, found: Uint8Array, { landmarks: L, bbox }: GarmentModel): Uint8Array {
  const w = rgb.width
  const reach = Math.max(2, Math.round((L.armpitR.x - L.armpitL.x) * SEAM_BY_COLOUR))
  const parts = found.slice()
  // (only the garment's box holds its parts; a ninth of a sleeve's pixels tell its colour)
  const [first, last] = [bbox.y0 * w, (bbox.y1 + 1) * w]
  for (const [out, sleeve] of [[-1, PART.sleeveL], [1, PART.sleeveR]] as const) {
    const samples: [number, number, number][] = []
    for (let i = Math.ceil(first / 9) * 9; i < last; i += 9) if (found[i] === sleeve) samples.push(pixelLab(rgb, i))
    const colour = medianColour(samples)
    if (!colour || quantile(samples.map((c) => labDistance(c, colour)), 0.75) > PLAIN_SLEEVE) continue
    const inside = (j: number, step: number) => (j % w) + step >= 0 && (j % w) + step < w
    // Walks from pixel `from` by `step` while it is `part` and nearer colour `to` than `away`, up to `most` pixels, relabelling it `as`.
    const relabel = (from: number, step: number, part: number, to: Lab, away: Lab, as: number, most: number) => {
      const done: number[] = []
      for (let j = from; done.length < most && found[j] === part && inside(j, step); j += step) {
        const here = pixelLab(rgb, j)
        if (labDistance(here, away) <= labDistance(here, to)) break
        parts[j] = as
        done.push(j)
      }
      return done
    }
    const seams = (each: (i: number) => void) => {
      for (let i = Math.max(2 * reach + 4, first); i < Math.min(found.length - 2 * reach - 4, last); i++)
        if (found[i] === PART.body && found[i + out] === sleeve && found[i - out * 2] === PART.body) each(i)
    }
    // (the body's colours that run on into the sleeve, a couple of pixels in from the seam)
    const blocks: Lab[] = []
    seams((i) => {
      const body = pixelLab(rgb, i - out * 2)
      if (labDistance(body, colour) >= SEAM_CONTRAST && relabel(i + out, out, sleeve, body, colour, PART.body, reach).length) blocks.push(body)
    })
    // Where the sleeve's colour runs on into the body instead (an armhole's underside) as far as
    // one of those colours: the body's pixels of the sleeve's colour up to it are the sleeve's.
    const block = blocks.length >= reach ? medianColour(blocks) : null
    if (!block) continue
    const moved = new Set<number>()
    seams((i) => {
      if (labDistance(pixelLab(rgb, i - out * 2), colour) >= SEAM_CONTRAST) return
      let k = 2
      // (the sleeve's colour in its folds' shade too)
      while (k <= 2 * reach && found[i - out * k] === PART.body && hueApart(pixelLab(rgb, i - out * k), colour) < SEAM_CONTRAST) k++
      // (the edge between the two colours is their blend: the block's colour a pixel or two further)
      const reaches = [k, k + 1, k + 2].some((d) => found[i - out * d] === PART.body && labDistance(pixelLab(rgb, i - out * d), block) < SEAM_CONTRAST)
      if (k <= 2 * reach && reaches) for (const j of relabel(i, -out, PART.body, colour, block, sleeve, k)) moved.add(j)
    })
    // (a seam runs down the garment: a row or two alone is where the block's own edge crosses, its top or bottom)
    for (const j of moved) if (!((moved.has(j - w) && moved.has(j + w)) || (moved.has(j - w) && moved.has(j - 2 * w)) || (moved.has(j + w) && moved.has(j + 2 * w)))) parts[j] = PART.body
  }
  return parts
}

/** How wide a gap between a sleeve and the body on a row of the garment photo is closed (of the chest's width). */
const SLEEVE_GAP = 0.12
/** How many times as wide a gap as that is still closed in part: from each side by what the gap falls short of it. */
const SLEEVE_GAP_TAPER = 1.5
/** How far in from a gap's edges its colours are taken (pixels). */
const GAP_RIM = 3

/**
 * The garment as it is drawn: its photo, mask and parts, with the gaps between a sleeve that hangs
 * down beside the body and the body closed (a slit of backdrop left out of the mask, see
 * `withoutSlits`): worn, the sleeve lies against the body there. On each row, a gap between a
 * sleeve's pixels and the body's, at most SLEEVE_GAP of the chest wide, takes the part of the
 * nearer side and its colours, mirrored across the gap's edge. The garment's edge is drawn in its
 * own colours, without the backdrop's blend (see `withoutBackdropEdge`). The inside of its back,
 * seen through the neckline, is not drawn (see `insideBack`).
 */
export function drawnGarment(rgb: Rgb, mask: Plane, found: Uint8Array, model: GarmentModel): DrawnGarment {
  const { width: w, height: h } = mask
  const L = model.landmarks
  const parts = seamsByColour(rgb, found, model)
  const back = insideBack(rgb, mask, model)
  if (back) for (let i = 0; i < parts.length; i++) if (back.data[i]) parts[i] = PART.none
  const widest = Math.max(2, Math.round((L.armpitR.x - L.armpitL.x) * SLEEVE_GAP))
  const tapered = Math.round(widest * SLEEVE_GAP_TAPER)
  // (a sleeve that hangs down beside the body, below its armpit: a short sleeve standing out leaves the backdrop under it)
  const besideBody = (part: number | undefined, y: number) =>
    (part === PART.sleeveL && hangs(L.armpitL, L.sleeveEndL) && y > L.armpitL.y) || (part === PART.sleeveR && hangs(L.armpitR, L.sleeveEndR) && y > L.armpitR.y)
  // (a gap a little too wide to close is closed in part, less the wider it is: cut off at `widest`,
  // the body's side jumped out and in again along the slit's length, 09176)
  const gaps: [from: number, to: number, each: number][] = []
  for (let y = 0; y < h; y++)
    for (let x = 1; x < w; x++) {
      const left = y * w + x - 1
      if (parts[left] === PART.none || parts[left + 1] !== PART.none) continue
      let end = left + 1
      while (end < (y + 1) * w - 1 && end - left <= tapered && parts[end] === PART.none) end++
      x = end - y * w
      const wide = end - left - 1
      if (wide >= tapered) continue
      const [a, b] = [parts[left], parts[end]]
      if ((a === PART.body && besideBody(b, y)) || (b === PART.body && besideBody(a, y))) gaps.push([left, end, wide <= widest ? wide : tapered - wide])
    }
  const clean = withoutBackdropEdge(rgb, mask)
  if (!gaps.length) return { ...clean, parts }
  const [data, alpha, labels] = [clean.rgb.data.slice(), clean.mask.data.slice(), parts.slice()]
  for (const [left, end, each] of gaps) {
    // (the colours from a few pixels in: the gap's edges are the backdrop's blend)
    const [a, b] = [parts[left - GAP_RIM] === parts[left] ? left - GAP_RIM : left, parts[end + GAP_RIM] === parts[end] ? end + GAP_RIM : end]
    for (let i = a + 1; i < b; i++) {
      if (i - left > each && end - i > each) continue
      // (the garment beside it mirrored across its edge: its print goes on, not streaked across)
      const edge = i - a <= b - i ? a : b
      const mirrored = 2 * edge - i
      const from = parts[mirrored] === parts[edge] && Math.floor(mirrored / w) === Math.floor(edge / w) ? mirrored : edge
      data.set(clean.rgb.data.subarray(from * 3, from * 3 + 3), i * 3)
      alpha[i] = 1
      labels[i] = parts[from]!
    }
  }
  return { rgb: { width: w, height: h, data }, mask: { width: w, height: h, data: alpha }, parts: labels }
}

/** A garment as try-ons draw it: see `drawnGarment`. */
export type DrawnGarment = { rgb: Rgb; mask: Plane; parts: Uint8Array }

/** A garment photo's model, mask, and the garment as drawn (the try-on's work done once, at upload). */
export type GarmentAnalysis = { kind: 'garment'; model: GarmentModel; mask: Plane; drawn: DrawnGarment }

/** A garment's analysis from its photo, mask and model: the garment drawn once, here. */
export const garmentAnalysis = (rgb: Rgb, mask: Plane, model: GarmentModel): GarmentAnalysis => ({
  kind: 'garment',
  model,
  mask,
  drawn: drawnGarment(rgb, mask, garmentParts(mask, model), model),
})

/** The share of a garment photo (not a cut-out) above which its mask is the photo's block, not a garment. */
const PHOTO_BLOCK = 0.8

/** A garment photo's mask and model (a TryOnError when it shows no garment, or one cut off). */
export function analyseGarment(rgb: Rgb, alpha: Plane | null, category?: GarmentCategory): GarmentAnalysis {
  // A cut-out (PNG with transparency) already is the mask; a photo is segmented from its backdrop.
  const { outline, drawn, pale } = garmentMasks(rgb, alpha)
  const area = outline.data.reduce((s, v) => s + v, 0) / outline.data.length
  if (area < 0.02 || area > 0.97) throw new TryOnError(ENGINE_ERRORS.noGarment)
  // Running into the frame's top or sides: the garment is cut off, or the backdrop is not plain.
  // Filling most of the frame clear of its edges: the photo's own block on a canvas it was turned
  // on, not read within (the fixture garments' photos' masks fill at most 0.66 of them).
  if (!alpha && (edgeShare(outline) > 0.2 || area > PHOTO_BLOCK)) throw new TryOnError(ENGINE_ERRORS.garmentUnfit)
  const model = garmentModel(rgb, outline, category)
  return garmentAnalysis(rgb, pale ? withoutSlits(drawn, pale, garmentParts(outline, model)) : drawn, model)
}

/** A slit between a sleeve and the body: at least this tall (of the photo's height) and this many times taller than wide. */
const SLIT = { tall: 0.03, slender: 4 }

/**
 * The drawn mask without the backdrop it took in between a sleeve and the body: parts of `pale`
 * (see `GarmentMasks`) beside both a sleeve and the body, tall and slender (a slit closed at its
 * top, or at both ends and filled as a hole). Drawn, such a slit was a pale line along the sleeve
 * on the person. (A pale logo, a placket, a stripe or a hem band lies within one part.)
 */
function withoutSlits(drawn: Plane, pale: Plane, parts: Uint8Array): Plane {
  const { width: w, height: h } = drawn
  const { labels, sizes } = components(pale)
  const seen = sizes.map(() => ({ y0: h, y1: -1, sleeve: false, body: false }))
  for (let i = 0; i < w * h; i++) {
    const l = labels[i]!
    if (l < 0) continue
    const part = seen[l]!
    const [x, y] = [i % w, Math.floor(i / w)]
    part.y0 = Math.min(part.y0, y)
    part.y1 = Math.max(part.y1, y)
    for (const j of [i, x > 0 ? i - 1 : i, x < w - 1 ? i + 1 : i]) {
      part.body ||= parts[j] === PART.body
      part.sleeve ||= parts[j] === PART.sleeveL || parts[j] === PART.sleeveR
    }
  }
  const slit = seen.map(({ y0, y1, sleeve, body }, l) => {
    const tall = y1 - y0 + 1
    return sleeve && body && tall >= h * SLIT.tall && tall >= (sizes[l]! / tall) * SLIT.slender
  })
  return mapPlane(drawn, (v, i) => ((labels[i] ?? -1) >= 0 && slit[labels[i]!] ? 0 : v))
}
