import sharp from 'sharp'
import { type Capsule, type Point, add, dist, lerp, mid, norm, pt, rowSpan, segmentDistance, segmentShare, sub } from './geometry'
import type { Face } from './analysis-schemas'
import { type LimbRow, type SeenUpperArm, acrossRow, bareRow, downward, rightOf } from './arm-outline'
import { ARMPITS, type BodyFrame, type PersonMasks, type PersonModel, armLine, bodyAxes } from './person-analysis'
import { ankleOrGuess, oldDressHem } from './old-dress'
import { type Box, HUE_LIGHTNESS, type Lab, type Plane, type Rgb, blur, bounds, boxBlur, fullBox, grownBox, isSet, labAt, labDistance, LUMA, labPlanes, luminance, mapPlane, median, morph, pixelIndex, pixelLab, plane, quantile, rgbToLab } from './raster'

/**
 * The person photo prepared for any garment, at upload time: `fill` is what shows where old
 * clothing goes (skin where the body is, the background elsewhere) and `shade` the body's
 * low-frequency light (a ratio around 1) that new garments take on.
 */
export type Plate = { fill: Rgb; shade: Plane }

/** The person's masks that the plate reads. */
type PlateMasks = Pick<PersonMasks, 'person' | 'clothing' | 'keep' | 'bareArms'>

/** The person's model that the plate reads: the body, the face and its skin's tone, the upper arms seen bare. */
type PlateModel = Pick<PersonModel, 'body' | 'face' | 'skin' | 'upperArms'>

/** How far beyond the person the plate is worked out (the removal reaches 3 px out: a grown mask, softened by a pixel). */
const PLATE_MARGIN = 4

/** Shade ratios kept (and stored) in this range. */
const SHADE = { min: 0.75, max: 1.2 }
/** How far in from the old clothing's edge its light fades in (shoulder widths, half of it to full). */
const SHADE_FADE = 0.08

/** Averages f x f blocks (the plane at 1/f of its size), of `p` times `weight` when given. */
function shrink(p: Plane, f: number, weight?: Plane): Plane {
  if (f === 1) return weight ? mapPlane(p, (v, i) => v * weight.data[i]!) : p
  const { width, height } = p
  const w = Math.ceil(width / f)
  const h = Math.ceil(height / f)
  const out = plane(w, h)
  const sum = out.data
  const column = Int32Array.from({ length: width }, (_, x) => Math.floor(x / f))
  const [src, wt] = [p.data, weight?.data]
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / f) * w
    const at = y * width
    if (wt) for (let x = 0; x < width; x++) sum[row + column[x]!]! += src[at + x]! * wt[at + x]!
    else for (let x = 0; x < width; x++) sum[row + column[x]!]! += src[at + x]!
  }
  // (a block's pixel count: f x f, fewer along the right and bottom edges)
  for (let by = 0; by < h; by++) {
    const rows = Math.min(f, height - by * f)
    for (let bx = 0; bx < w; bx++) sum[by * w + bx]! /= rows * Math.min(f, width - bx * f)
  }
  return out
}

/** Where each full-size column (or row) from..to reads a plane shrunk by f to `small`: its two samples and the second's share. */
function taps(n: number, f: number, small: number, from: number, to: number) {
  const lo = new Int32Array(n)
  const hi = new Int32Array(n)
  const share = new Float64Array(n)
  for (let x = from; x <= to; x++) {
    const s = Math.max(0, Math.min(small - 1, (x + 0.5) / f - 0.5))
    lo[x] = Math.floor(s)
    hi[x] = Math.min(small - 1, lo[x]! + 1)
    share[x] = s - lo[x]!
  }
  return { lo, hi, share }
}

/**
 * Bilinear upscale of a plane shrunk by f back to width x height. Negative values mark "none
 * here": they are left out of the blend (-1 where all four are), not blended into the others;
 * unless the plane is `signed` (a correction that may be negative).
 */
function grow(small: Plane, f: number, width: number, height: number, area: Box = fullBox({ width, height }), signed = false): Plane {
  if (f === 1) return small
  const out = plane(width, height)
  const { width: sw, height: sh, data: s } = small
  const o = out.data
  const cols = taps(width, f, sw, area.x0, area.x1)
  const rows = taps(height, f, sh, area.y0, area.y1)
  for (let y = area.y0; y <= area.y1; y++) {
    const [top, bottom, fy] = [rows.lo[y]! * sw, rows.hi[y]! * sw, rows.share[y]!]
    const row = y * width
    for (let x = area.x0; x <= area.x1; x++) {
      const fx = cols.share[x]!
      const a = s[top + cols.lo[x]!]!
      const b = s[top + cols.hi[x]!]!
      const c = s[bottom + cols.lo[x]!]!
      const d = s[bottom + cols.hi[x]!]!
      const wa = a < 0 && !signed ? 0 : (1 - fx) * (1 - fy)
      const wb = b < 0 && !signed ? 0 : fx * (1 - fy)
      const wc = c < 0 && !signed ? 0 : (1 - fx) * fy
      const wd = d < 0 && !signed ? 0 : fx * fy
      const weight = wa + wb + wc + wd
      o[row + x] = weight > 1e-6 ? (a * wa + b * wb + c * wc + d * wd) / weight : -1
    }
  }
  return out
}

/** What `maskedMeans` does beyond its sigma. */
type MeansOptions = {
  /** A wider sigma whose mean stands in where no weight is near. */
  wider?: number
  /**
   * Where the weight nearby falls below this share of its highest, the mean fades to 0 (a signed
   * correction that dies out) instead of ending at -1.
   */
  fade?: number
  /** Where the means are read back at full size (elsewhere they are 0): where the plate is used. */
  area?: Box
}

/**
 * The weighted means of `maskedMeans` at 1/f of the plane's size, for one sigma. Given `from`
 * (the means of a smaller sigma), its shrunk sums are shrunk further (f a multiple of its f), not
 * the full-size plane again.
 */
function smallMeans(weight: Plane, sigma: number, fade: number | undefined, from?: { f: number; weight: Plane }) {
  const want = Math.max(1, Math.floor(sigma / 3))
  const k = from ? Math.max(1, Math.round(want / from.f)) : want
  const f = from ? from.f * k : want
  const shrunk = from ? shrink(from.weight, k) : shrink(weight, f)
  const total = blur(shrunk, sigma / f)
  let most = 0
  for (const t of total.data) most = Math.max(most, t)
  const floor = fade === undefined ? 0 : fade * most
  /** The plane times the weight, at this size; `smaller` when the smaller means already have it. */
  const sums = (v: Plane, smaller?: Plane) => (smaller ? shrink(smaller, k) : shrink(v, f, weight))
  const of = (v: Plane, smaller?: Plane) => {
    const product = sums(v, smaller)
    const a = blur(product, sigma / f)
    return { product, means: mapPlane(a, (x, i) => (total.data[i]! > Math.max(1e-3, floor) ? x / total.data[i]! : floor ? x / floor : -1)) }
  }
  return { f, weight: shrunk, total, of }
}

/** The share of `maskedMeans`' near reach that must be weight for the near mean to stand alone. */
const NEAR_ENOUGH = 0.05

/**
 * Normalised blur: the mean of a plane over the pixels of `weight` near each pixel (-1 where there
 * are none), computed at a lower resolution for wide blurs and read back bilinearly (a plane is
 * read back once, with its wider mean merged in). The weight's blurs are computed once for every
 * plane given to the returned function.
 */
function maskedMeans(weight: Plane, sigma: number, { wider, fade, area }: MeansOptions = {}): (values: Plane) => Plane {
  const near = smallMeans(weight, sigma, fade)
  const far = wider === undefined ? null : smallMeans(weight, wider, fade, near)
  return (v) => {
    const { product, means } = near.of(v)
    if (far) {
      // (blended by how much of the weight is near, so that no edge shows where the near ends)
      const stand = grow(far.of(v, product).means, far.f / near.f, means.width, means.height, undefined, fade !== undefined)
      for (let i = 0; i < means.data.length; i++) {
        const [m, s] = [means.data[i]!, stand.data[i]!]
        const t = m < 0 && !fade ? 0 : s < 0 && !fade ? 1 : Math.min(1, near.total.data[i]! / NEAR_ENOUGH)
        means.data[i] = m * t + s * (1 - t)
      }
    }
    return grow(means, near.f, weight.width, weight.height, area, fade !== undefined)
  }
}

type Channels = [Plane, Plane, Plane]

/** An image's red, green and blue as planes. */
function channels(img: Rgb): Channels {
  const planes: Channels = [plane(img.width, img.height), plane(img.width, img.height), plane(img.width, img.height)]
  planes.forEach((p, c) => {
    for (let i = 0; i < p.data.length; i++) p.data[i] = img.data[i * 3 + c] ?? 0
  })
  return planes
}

/**
 * The photo's background behind the person, filled in from the visible background around it:
 * `near` per channel (-1 where none is within reach), and `overall`, its mean, for there (deep inside a wide person).
 */
function backgroundEstimate(person: Channels, personMask: Plane, sigma: number, area: Box): { near: Channels; overall: [number, number, number] } {
  const bg = mapPlane(morph(personMask, 4), (v) => 1 - v)
  const estimate = maskedMeans(bg, sigma, { wider: sigma * 4, area })
  const sum = [0, 0, 0]
  let n = 0
  for (let i = 0; i < bg.data.length; i++)
    if (bg.data[i]) {
      for (let c = 0; c < 3; c++) sum[c]! += person[c]!.data[i]!
      n++
    }
  const [r, g, b] = person
  return { near: [estimate(r), estimate(g), estimate(b)], overall: [n ? sum[0]! / n : 0, n ? sum[1]! / n : 0, n ? sum[2]! / n : 0] }
}

/** How far (Lab, lightness weighed as in `hueApart`) visible skin lies from the face's tone. */
const SKIN_TONE = 12
/**
 * Skin lit paler (or shaded deeper) than that continues the skin beside it without an edge: a step
 * of at most SKIN_STEP from its neighbour, within SKIN_REACH of the tone (a white top the clothing
 * mask missed lies farther). The lit chest above 01861's square neckline was left out, and the skin
 * filled below it matched the neck's yellower shadow: a step of tone across the chest.
 */
const SKIN_STEP = 3
const SKIN_REACH = 20
/** How far in from the visible skin's edge (pixels) its grain is measured: the edge mixes with hair, a collar or the backdrop, and a pale neck between dark hair measured as sandpaper (01008). */
const GRAIN_INSET = 2

/** How far a colour is from the skin's tone: lighter or darker than the face's, skin keeps its hue. */
const toneDistance = (lab: Lab, tone: Lab) => Math.hypot((lab[0] - tone[0]) * HUE_LIGHTNESS, lab[1] - tone[1], lab[2] - tone[2])

/** The person's visible bare skin below the face: neck, shoulders, arms, legs (not clothing, close to their skin tone or joined to such skin without an edge). */
function visibleSkin(person: Rgb, masks: PlateMasks, body: BodyFrame, face: Face | null, tone: [number, number, number]): Plane {
  const { width: w, height: h } = person
  const toneLab = rgbToLab(...tone)
  const lab = labPlanes(person)
  // (the face outline's lowest point, else a guess below the nose)
  const chinY = face ? Math.max(...face.oval.map((p) => p.y)) : body.nose.y + body.shoulderWidth * 0.25
  const bare = (i: number) => (masks.person.data[i] ?? 0) >= 0.5 && !isSet(masks.clothing, i) && Math.floor(i / w) >= chinY
  const fromTone = (i: number) => toneDistance(labAt(lab, i), toneLab)
  const skin = mapPlane(masks.person, (_, i) => (bare(i) && fromTone(i) < SKIN_TONE ? 1 : 0))
  const joined: number[] = []
  for (let i = 0; i < skin.data.length; i++) if (skin.data[i]) joined.push(i)
  for (let k = 0; k < joined.length; k++) {
    const i = joined[k]!
    const x = i % w
    for (const j of [x > 0 ? i - 1 : -1, x < w - 1 ? i + 1 : -1, i - w, i + w]) {
      if (j < 0 || j >= w * h || skin.data[j] || !bare(j)) continue
      if (labDistance(labAt(lab, j), labAt(lab, i)) < SKIN_STEP && fromTone(j) < SKIN_REACH) {
        skin.data[j] = 1
        joined.push(j)
      }
    }
  }
  return skin
}

/**
 * Pixel i's fixed pseudo-random value in -0.5..0.5, unrelated to its neighbours' in any direction
 * (MurmurHash3's finaliser: a hash without it gave rows a third alike, and the grain streaks).
 */
export function pixelNoise(i: number) {
  let h = i ^ 0x9e3779b9
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296 - 0.5
}

/**
 * The skin's own grain, as a share of its lightness: the fine variation of the person's visible
 * skin (a flat fill reads as a cut-out), by which `softNoise` is scaled.
 */
function skinGrain(L: Plane, skin: Plane): number {
  // (the skin's fine variation needs only its own box, and three pixels round it for the blur's reach)
  const skinBox = bounds(skin)
  const smooth = skinBox.x1 < 0 ? L : blur(L, 1.5, grownBox(skinBox, 4, L))
  const core = skinBox.x1 < 0 ? skin : morph(skin, -GRAIN_INSET, grownBox(skinBox, 1, L))
  let sum = 0
  let skinLevel = 0
  let count = 0
  for (let i = 0; i < core.data.length; i += 2) {
    if (!isSet(core, i)) continue
    const l = L.data[i] ?? 0
    sum += (l - (smooth.data[i] ?? 0)) ** 2
    skinLevel += l
    count++
  }
  // (relative to the skin's own lightness: the grain multiplies the fill)
  const level = count > 200 ? Math.max(0.2, skinLevel / count) : 0.6
  const std = count > 200 ? Math.min(0.04, Math.sqrt(sum / count)) : 0.012
  return std / level
}

/**
 * A fixed pseudo-random pattern of deviation 1 softened over a pixel: the mean of `pixelNoise`
 * over the 3 x 3 pixels round (x, y) within the area (a box of radius 1 keeps about a third of the
 * noise's deviation).
 */
function softNoise(x: number, y: number, w: number, area: Box) {
  let sum = 0
  for (let v = y - 1; v <= y + 1; v++) {
    const row = Math.min(area.y1, Math.max(area.y0, v)) * w
    for (let u = x - 1; u <= x + 1; u++) sum += pixelNoise(row + Math.min(area.x1, Math.max(area.x0, u)))
  }
  return (sum * 3.4) / 9
}

/** The mean of a plane over the 3 x 3 pixels round (x, y) within the area. */
function mean3(p: Plane, x: number, y: number, area: Box) {
  let sum = 0
  for (let v = y - 1; v <= y + 1; v++) {
    const row = Math.min(area.y1, Math.max(area.y0, v)) * p.width
    for (let u = x - 1; u <= x + 1; u++) sum += p.data[row + Math.min(area.x1, Math.max(area.x0, u))]!
  }
  return sum / 9
}

/**
 * An arm as the plate fills it: its line (shoulder, elbow, wrist, hand, or through where the upper
 * arm is seen), its upper arm's half width, at the shoulder (`shoulderRadius`, narrowing over the
 * share `shoulderReach` of its first segment) and below, and each segment's weight against it;
 * where the upper arm is seen below an old sleeve, its skin's colour across it there (see `colourAcross`).
 */
type FilledArm = { line: Point[]; radius: number; shoulderRadius: number; shoulderReach: number; weights: number[]; seenColour: Float32Array | null }

/** The deltoid's cap: how much wider an upper arm is at the shoulder, and how far down (shoulder widths) it narrows to the arm's width. */
const DELTOID = { wider: 1.3, reach: 0.25 }

/** (forearms and hands are slimmer than upper arms) */
const LIMB_WEIGHTS = [1, 1.15, 1.15]

/**
 * An arm where the old clothing covered it: through where its upper arm is seen and as wide (see
 * `seenUpperArm`), else along the pose and `radius` wide; wider at the shoulder, and there at least
 * `radius` wide (an arm seen in part below a sleeve can measure slim).
 */
function filledArm(person: Rgb, seen: SeenUpperArm | null, body: BodyFrame, side: 'L' | 'R', radius: number): FilledArm {
  const shoulder = body[`shoulder${side}`]
  const line = armLine(shoulder, body[`elbow${side}`], body[`wrist${side}`])
  const upper = seen ? [shoulder, seen.end, ...line.slice(1)] : line
  const shoulderReach = Math.min(1, (body.shoulderWidth * DELTOID.reach) / (dist(upper[0]!, upper[1]!) || 1))
  return seen
    ? { line: upper, radius: seen.radius, shoulderRadius: Math.max(seen.radius * DELTOID.wider, radius), shoulderReach, weights: [1, ...LIMB_WEIGHTS], seenColour: colourAcross(person, seen.rows) }
    : { line: upper, radius, shoulderRadius: radius * DELTOID.wider, shoulderReach, weights: LIMB_WEIGHTS, seenColour: null }
}

/**
 * A forearm's half width down from the elbow (t 0) to the wrist (t 1), against its half width at
 * its middle: the medians over the 24 forearms seen bare on the fixture photos (1.26 a tenth of the
 * way down, 1.0 halfway, 0.71 at nine tenths), no wider than the upper arm; the hand beyond as
 * wide as the wrist.
 */
const FOREARM = { elbow: 1.35, fall: 0.72, wrist: 0.7 }

/** An arm's half width at its segment k, a share t of the way along it (the deltoid's cap rounding into the arm, the forearm narrowing to the wrist). */
function armRadiusAt(arm: FilledArm, k: number, t: number) {
  if (!k) return arm.radius + (arm.shoulderRadius - arm.radius) * Math.max(0, 1 - t / arm.shoulderReach) ** 2
  const r = arm.radius / (arm.weights[k] ?? 1)
  // (its last two segments: elbow to wrist, and the hand)
  const fromEnd = arm.line.length - 1 - k
  if (fromEnd === 2) return Math.min(arm.radius, r * Math.max(FOREARM.wrist, FOREARM.elbow - FOREARM.fall * t))
  return fromEnd === 1 ? r * FOREARM.wrist : r
}

/** How far (x, y) lies outside an arm's outline (negative: inside it). */
function beyondArm(x: number, y: number, arm: FilledArm) {
  let d = Infinity
  for (let k = 0; k + 1 < arm.line.length; k++) {
    const [a, b] = [arm.line[k]!, arm.line[k + 1]!]
    d = Math.min(d, segmentDistance(x, y, a, b) - armRadiusAt(arm, k, segmentShare(x, y, a, b)))
  }
  return d
}

/** The larger of a and b, and more where they are within `k` of each other: where two outlines meet, a curve, not a corner. */
function roundedMax(a: number, b: number, k: number) {
  if (k <= 0) return Math.max(a, b)
  const h = Math.min(1, Math.max(0, 0.5 + (0.5 * (b - a)) / k))
  return a + (b - a) * h + k * h * (1 - h)
}

/**
 * A bare limb's colour across it (RGB at ACROSS points from its left edge to its right), the median
 * over some of its rows: its skin darker and warmer towards its edges, as this photo's light has it.
 */
function colourAcross(img: Rgb, rows: LimbRow[]): Float32Array {
  const out = new Float32Array(ACROSS * 3)
  for (let k = 0; k < ACROSS; k++) {
    const at = rows.map((row) => acrossRow(row, acrossU(k))).map((p) => pixelIndex(img, p))
    for (let c = 0; c < 3; c++) out[k * 3 + c] = median(at.map((i) => img.data[i * 3 + c]!))
  }
  return out
}

/**
 * Rows across a bare forearm from a quarter to three quarters of the way from elbow to wrist, measured on
 * the skin mask (none where too little of it shows bare, or it lies against bare skin beside it).
 */
function forearmRows(masks: PlateMasks, elbow: Point, wrist: Point): LimbRow[] {
  const along = sub(wrist, elbow)
  const length = Math.hypot(along.x, along.y)
  if (length < 4) return []
  const across = rightOf(downward(elbow, wrist))
  const rows: LimbRow[] = []
  for (let t = 0.25; t <= 0.75; t += 0.05) {
    const row = bareRow(masks.bareArms, add(elbow, { x: along.x * t, y: along.y * t }), across, length * 0.5)
    if (row) rows.push(row)
  }
  return rows.length >= 4 ? rows : []
}

/** Half the width of a bare forearm (null when it cannot be measured). */
function forearmRadius(masks: PlateMasks, elbow: Point, wrist: Point): number | null {
  const rows = forearmRows(masks, elbow, wrist)
  return rows.length ? median(rows.map((r) => (r.right + r.left + 1) / 2)) : null
}

/** Points across a round body part at which its light is read: u from -1 (its left edge) to 1 (its right edge). */
const ACROSS = 11
const acrossU = (k: number) => ((k - (ACROSS - 1) / 2) / ((ACROSS - 1) / 2)) * 0.95

/** A round part's light across it when no bare forearm shows: a fifth darker at its edges (a forearm is 0.62-0.77 there, on four photos). */
const ROUND_LIGHT = Float32Array.from({ length: ACROSS }, (_, k) => 1 - 0.22 * (acrossU(k) / 0.95) ** 2)

/**
 * The light across a round part of the body in this photo, read off its bare forearms: at each of
 * ACROSS points from the left edge to the right, the luminance against the forearm's middle's, the
 * median over rows and arms. The forearm is the one part whose skin shows round under this photo's
 * light: the skin filled on the upper arms takes the same light, not a guessed fall-off.
 */
function lightAcross(L: Plane, masks: PlateMasks, body: BodyFrame): Float32Array {
  const ratios = Array.from({ length: ACROSS }, () => [] as number[])
  for (const [elbow, wrist] of [[body.elbowL, body.wristL], [body.elbowR, body.wristR]] as const)
    for (const row of forearmRows(masks, elbow, wrist)) {
      if ((row.right + row.left) / 2 < 3) continue
      const lum = (u: number) => L.data[pixelIndex(L, acrossRow(row, u))] ?? 0
      const middle = lum(0)
      if (middle < 0.05) continue
      for (let k = 0; k < ACROSS; k++) ratios[k]!.push(lum(acrossU(k)) / middle)
    }
  if (ratios[0]!.length < 6) return ROUND_LIGHT
  return Float32Array.from(ratios, (r) => Math.min(1.15, Math.max(0.6, median(r))))
}

/** A value read at ACROSS points across a round part (`channels` values each), at u (-1..1) and channel c: between the points it was read at. */
function acrossAt(values: Float32Array, u: number, channels = 1, c = 0) {
  const k = Math.min(ACROSS - 1, Math.max(0, (u / 0.95 + 1) * ((ACROSS - 1) / 2)))
  const k0 = Math.min(ACROSS - 2, Math.floor(k))
  const [a, b] = [values[k0 * channels + c]!, values[(k0 + 1) * channels + c]!]
  return a + (b - a) * (k - k0)
}

/** Signed distance of (x, y) across the line through a and b, positive towards the image's right. */
function acrossOf(a: Point, b: Point): (x: number, y: number) => number {
  const r = rightOf(downward(a, b))
  return (x, y) => (x - a.x) * r.x + (y - a.y) * r.y
}

/**
 * An upper arm's half width against a bare forearm's at its middle, and against the shoulders'
 * width, with the bounds of the latter: the medians over the arms seen bare below a sleeve or up
 * to the shoulder on the fixture photos (31 arms: 1.14, of 0.68 to 1.63; 0.097, of 0.04 to 0.16).
 */
const UPPER_ARM = { perForearm: 1.15, perShoulders: 0.1, least: 0.07, most: 0.15 }

/**
 * Half the width of the upper arms: from the bare forearms where they show (the wider of the two:
 * the other may be partly hidden), otherwise a slim arm's share of the shoulder width. (Wider, as
 * 1.3 forearms or 0.15 shoulders, the skin filled under a removed sleeve stood as a slab beside the
 * body, jbeeq, 01008.)
 */
function upperArmRadius(masks: PlateMasks, body: BodyFrame): number {
  const sw = body.shoulderWidth
  const seen = [forearmRadius(masks, body.elbowL, body.wristL), forearmRadius(masks, body.elbowR, body.wristR)].filter((r): r is number => r !== null && r > sw * 0.05)
  const { perForearm, perShoulders, least, most } = UPPER_ARM
  return seen.length ? Math.min(sw * most, Math.max(sw * least, Math.max(...seen) * perForearm)) : sw * perShoulders
}

/** The half widths of an upper arm and of a forearm at its middle that an old long sleeve covers, as the plate draws them (it narrows the forearm to the wrist: see `FOREARM`). */
export function sleevedArmRadii(masks: PlateMasks, body: BodyFrame): { upper: number; forearm: number } {
  const upper = upperArmRadius(masks, body)
  return { upper, forearm: upper / LIMB_WEIGHTS[1]! }
}

/** The torso's half width at the shoulders' line, a share of their width (its sides are inside the joints, the arms outside). */
const TORSO_TOP = 0.42

/**
 * Where on the person the body is (torso, neck, arms and legs, a little wider than the joints): what
 * old clothing covered there is skin, further out (a wide sleeve beyond the arm) it was loose cloth
 * in front of the background.
 */
function bodyRegion(body: BodyFrame, arms: FilledArm[], legs: LegSegment[]): (x: number, y: number) => boolean {
  const sw = body.shoulderWidth
  const { neck, hips, down } = bodyAxes(body)
  const chin = mid(neck, body.nose)
  // (the torso widens from inside the shoulder joints, where the arms give the outline and an old
  // boxy top's sleeves stood out beyond them, to the hips)
  const hipHalf = Math.max(sw * TORSO_TOP, Math.hypot(body.hipL.x - body.hipR.x, body.hipL.y - body.hipR.y) * 0.8)
  // (the torso's round top ends where the shoulders fall from the neck: a fifth of their width
  // above their line beside it, half as much lower for each step out; higher up is hair or
  // background, or a boxy old top's flat shoulders, and the shoulders' caps are the arms')
  const along = norm(sub(body.shoulderR, body.shoulderL))
  // (which way off the shoulders' line is up: away from the hips)
  const up = Math.sign(down.x * -along.y + down.y * along.x) / sw
  /** How far (pixels) (x, y) lies above that outline (negative: below it). */
  const aboveShoulders = (x: number, y: number) => {
    const [dx, dy] = [x - neck.x, y - neck.y]
    const across = Math.abs(dx * along.x + dy * along.y) / sw
    return ((dx * along.y - dy * along.x) * up - (0.22 - 0.5 * Math.max(0, across - 0.15))) * sw
  }
  const belowShoulders = (x: number, y: number) => aboveShoulders(x, y) <= 0
  // (which way along the shoulders' line is away from the neck, for each arm)
  const outwards = arms.map(({ line: [joint] }) => Math.sign((joint!.x - neck.x) * along.x + (joint!.y - neck.y) * along.y))
  // (each row's columns that any part may reach, worked out once a row: much of the area round the
  // person lies beyond them, where every part was tried for each pixel; an arm's reach is its widest, at the shoulder or below)
  const parts: Capsule[] = [
    { a: neck, b: hips, reach: Math.max(sw * TORSO_TOP, hipHalf) },
    { a: neck, b: chin, reach: sw * 0.18 },
    ...arms.flatMap((arm) => arm.line.slice(1).map((b, k) => ({ a: arm.line[k]!, b, reach: Math.max(arm.radius, arm.shoulderRadius) + 2 }))),
    ...legs.map(({ a, b, from, to }) => ({ a, b, reach: Math.max(from, to) })),
  ]
  let [row, span] = [NaN, { from: 0, to: -1 }]
  // (loops, not closures: this runs for every pixel of the person)
  return (x, y) => {
    if (y !== row) [row, span] = [y, rowSpan(parts, y)]
    if (x < span.from || x > span.to) return false
    const half = sw * TORSO_TOP + (hipHalf - sw * TORSO_TOP) * segmentShare(x, y, neck, hips)
    if ((segmentDistance(x, y, neck, hips) < half && belowShoulders(x, y)) || segmentDistance(x, y, neck, chin) < sw * 0.18) return true
    // (two pixels for the soft edge; an arm's cap at the shoulder falls off under the shoulders' slope:
    // above it an old top's square shoulders stood as skin, or a cap as wide as the deltoid's as a
    // ball; the two outlines meet in a curve, not a corner, 049205, jbeeq: rounded over up to the
    // arm's half width, the more the further out from the joint, from none at its line)
    for (const [k, arm] of arms.entries()) {
      const beyond = beyondArm(x, y, arm) - 2
      if (beyond >= 0) continue
      const joint = arm.line[0]!
      const out = Math.min(arm.radius, Math.max(0, ((x - joint.x) * along.x + (y - joint.y) * along.y) * outwards[k]!))
      if (segmentShare(x, y, joint, arm.line[1]!) > arm.shoulderReach || roundedMax(beyond, aboveShoulders(x, y), out) < 0) return true
    }
    for (const { a, b, from, to } of legs) if (segmentDistance(x, y, a, b) < from + (to - from) * segmentShare(x, y, a, b)) return true
    return false
  }
}

/**
 * A leg's half width (shoulder widths) at the hip joint, the knee, the calf (`CALF` down the shin)
 * and the ankle: the thigh tapers to the knee and the shin to the ankle.
 */
const LEG_HALF = { hip: 0.24, knee: 0.115, calf: 0.12, ankle: 0.075 }
const CALF = 0.35
/** Over how far below the hips (shoulder widths) a leg's seen colour fades in. */
const LEG_COLOUR_FADE = 0.3
/** How much wider or narrower than LEG_HALF's the legs seen in the photo may be drawn. */
const LEG_SCALE = { min: 0.75, max: 1.6 }
/** The widest run of the person across one leg (shoulder widths): wider, it is both legs, or a skirt round them. */
const ONE_LEG = 0.45

/** A leg's segment with its half widths at either end (pixels), and the colour across its shin seen bare (null when none shows). */
type LegSegment = { a: Point; b: Point; from: number; to: number; seenColour: Float32Array | null }

/** A leg's line where its knee was seen: hip, knee, calf and ankle (unseen, as far below the knee as the hip is above it). */
function legLine(hip: Point, knee: Point | null, ankle: Point | null): Point[] | null {
  if (!knee) return null
  const end = ankleOrGuess(hip, knee, ankle)
  return [hip, knee, lerp(knee, end, CALF), end]
}

/** LEG_HALF's half width at the share t down the shin, from the knee (0) to the ankle (1). */
const shinHalf = (t: number) => (t < CALF ? LEG_HALF.knee + (LEG_HALF.calf - LEG_HALF.knee) * (t / CALF) : LEG_HALF.calf + (LEG_HALF.ankle - LEG_HALF.calf) * ((t - CALF) / (1 - CALF)))

/** How far below an old dress's hem its shadow falls on the shins (shoulder widths): their colour is read below it. */
const HEM_SHADOW = 0.04

/** How many rows across a shin, from its top seen bare down, its width and colour across are read from. */
const SHIN_ROWS = 8

/**
 * The legs' segments with their half widths in pixels, as wide as the shins seen bare (a slim
 * person's are narrower than LEG_HALF's, a sturdier one's wider), and their colour across them.
 * Under an old dress or skirt the legs are drawn so (in a longer one's place, below a new dress's
 * hem): they continue the shins below its hem, lit across as they are. The thigh starts as wide
 * at the hip whatever the legs seen.
 */
function legSegments(person: Rgb, masks: PlateMasks, body: BodyFrame, tone: Lab): LegSegment[] {
  const sw = body.shoulderWidth
  const lines = [legLine(body.hipL, body.kneeL, body.ankleL), legLine(body.hipR, body.kneeR, body.ankleR)].filter((l) => l !== null)
  const hem = oldDressHem(masks.person, body, bodyAxes(body).hips.y)
  const seen = lines.map((line) => shinRows(person, masks.person, line, sw, tone, hem))
  // (read on the rows nearest the knee: where the legs go on up under an old dress, they meet the photo's there without a step)
  const ratios = seen.flatMap((rows) => rows.slice(0, SHIN_ROWS).map(({ row, t }) => (row.right + row.left + 1) / 2 / (shinHalf(t) * sw)))
  const k = ratios.length < 8 ? 1 : Math.min(LEG_SCALE.max, Math.max(LEG_SCALE.min, median(ratios)))
  const half = [LEG_HALF.hip, LEG_HALF.knee * k, LEG_HALF.calf * k, LEG_HALF.ankle * k].map((r) => r * sw)
  return lines.flatMap((line, n) => {
    const rows = seen[n]!.slice(0, SHIN_ROWS).map(({ row }) => row)
    const seenColour = rows.length >= 4 ? colourAcross(person, rows) : null
    return line.slice(1).map((b, j) => ({ a: line[j]!, b, from: half[j]!, to: half[j + 1]!, seenColour }))
  })
}

/**
 * The rows across a leg's shin where it shows bare, from below the knee (or an old dress's hem and
 * its shadow, when lower) to the shin's middle (lower, the shoes' tops and straps are the person's too): the
 * run of the person across the leg's line where it holds that leg alone and its middle has the
 * skin's tone (the clothing mask cannot tell: it runs on down bare legs of a dress's tone). With
 * the share t down the shin each lies at.
 */
function shinRows(person: Rgb, silhouette: Plane, line: Point[], sw: number, tone: Lab, hem: number | null) {
  const [knee, ankle] = [line[1]!, line[3]!]
  const length = ankle.y - knee.y
  const across = rightOf(downward(knee, ankle))
  const rows: { row: LimbRow; t: number }[] = []
  if (length < 4) return rows
  for (let y = Math.ceil(Math.max(knee.y + length * 0.1, hem === null ? 0 : hem + sw * HEM_SHADOW)); y <= Math.min(person.height - 1, knee.y + length * 0.7); y++) {
    const t = (y - knee.y) / length
    const row = bareRow(silhouette, lerp(knee, ankle, t), across, sw * ONE_LEG)
    if (row && toneDistance(pixelLab(person, pixelIndex(person, acrossRow(row, 0))), tone) < SKIN_REACH) rows.push({ row, t })
  }
  return rows
}

/** The widest old strap across the shoulders' outline, and how far down it lies on them (shoulder widths). */
const STRAP_WIDTH = 0.2
const STRAP_DEPTH = 0.25

/**
 * Whether (x, y) is the shoulder under an old strap lying on bare shoulders: where the person's
 * outline below the head is old clothing between bare skin on either side, a strap's width apart,
 * the shoulder runs on under it from the line between the skin's outline on either side. (The body
 * region's shoulders are a guess from the joints: below a raised shoulder's top, a strap's place was
 * filled with the backdrop, and a notch showed between the neck and the shoulder beyond it.)
 */
function underStraps(masks: PlateMasks, body: BodyFrame, area: Box): (x: number, y: number) => boolean {
  const { width: w } = masks.person
  const bottom = Math.min(area.y1, Math.ceil(Math.max(body.shoulderL.y, body.shoulderR.y)))
  // Each column's outline: its row and whether it is bare skin against the backdrop (skin below
  // hair lying on the shoulder, or a column whose outline is the head's, tells nothing).
  const outline = new Float32Array(w).fill(NaN)
  const bare = new Uint8Array(w)
  const depth = Math.max(2, Math.round(body.shoulderWidth * 0.03))
  for (let x = area.x0; x <= area.x1; x++)
    for (let y = area.y0 + 2; y <= bottom; y++) {
      const i = y * w + x
      if (!isSet(masks.person, i) || isSet(masks.keep, i)) continue
      if (isSet(masks.person, i - 2 * w)) break
      outline[x] = y
      // (and a little way in: an arm's outline blended with a pale backdrop is in no mask, beside an old sleeve)
      const inward = Math.min(masks.person.height - 1, y + depth) * w + x
      bare[x] = !isSet(masks.clothing, i) && isSet(masks.person, inward) && !isSet(masks.clothing, inward) && !isSet(masks.keep, inward) ? 1 : 0
      break
    }
  const from = new Float32Array(w).fill(Infinity)
  const reach = Math.max(2, Math.round(body.shoulderWidth * STRAP_WIDTH))
  for (let x = area.x0; x <= area.x1; x++) {
    if (bare[x] || Number.isNaN(outline[x]!)) continue
    let [left, right] = [x - 1, x + 1]
    while (left >= x - reach && left >= area.x0 && !bare[left]) left--
    while (right <= x + reach && right <= area.x1 && !bare[right]) right++
    if (right - left > reach || !bare[left] || !bare[right]) continue
    from[x] = outline[left]! + ((outline[right]! - outline[left]!) * (x - left)) / (right - left)
  }
  const deepest = body.shoulderWidth * STRAP_DEPTH
  return (x, y) => y >= from[x]! && y - from[x]! < deepest && isSet(masks.person, y * w + x)
}

/** The shadow along an arm's inner edge where it lies against the torso below the armpit: how much darker at most, how wide (pixels, a Gaussian's deviation), and over how far below the armpit (shoulder widths) it deepens. */
const ARM_CREASE = { depth: 0.18, width: 2.5, fadeIn: 0.1 }

/** Over how much of a difference in light (arm's over torso's) a seen upper arm's colour fades in. */
const ARM_OVER_TORSO = 0.08

/** How far in luminance from the old clothing's main tone its shades under the body's light reach: a share of the tone, within bounds. */
const TONE_WINDOW = { share: 0.25, least: 0.03, most: 0.12 }

/** How much steeper the body's outline is made at full size than softened on the smaller plate (a pixel's blur there). */
const OUTLINE_RAMP = 3

/** Shoulders at least this wide (pixels) have their plate worked out at half size. */
const HALF_SIZE_FROM = 120

/**
 * The plate of a person photo. Its fields are smooth (the body's light, the nearest skin's colour,
 * the background behind the person): unless the person is small in the photo, they are worked out
 * at half its size and grown back, which takes a quarter of the work. The skin's grain is added at
 * full size.
 */
export function personPlate(person: Rgb, masks: PlateMasks, model: PlateModel): Plate {
  const { body } = model
  const { width: w, height: h } = person
  const outline = bounds(masks.person)
  if (outline.x1 < 0) return { fill: { ...person, data: person.data.slice() }, shade: mapPlane(masks.person, () => 1) }
  const area = grownBox(outline, PLATE_MARGIN, person)
  const f = body.shoulderWidth >= HALF_SIZE_FROM ? 2 : 1
  const small = { person: shrink(masks.person, f), clothing: shrink(masks.clothing, f), keep: shrink(masks.keep, f), bareArms: shrink(masks.bareArms, f) }
  const L = luminance(person)
  const light = lightAcross(L, masks, body)
  const half = smoothPlate(shrunkRgb(person, f), small, scaledModel(model, 1 / f), light, f)
  const shade = grow(half.shade, f, w, h, area)
  const seen = grow(half.seen, f, w, h, area)
  for (let i = 0; i < seen.data.length; i++) seen.data[i] = seen.data[i]! >= 0.5 ? 1 : 0
  const grain = skinGrain(L, seen)
  // The skin, the backdrop and the body's share grown back from the smaller plate pixel by pixel
  // (bilinear, as `grow`), into the photo's own bytes: no full-size plane of each.
  const fill = person.data.slice()
  const { data: skin, width: smallWidth } = half.skin
  const [behind, onBody] = [half.backdrop.data, half.onBody.data]
  // (the body's outline softened on the smaller plate and sharpened again at full size: grown back
  // as it was, its edge against the backdrop kept the smaller plate's steps, along a shoulder's slope)
  const bodyOutline = blur(half.onBody, 1).data
  const cols = taps(w, f, smallWidth, area.x0, area.x1)
  const rows = taps(h, f, half.skin.height, area.y0, area.y1)
  for (let y = area.y0; y <= area.y1; y++) {
    // (plain constants, not arrays destructured: this runs for every pixel round the person, at full size)
    const top = rows.lo[y]! * smallWidth
    const bottom = rows.hi[y]! * smallWidth
    const fy = rows.share[y]!
    for (let x = area.x0, i = y * w + x; x <= area.x1; x++, i++) {
      const fx = cols.share[x]!
      const a = top + cols.lo[x]!
      const b = top + cols.hi[x]!
      const c = bottom + cols.lo[x]!
      const d = bottom + cols.hi[x]!
      const wa = (1 - fx) * (1 - fy)
      const wb = fx * (1 - fy)
      const wc = (1 - fx) * fy
      const wd = fx * fy
      // (the skin is 0 off the body: divided by the share of the body a pixel's samples had, it is
      // the body's alone; the person's edge is taken at full size, a pixel soft: the smaller
      // plate's edge grown back was serrated; the person's mean round the pixel is read only
      // where the outline leaves any of the skin)
      const share = onBody[a]! * wa + onBody[b]! * wb + onBody[c]! * wc + onBody[d]! * wd
      const edge = bodyOutline[a]! * wa + bodyOutline[b]! * wb + bodyOutline[c]! * wc + bodyOutline[d]! * wd
      const ramp = share > 0 ? Math.min(1, Math.max(0, (edge - 0.5) * OUTLINE_RAMP + 0.5)) : 0
      const t = ramp > 0 ? ramp * mean3(masks.person, x, y, area) : 0
      const grained = t > 0 ? (1 + softNoise(x, y, w, area) * grain) / share : 0
      for (let k = 0; k < 3; k++) {
        const back = behind[a * 3 + k]! * wa + behind[b * 3 + k]! * wb + behind[c * 3 + k]! * wc + behind[d * 3 + k]! * wd
        const v = t > 0 ? (skin[a * 3 + k]! * wa + skin[b * 3 + k]! * wb + skin[c * 3 + k]! * wc + skin[d * 3 + k]! * wd) * grained * t + back * (1 - t) : back
        fill[i * 3 + k] = Math.round(Math.min(255, Math.max(0, v)))
      }
    }
  }
  // (beyond the area the plate is the photo itself, unshaded)
  for (let y = 0; y < h; y++) {
    const inRows = y >= area.y0 && y <= area.y1
    shade.data.fill(1, y * w, inRows ? y * w + area.x0 : (y + 1) * w)
    if (inRows) shade.data.fill(1, y * w + area.x1 + 1, (y + 1) * w)
  }
  return { fill: { width: w, height: h, data: fill }, shade }
}

/** The plate's model of a photo scaled by k. */
function scaledModel({ body, face, skin, upperArms }: PlateModel, k: number): PlateModel {
  const at = (p: Point) => pt(p.x * k, p.y * k)
  const { shoulderL, shoulderR, elbowL, elbowR, wristL, wristR, hipL, hipR, kneeL, kneeR, ankleL, ankleR, nose, shoulderWidth } = body
  const arm = (seen: SeenUpperArm | null) =>
    seen && { ...seen, top: at(seen.top), hem: at(seen.hem), end: at(seen.end), radius: seen.radius * k, rows: seen.rows.map((row) => ({ ...row, at: at(row.at), right: row.right * k, left: row.left * k })) }
  return {
    body: {
      ...{ shoulderL: at(shoulderL), shoulderR: at(shoulderR), elbowL: at(elbowL), elbowR: at(elbowR), wristL: at(wristL), wristR: at(wristR) },
      ...{ hipL: at(hipL), hipR: at(hipR), kneeL: kneeL && at(kneeL), kneeR: kneeR && at(kneeR), ankleL: ankleL && at(ankleL), ankleR: ankleR && at(ankleR), nose: at(nose), shoulderWidth: shoulderWidth * k },
    },
    face: face && { ...face, oval: face.oval.map(at) },
    skin,
    upperArms: [arm(upperArms[0]), arm(upperArms[1])],
  }
}

/** An image at 1/f of its size, each pixel the mean of an f x f block (fewer along the right and bottom edges). */
function shrunkRgb(img: Rgb, f: number): Rgb {
  if (f === 1) return img
  const { width, height, data } = img
  const [w, h] = [Math.ceil(width / f), Math.ceil(height / f)]
  const sum = new Float64Array(w * h * 3)
  for (let y = 0; y < height; y++) {
    const row = Math.floor(y / f) * w
    for (let x = 0; x < width; x++) {
      const [to, from] = [(row + Math.floor(x / f)) * 3, (y * width + x) * 3]
      for (let c = 0; c < 3; c++) sum[to + c] = sum[to + c]! + data[from + c]!
    }
  }
  const out = new Uint8Array(w * h * 3)
  for (let by = 0; by < h; by++)
    for (let bx = 0; bx < w; bx++) {
      const count = Math.min(f, height - by * f) * Math.min(f, width - bx * f)
      for (let k = (by * w + bx) * 3, c = 0; c < 3; c++) out[k + c] = Math.round(sum[k + c]! / count)
    }
  return { width: w, height: h, data: out }
}

/**
 * The plate's smooth fields, on the photo shrunk by f: the skin where the body is (`onBody`, the
 * person's outline aside: it is drawn at full size), without its grain; the background behind the
 * person; the body's light; and where visible skin was seen.
 */
function smoothPlate(person: Rgb, masks: PlateMasks, model: PlateModel, light: Float32Array, f: number): { skin: Rgb; backdrop: Rgb; onBody: Plane; shade: Plane; seen: Plane } {
  const { body, face, skin: faceSkin, upperArms } = model
  const { width: w, height: h } = person
  const n = w * h
  // The body's light, measured on the old clothing's main colour (not its prints): its
  // low-frequency variation only (a sixth of the shoulders and wider), never the old garment's
  // own folds, seams or pattern; and the broad light over the clothing's tone for the skin.
  const L = luminance(person)
  const tones: number[] = []
  for (let i = 0; i < n; i += 7) if (isSet(masks.clothing, i)) tones.push(L.data[i] ?? 0)
  const tone = median(tones) || 0.5
  // (light multiplies: the shades of one colour span a share of its lightness, and on a dark old top
  // a sheer midriff's skin or a print twice as light lay within a fixed window, read as the body's light, 01008)
  const window = Math.min(TONE_WINDOW.most, Math.max(TONE_WINDOW.least, tone * TONE_WINDOW.share))
  const plain = mapPlane(L, (v, i) => (masks.clothing.data[i] ? masks.clothing.data[i]! * Math.exp(-(((v - tone) / window) ** 2)) : 0))
  // (only round the person is the plate used: where old clothing goes and new garments lie on it)
  const area = grownBox(bounds(masks.person), PLATE_MARGIN, person)
  const fine = maskedMeans(plain, Math.max(4, body.shoulderWidth / 6), { area })(L)
  const broad = maskedMeans(plain, Math.max(30, body.shoulderWidth), { area })(L)
  const rgb = channels(person)
  // (over 12 pixels of the photo)
  const background = backgroundEstimate(rgb, masks.person, 12 / f, area)
  // Skin where clothing was: the colour of the nearest visible skin (neck, arms), the torso darker
  // towards its sides and the arms lit across as the bare forearms are; the person's face tone
  // where none shows. (Its grain is added at full size.)
  const skinMask = visibleSkin(person, masks, body, face, faceSkin)
  const sw = body.shoulderWidth
  const skinNear = maskedMeans(skinMask, sw * 0.35, { wider: sw * 1.5, area })
  const [skinR, skinG, skinB] = rgb.map(skinNear) as Channels
  const { neck, hips } = bodyAxes(body)
  const torsoHalf = Math.max(sw * 0.5, dist(body.hipL, body.hipR) * 0.75)
  // (an arm lit across as the forearms are, its light beyond its edge its edge's; where it lies
  // against the torso the lighter of the two, so no edge shows where one ends)
  const armRadius = upperArmRadius(masks, body)
  const arms = [filledArm(person, upperArms[0], body, 'L', armRadius), filledArm(person, upperArms[1], body, 'R', armRadius)]
  /**
   * The body's roundness at (x, y): its light (the torso's or, where it is lit more, the nearest
   * arm's); when the nearest arm is an upper arm seen below an old sleeve, its colour across it, the
   * share that colour takes and where across it (x, y) lies. (One object, rewritten for each pixel,
   * and the arms' segments worked out once: this runs for every pixel of the body.)
   */
  const round = { light: 1, seen: null as Float32Array | null, share: 0, u: 0, leg: false }
  const legs = legSegments(person, masks, body, rgbToLab(...faceSkin))
  const legsAcross = legs.map((leg) => ({ ...leg, across: acrossOf(leg.a, leg.b) }))
  const torsoAcross = acrossOf(neck, hips)
  // (a seen upper arm's line runs shoulder, seen, elbow: its first two segments)
  const armpitY = lerp(neck, hips, ARMPITS).y
  const segments = arms.flatMap((arm) => {
    // (across the arm towards the body's axis: its inner side, which lies against the torso)
    const inward = Math.sign(neck.x - arm.line[0]!.x) || 1
    return arm.line.slice(1).map((b, k) => ({ a: arm.line[k]!, b, across: acrossOf(arm.line[k]!, b), arm, k, seen: k < 2 ? arm.seenColour : null, inward }))
  })
  const roundAt = (x: number, y: number) => {
    // (beyond the torso's sides it goes on darkening: there only the arms are, lit as arms)
    const torso = Math.max(0.6, 1 - 0.18 * (torsoAcross(x, y) / torsoHalf) ** 2)
    let nearest = segments[0]!
    let d = Infinity
    for (const segment of segments) {
      const e = segmentDistance(x, y, segment.a, segment.b)
      if (e < d) [d, nearest] = [e, segment]
    }
    // (across the part's own width where (x, y) is, as the light was measured across the forearm's)
    const radius = armRadiusAt(nearest.arm, nearest.k, segmentShare(x, y, nearest.a, nearest.b))
    const across = nearest.across(x, y) / radius
    const armLight = acrossAt(light, across)
    // (where the arm's inner edge lies against the torso below the armpit, a crease of shadow between
    // them: lit as one, the arm and the torso ran together in a slab, 01861)
    const edge = across * nearest.inward - 1
    const fromEdge = (edge * radius) / ARM_CREASE.width
    const belowArmpit = Math.min(1, Math.max(0, (y - armpitY) / (sw * ARM_CREASE.fadeIn)))
    const crease = torso > armLight && belowArmpit > 0 ? 1 - ARM_CREASE.depth * belowArmpit * Math.exp(-(fromEdge ** 2)) : 1
    round.light = Math.max(torso, armLight) * crease
    round.seen = nearest.seen
    // (the seen arm's colour fades in where the arm's light overtakes the torso's: switched there, an edge showed across the shoulder)
    round.share = nearest.seen ? Math.min(1, Math.max(0, (armLight - torso) / ARM_OVER_TORSO + 0.5)) : 0
    round.u = across
    // (a leg nearer than the arm is lit across as the forearms are, as wide as it is drawn)
    let leg = null
    for (const segment of legsAcross) {
      const e = segmentDistance(x, y, segment.a, segment.b)
      if (e < d) [d, leg] = [e, segment]
    }
    round.leg = leg !== null
    if (leg) {
      const u = leg.across(x, y) / (leg.from + (leg.to - leg.from) * segmentShare(x, y, leg.a, leg.b))
      // (a shin seen bare gives its colour across, fading in below the hips: above is the belly's)
      const share = leg.seenColour ? Math.min(1, Math.max(0, (y - hips.y) / (sw * LEG_COLOUR_FADE))) : 0
      Object.assign(round, { light: Math.max(torso, acrossAt(light, u)), seen: leg.seenColour, share, u })
    }
    return round
  }
  const inBody = bodyRegion(body, arms, legs)
  const underStrap = underStraps(masks, body, area)
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

  const skinFill = new Uint8Array(w * h * 3)
  const backdrop = new Uint8Array(w * h * 3)
  const backdropMean = background.overall.map(Math.fround)
  const onBody = plane(w, h)
  const shade = mapPlane(L, () => 1)
  // (the light measured on the old clothing fades out towards its edge: beyond it none is measured,
  // and where it ended a step of light showed across the new garment and the skin)
  const inside = boxBlur(masks.clothing, Math.max(2, Math.round(sw * SHADE_FADE)), area)
  const skinNearest = [skinR, skinG, skinB]
  for (let y = area.y0; y <= area.y1; y++)
    for (let x = area.x0, i = y * w + x; x <= area.x1; x++, i++) {
      const lit = fine.data[i] ?? 0
      const overall = broad.data[i] ?? 0
      const clothed = (masks.clothing.data[i] ?? 0) > 0.5 && overall > 0.02
      const depth = clamp((inside.data[i]! - 0.5) * 2, 0, 1)
      shade.data[i] = clothed && lit >= 0 ? 1 + (clamp(lit / overall, SHADE.min, SHADE.max) - 1) * depth : 1
      for (let c = 0; c < 3; c++) {
        const near = background.near[c]!.data[i]!
        backdrop[i * 3 + c] = Math.round(clamp(near >= 0 ? near : backdropMean[c]!, 0, 255))
      }
      // (under the face, hair and bare hands too: kept in front, they are body, and the skin meets them without a pale seam of backdrop)
      if (!inBody(x, y) && !underStrap(x, y)) continue
      const { light: roundLight, seen, share, u, leg } = roundAt(x, y)
      // (a leg under an old dress or skirt takes no light of its folds: the gap between the legs was its darkest)
      const clothedLight = clothed && !leg ? clamp(shade.data[i] ?? 0, 0.85, 1.12) : 1
      const light = clothedLight * roundLight
      // (an upper arm seen below an old sleeve goes on up under it as it is seen: within the arm, fading
      // out over a further half of its half width; beyond, the torso's side is no arm's shaded edge)
      const t = seen ? clamp(3 - 2 * Math.abs(u), 0, 1) * share : 0
      for (let c = 0; c < 3; c++) {
        // (the nearest visible skin's, farther out where none is near, else the face's tone)
        const near = skinNearest[c]!.data[i]!
        const fill = (seen ? acrossAt(seen, u, 3, c) * clothedLight * t : 0) + (near >= 0 ? near : faceSkin[c]!) * light * (1 - t)
        skinFill[i * 3 + c] = Math.round(clamp(fill, 0, 255))
      }
      onBody.data[i] = 1
    }
  const skin = { width: w, height: h, data: skinFill }
  const seams = skinSeams(person, skinMask, onBody)
  if (seams) {
    matchSkinAtSeams(skin, seams, onBody, sw, area)
    // (once more, along the seams with the old clothing alone: the first pass matches the fill to all
    // the skin's edges, those in shadow against the backdrop or the hair too, and a lit neck's base
    // still met it in a step)
    const alongClothing = seamsNear(seams, masks.clothing)
    matchSkinAtSeams(skin, alongClothing, onBody, sw, area)
    // (and a third time within a few pixels of them: the skin's own light changes faster than the
    // passes' reach, and an old neckline's outline showed where lit skin met the fill, model_3 and jbeeq)
    matchSkinAtSeams(skin, alongClothing, onBody, sw, area, Math.max(4, sw * SEAM_REACH))
  }
  // (lit no brighter than the brightest skin seen: an old sleeve's lit middle filled a fair arm with a white stripe, 01861)
  dimToBrightest(skin, onBody, brightestSkin(L, skinMask), area)
  return { skin, backdrop: { width: w, height: h, data: backdrop }, onBody, shade, seen: skinMask }
}

/** The luminance (0..255) of the person's brightest visible skin: its 99th percentile (none: no bound). */
function brightestSkin(L: Plane, skin: Plane): number {
  const seen: number[] = []
  for (let i = 0; i < skin.data.length; i++) if (skin.data[i]) seen.push(L.data[i]!)
  return seen.length < 100 ? Infinity : quantile(seen, 0.99) * 255
}

/** Dims the filled skin within the area where it is lit brighter than `brightest` (luminance), to it, its hue kept. */
function dimToBrightest(fill: Rgb, onBody: Plane, brightest: number, area: Box) {
  const { data, width: w } = fill
  for (let y = area.y0; y <= area.y1; y++)
    for (let i = y * w + area.x0; i <= y * w + area.x1; i++) {
      if (!onBody.data[i]) continue
      const lit = LUMA[0] * data[i * 3]! + LUMA[1] * data[i * 3 + 1]! + LUMA[2] * data[i * 3 + 2]!
      if (lit <= brightest) continue
      for (let c = 0; c < 3; c++) data[i * 3 + c] = Math.round((data[i * 3 + c]! * brightest) / lit)
    }
}

/** How far (shoulder widths) the last pass of `matchSkinAtSeams` reaches into the fill. */
const SEAM_REACH = 0.05

/**
 * Where the skin filled over old clothing meets the photo's visible skin: the filled pixels within
 * 4 pixels of that skin a couple of pixels in from its edge (the edge itself mixes with the old
 * clothing), and beside each the photo's skin, the mean of that skin within 3 pixels; `near`, the
 * box they lie in. Null where no skin shows.
 */
type SkinSeams = { border: Plane; photo: Float32Array; near: Box }

function skinSeams(person: Rgb, skin: Plane, filled: Plane): SkinSeams | null {
  const { width: w, height: h } = person
  const skinBox = bounds(skin)
  if (skinBox.x1 < 0) return null
  // (worked out round the skin only, as far as the two steps reach)
  const near = grownBox(skinBox, 6, person)
  const core = morph(skin, -2, near)
  const border = mapPlane(morph(core, 4, near), (v, i) => (v && isSet(filled, i) ? 1 : 0))
  const photo = new Float32Array(w * h * 3)
  for (let y = near.y0; y <= near.y1; y++)
    for (let x = near.x0, i = y * w + x; x <= near.x1; x++, i++) {
      if (!border.data[i]) continue
      let r = 0
      let g = 0
      let b = 0
      let n = 0
      for (let v = Math.max(0, y - 3); v <= Math.min(h - 1, y + 3); v++)
        for (let u = Math.max(0, x - 3), k = v * w + u; u <= Math.min(w - 1, x + 3); u++, k++) {
          if (!core.data[k]) continue
          r += person.data[k * 3]!
          g += person.data[k * 3 + 1]!
          b += person.data[k * 3 + 2]!
          n++
        }
      if (!n) {
        border.data[i] = 0
        continue
      }
      photo[i * 3] = r / n
      photo[i * 3 + 1] = g / n
      photo[i * 3 + 2] = b / n
    }
  return { border, photo, near }
}

/** The seams near `along` only (within 6 pixels of it). */
function seamsNear(seams: SkinSeams, along: Plane): SkinSeams {
  const close = morph(along, 6, seams.near)
  return { ...seams, border: mapPlane(seams.border, (v, i) => (v && close.data[i] ? 1 : 0)) }
}

/**
 * The skin filled where clothing was, made to meet the visible skin beside it without a seam: along
 * the seams the fill's colour is set to the photo's skin there, and that correction spreads into
 * the fill (the seams' own nearby, then farther average; or only as far as `reach`, fading out), so
 * a neckline or a midriff opened by a new garment continues the skin around it instead of showing
 * a patch of another tone.
 */
function matchSkinAtSeams(fill: Rgb, { border, photo, near }: SkinSeams, filled: Plane, sw: number, area: Box, reach?: number) {
  const { width: w, height: h } = fill
  const spread = maskedMeans(border, reach ?? Math.max(6, sw * 0.12), { wider: reach ? undefined : Math.max(20, sw * 0.5), fade: 0.25, area })
  for (let c = 0; c < 3; c++) {
    const difference = plane(w, h)
    for (let y = near.y0; y <= near.y1; y++)
      for (let i = y * w + near.x0; i <= y * w + near.x1; i++) if (border.data[i]) difference.data[i] = photo[i * 3 + c]! - fill.data[i * 3 + c]!
    const correction = spread(difference)
    for (let y = area.y0; y <= area.y1; y++)
      for (let i = y * w + area.x0; i <= y * w + area.x1; i++)
        if (isSet(filled, i)) fill.data[i * 3 + c] = Math.round(Math.min(255, Math.max(0, fill.data[i * 3 + c]! + correction.data[i]!)))
  }
}

/** The plate as one RGBA PNG (the shade ratio in alpha), and back. */
export function plateToPng(plate: Plate): Promise<Buffer> {
  const { width, height } = plate.fill
  const out = Buffer.alloc(width * height * 4)
  const [fill, shade] = [plate.fill.data, plate.shade.data]
  for (let i = 0; i < width * height; i++) {
    out[i * 4] = fill[i * 3]!
    out[i * 4 + 1] = fill[i * 3 + 1]!
    out[i * 4 + 2] = fill[i * 3 + 2]!
    out[i * 4 + 3] = Math.round(((shade[i]! - SHADE.min) / (SHADE.max - SHADE.min)) * 255)
  }
  return sharp(out, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 3 }).toBuffer()
}

export async function pngToPlate(buffer: Buffer): Promise<Plate> {
  const { data, info } = await sharp(buffer).ensureAlpha().raw().toBuffer({ resolveWithObject: true })
  const n = info.width * info.height
  const fill = new Uint8Array(n * 3)
  const shade = plane(info.width, info.height)
  const scale = (SHADE.max - SHADE.min) / 255
  for (let i = 0; i < n; i++) {
    fill[i * 3] = data[i * 4]!
    fill[i * 3 + 1] = data[i * 4 + 1]!
    fill[i * 3 + 2] = data[i * 4 + 2]!
    shade.data[i] = SHADE.min + data[i * 4 + 3]! * scale
  }
  return { fill: { width: info.width, height: info.height, data: fill }, shade }
}
