import { TryOnError } from '../../engine'
import type { BodyFrame, Face, Hand, PersonModel } from './analysis-schemas'
import { FACE_SIDES, type FaceMesh, SKIN_POINTS, faceOval, neckPoint } from './face-landmarks'
import { handPixels, keptHands } from './hand-region'
import { type Point, add, dist, lerp, mid, norm, pt, scale, segmentDistance, side, sub } from './geometry'
import { ENGINE_ERRORS } from './messages'
import { insidePolygon, polygonPixels } from './polygon'
import type { Pose } from './pose'
import { oldStraps } from './straps'
import { type Box, type Lab, type Plane, type Rgb, boxAround, boxBlur, closed, components, fillHoles, grownBox, hueApart, isSet, labAt, labDistance, labelMask, labPlanes, mapPlane, maxPlane, medianColour, medianLab, morph, opened, pixelLab, plane, rgbToLab } from './raster'

/**
 * What the engine knows of a person photo: pose, hands and face outline, skin and hair colour,
 * and masks: the person, the upper clothing they wear now (what a new garment replaces), what is
 * always kept (face, hair, bare hands), bare arms and bare hands. "L"/"R" are image left/right.
 */
export type { BodyFrame, PersonModel } from './analysis-schemas'

/**
 * `bareArms`: skin-coloured arms and hands below the shoulders (in front of a new garment's body,
 * not of its sleeves); `hands`: the bare hands the hand model found (part of `keep`).
 */
export type PersonMasks = { person: Plane; clothing: Plane; keep: Plane; bareArms: Plane; hands: Plane }

const SEEN = 0.25
/** Lab distance within which a pixel has the colour of the clothing sampled on the torso. */
const CLOTH_DISTANCE = 16
/** How far above the shoulders' joints (shoulder widths) the clothing mask begins: higher up are the face and hair, and the trapezius. */
const CLOTHING_TOP = 0.3

/** How sure the pose model must be of an ankle: on a photo cut above the knees it places unsure ones at the bottom edge. */
const ANKLE_SEEN = 0.5
/** The least an ankle lies below its hip (shoulder widths; about 2.4 to 2.8 standing): nearer, it is not the ankle. */
const LEG_LENGTH = 1.8

/** How far below a photo's bottom edge the hips may lie (shoulder widths): a photo cut at the waist. */
const HIPS_BELOW_FRAME = 0.3

/** The body frame from the pose, or a user-facing failure when the upper body is not in the photo. */
export function bodyFrame(pose: Pose, width: number, height: number): { body: BodyFrame; arms: PersonModel['arms'] } {
  const p = (k: keyof Pose) => pt(pose[k].x, pose[k].y)
  /** Whether a keypoint lies in the photo, or at most `below` under its bottom edge. */
  const inside = (k: keyof Pose, below = 0) => pose[k].x >= 0 && pose[k].y >= 0 && pose[k].x <= width && pose[k].y <= height + below
  const face = Math.max(pose.nose.score, pose.leftEye.score, pose.rightEye.score)
  const needed = ['leftShoulder', 'rightShoulder', 'leftHip', 'rightHip'] as const
  if (face < SEEN && needed.every((k) => pose[k].score < SEEN)) throw new TryOnError(ENGINE_ERRORS.noPerson)
  const shoulderWidth = dist(p('leftShoulder'), p('rightShoulder'))
  // (a photo cut at the waist: the model still places the hips just below its edge)
  const hipsBelow = shoulderWidth * HIPS_BELOW_FRAME
  if (needed.some((k) => pose[k].score < SEEN || !inside(k, k.endsWith('Hip') ? hipsBelow : 0)) || face < SEEN * 0.6) throw new TryOnError(ENGINE_ERRORS.outOfFrame)
  if (shoulderWidth < Math.min(width, height) * 0.08) throw new TryOnError(ENGINE_ERRORS.outOfFrame)
  // Front-facing: the person's right side is on the image's left.
  const [sL, sR] = pose.rightShoulder.x <= pose.leftShoulder.x ? (['right', 'left'] as const) : (['left', 'right'] as const)
  const key = <T extends string>(side: 'left' | 'right', part: T) => `${side}${part.charAt(0).toUpperCase()}${part.slice(1)}` as keyof Pose
  const get = (side: 'left' | 'right', part: string) => p(key(side, part))
  const seen = (side: 'left' | 'right', part: string) => pose[key(side, part)].score >= SEEN
  // An unseen elbow or wrist hangs straight down from the joint above it.
  const down = (from: Point, len: number) => pt(from.x, from.y + len)
  const elbow = (s: 'left' | 'right') => (seen(s, 'elbow') ? get(s, 'elbow') : down(get(s, 'shoulder'), shoulderWidth * 0.85))
  const wrist = (s: 'left' | 'right') => (seen(s, 'wrist') ? get(s, 'wrist') : down(elbow(s), shoulderWidth * 0.8))
  const knee = (s: 'left' | 'right') => (seen(s, 'knee') && inside(key(s, 'knee')) ? get(s, 'knee') : null)
  const ankle = (s: 'left' | 'right') => {
    const at = get(s, 'ankle')
    const sure = pose[key(s, 'ankle')].score >= ANKLE_SEEN && inside(key(s, 'ankle'))
    return sure && at.y - get(s, 'hip').y >= shoulderWidth * LEG_LENGTH ? at : null
  }
  return {
    body: {
      shoulderL: get(sL, 'shoulder'),
      shoulderR: get(sR, 'shoulder'),
      elbowL: elbow(sL),
      elbowR: elbow(sR),
      wristL: wrist(sL),
      wristR: wrist(sR),
      hipL: get(sL, 'hip'),
      hipR: get(sR, 'hip'),
      kneeL: knee(sL),
      kneeR: knee(sR),
      ankleL: ankle(sL),
      ankleR: ankle(sR),
      nose: p('nose'),
      shoulderWidth,
    },
    arms: { left: seen(sL, 'elbow'), right: seen(sR, 'elbow') },
  }
}

/** A single person must be in the photo: big foreground parts other than the largest mean more people. */
export function checkSinglePerson(person: Plane) {
  // (components are of the set pixels: no thresholded copy of the mask is needed)
  const { sizes } = components(person)
  const total = person.data.length
  const largest = Math.max(0, ...sizes)
  if (largest < total * 0.03) throw new TryOnError(ENGINE_ERRORS.noPerson)
  if (sizes.filter((s) => s >= largest * 0.35 && s >= total * 0.02).length > 1) throw new TryOnError(ENGINE_ERRORS.morePeople)
}

/** Distance from (x, y) to a polyline, each segment's distance multiplied by its weight (1 when none). */
export function polylineDistance(x: number, y: number, line: Point[], weights: number[] = []) {
  let best = Infinity
  let a = line[0]
  for (let k = 1; k < line.length; k++) {
    const b = line[k]
    if (!a || !b) break
    best = Math.min(best, segmentDistance(x, y, a, b) * (weights[k - 1] ?? 1))
    a = b
  }
  return best
}

/** The photo's colours (RGB) within r of c. */
function discColours(img: Rgb, c: Point, r: number): [number, number, number][] {
  const out: [number, number, number][] = []
  for (let y = Math.round(c.y - r); y <= c.y + r; y++)
    for (let x = Math.round(c.x - r); x <= c.x + r; x++) {
      if (x < 0 || y < 0 || x >= img.width || y >= img.height || Math.hypot(x - c.x, y - c.y) > r) continue
      const i = (y * img.width + x) * 3
      out.push([img.data[i] ?? 0, img.data[i + 1] ?? 0, img.data[i + 2] ?? 0])
    }
  return out
}

/**
 * The person's skin colour (median RGB). With a face mesh: from the cheeks and the middle of the
 * forehead (not eyes, brows or lips) and the neck below the chin where it has the face's colour
 * (not a collar or hair); without: from the middle of the face (between the eyes and the mouth).
 */
function skinTone(img: Rgb, body: BodyFrame, mesh: FaceMesh | null): [number, number, number] {
  const fallback = () => medianColour(discColours(img, pt(body.nose.x, body.nose.y + body.shoulderWidth * 0.027), body.shoulderWidth * 0.09)) ?? [0, 0, 0]
  if (!mesh) return fallback()
  const [l, r] = [mesh.points[FACE_SIDES[0]], mesh.points[FACE_SIDES[1]]]
  const faceWidth = l && r ? dist(l, r) : body.shoulderWidth * 0.4
  const face = [...SKIN_POINTS.cheeks, ...SKIN_POINTS.forehead].flatMap((k) => {
    const p = mesh.points[k]
    return p ? discColours(img, p, faceWidth * 0.05) : []
  })
  const faceColour = medianColour(face)
  if (!faceColour) return fallback()
  const faceLab = rgbToLab(...faceColour)
  const neck = neckPoint(mesh)
  const neckColours = neck ? discColours(img, neck, faceWidth * 0.1).filter((c) => labDistance(rgbToLab(...c), faceLab) < 18) : []
  return medianColour([...face, ...neckColours]) ?? faceColour
}

type Cluster = { c: Lab; count: number; sum: Lab }

/** k-means in Lab on samples; returns cluster centres with their share. */
function kmeans(samples: Lab[], k: number): { c: Lab; share: number }[] {
  // (seeded with samples spread through the list; none without samples)
  const seeds = Array.from({ length: k }, (_, j) => samples[Math.floor(((j + 0.5) * samples.length) / k)]).filter((s) => s !== undefined)
  let clusters: Cluster[] = seeds.map((c) => ({ c, count: 0, sum: [0, 0, 0] }))
  for (let iter = 0; iter < 8; iter++) {
    clusters = clusters.map(({ c }) => ({ c, count: 0, sum: [0, 0, 0] }))
    for (const s of samples) {
      let best = clusters[0]
      let bd = Infinity
      for (const cluster of clusters) {
        const { c } = cluster
        const d = (c[0] - s[0]) ** 2 + (c[1] - s[1]) ** 2 + (c[2] - s[2]) ** 2
        if (d < bd) {
          bd = d
          best = cluster
        }
      }
      if (!best) break
      best.count++
      best.sum[0] += s[0]
      best.sum[1] += s[1]
      best.sum[2] += s[2]
    }
    clusters = clusters.map((cl) => (cl.count ? { ...cl, c: [cl.sum[0] / cl.count, cl.sum[1] / cl.count, cl.sum[2] / cl.count] } : cl))
  }
  return clusters.map(({ c, count }) => ({ c, share: count / samples.length }))
}

/**
 * The upper clothing the person wears now: colours sampled in the torso core (not skin), grown
 * over the person mask where the colour matches, connected to the torso.
 */
function clothingMask(img: Rgb, lab: [Plane, Plane, Plane], person: Plane, body: BodyFrame, skin: [number, number, number]): { clothing: Plane; armOutlines: Plane } {
  const { width: w, height: h } = img
  const shrink = (a: Point, b: Point, t: number) => lerp(a, b, t)
  const neck = mid(body.shoulderL, body.shoulderR)
  const hips = mid(body.hipL, body.hipR)
  // The chest (not down to the hips, where trousers may begin).
  const core: [Point, Point, Point, Point] = [
    shrink(body.shoulderL, hips, 0.25),
    shrink(body.shoulderR, hips, 0.25),
    shrink(body.shoulderR, body.hipR, 0.55),
    shrink(body.shoulderL, body.hipL, 0.55),
  ]
  const skinLab = rgbToLab(...skin)
  const samples: [number, number, number][] = []
  const xs = core.map((q) => q.x)
  const ys = core.map((q) => q.y)
  const step = Math.max(1, Math.round(body.shoulderWidth / 60))
  const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs))), Math.min(w, Math.max(...xs))]
  const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys))), Math.min(h, Math.max(...ys))]
  for (let y = y0; y < y1; y += step)
    for (let x = x0; x < x1; x += step) {
      if (!insidePolygon(x, y, core)) continue
      const i = y * w + x
      samples.push(labAt(lab, i))
    }
  const notSkin = (c: [number, number, number]) => Math.hypot(c[0] - skinLab[0], c[1] - skinLab[1], c[2] - skinLab[2]) > 14
  // (the chest's skin in shadow, in a neckline or beside a strap, is no clothing colour: taken for one, it took the arms in shadow too)
  const clusters = kmeans(samples, 4).filter((c) => c.share >= 0.06 && notSkin(c.c) && !shadedSkin(c.c, skinLab))
  // Sleeves: what covers the upper arms just below the shoulders, when it is not skin.
  const bareArmLines: Point[][] = []
  for (const [shoulder, elbow, wrist] of [
    [body.shoulderL, body.elbowL, body.wristL],
    [body.shoulderR, body.elbowR, body.wristR],
  ] as const) {
    const arm: [number, number, number][] = []
    const r = body.shoulderWidth * 0.06
    for (let t = 0.15; t <= 0.4; t += 0.05) {
      const c = lerp(shoulder, elbow, t)
      for (let y = Math.round(c.y - r); y <= c.y + r; y += 2)
        for (let x = Math.round(c.x - r); x <= c.x + r; x += 2) {
          if (x < 0 || y < 0 || x >= w || y >= h || !isSet(person, y * w + x)) continue
          arm.push(labAt(lab, y * w + x))
        }
    }
    // (nor lit skin: the lit side of a dark arm, far lighter than the skin's tone, was taken for a sleeve, and
    // its colour took in the chest and the neck's lit side, 051482)
    const skinLit = (c: readonly number[]) => litSkin(c[0]!, c[1]!, c[2]!, skinLab)
    const covered = arm.filter((c) => notSkin(c) && !shadedSkin(c, skinLab) && !skinLit(c))
    if (covered.length > arm.length * 0.5) clusters.push(...kmeans(covered, 2).filter((c) => c.share >= 0.2 && !skinLit(c.c)))
    else bareArmLines.push([shoulder, elbow, wrist])
  }
  // (on an arm bare from the shoulder, skin the light falls on is no clothing of a colour near it: the
  // lit cap of an arm beside a pink sleeveless shirt was taken for the shirt, and filled as an old
  // sleeve, 00034; a dark forearm's side lit by a white top beside it, and filled as a pale patch, 051482)
  const onBareArm = (x: number, y: number) => bareArmLines.some((line) => polylineDistance(x, y, line) < body.shoulderWidth * BARE_ARM_REACH)
  const out = plane(w, h)
  if (!clusters.length) return { clothing: out, armOutlines: plane(w, h) }
  const top = Math.min(body.shoulderL.y, body.shoulderR.y) - body.shoulderWidth * CLOTHING_TOP
  // (the clusters' colours in one flat array: this runs for every pixel of the person)
  const colours = Float64Array.from(clusters.flatMap(({ c }) => c))
  const [sL, sA, sB] = skinLab
  for (let i = Math.max(0, Math.floor(top)) * w; i < w * h; i++) {
    if (!isSet(person, i)) continue
    const L = lab[0].data[i]!
    const A = lab[1].data[i]!
    const B = lab[2].data[i]!
    if (bareArmLines.length && litSkin(L, A, B, skinLab) && onBareArm(i % w, Math.floor(i / w))) continue
    // (squared distances; the first cluster nearer than both the limit and the skin settles it)
    const near = Math.min(CLOTH_DISTANCE ** 2, (L - sL) ** 2 + (A - sA) ** 2 + (B - sB) ** 2)
    for (let k = 0; k < colours.length; k += 3)
      if ((L - colours[k]!) ** 2 + (A - colours[k + 1]!) ** 2 + (B - colours[k + 2]!) ** 2 < near) {
        out.data[i] = 1
        break
      }
  }
  // Close small gaps (prints, creases), leave the arms' outlines out, then keep what touches the torso core.
  const outlined = closed(out, 3)
  const outlines = armOutlines(outlined, body)
  const apart = mapPlane(outlined, (v, i) => (outlines.data[i] ? 0 : v))
  const { labels } = components(apart)
  const touching = new Set<number>()
  for (const q of [mid(core[0], core[2]), mid(core[1], core[3]), mid(core[0], core[1]), mid(core[2], core[3]), mid(neck, hips)]) {
    const l = labels[Math.round(q.y) * w + Math.round(q.x)]
    if (l !== undefined && l >= 0) touching.add(l)
  }
  return { clothing: fillHoles(labelMask(labels, touching, apart, person)), armOutlines: outlines }
}

/** Half the width (pixels) under which clothing along an arm's outer side is the arm's outline, not a sleeve. */
const OUTLINE_HALF = 3
/** How far (pixels) an arm's outline, left out of every mask, reaches beyond the bare arm. */
export const ARM_OUTLINE = OUTLINE_HALF * 2 + 1

/**
 * An arm's outline against a pale backdrop blends the skin with it, a colour near a pale top's:
 * clothing in a strip that thin beside an arm, on its side away from the body, is that outline.
 * (A sleeve there is thicker; between arm and torso a thin strip is the old top, and stays.)
 */
function armOutlines(clothing: Plane, body: BodyFrame): Plane {
  const { width: w } = clothing
  const reach = body.shoulderWidth * 0.25
  // (image-left arm: outwards is leftwards; its segments that run more down than across)
  const arms = [
    { line: [body.shoulderL, body.elbowL, body.wristL], outwards: -1 },
    { line: [body.shoulderR, body.elbowR, body.wristR], outwards: 1 },
  ]
  const outer = (x: number, y: number) =>
    arms.some(({ line, outwards }) =>
      line.slice(1).some((b, k) => {
        const a = line[k]!
        if (Math.abs(b.y - a.y) < Math.abs(b.x - a.x) || segmentDistance(x, y, a, b) > reach) return false
        // (side() is negative to the right of a line running down the image)
        return side(a, b, { x, y }) * Math.sign(b.y - a.y) * outwards < 0
      }),
    )
  // (the opening is worked out round the arms only: within reach of their lines it is the whole frame's)
  const box = grownBox(boxAround(arms.flatMap((arm) => arm.line), reach + OUTLINE_HALF * 2 + 2), 0, clothing)
  const thick = opened(clothing, OUTLINE_HALF, box)
  const out = plane(w, clothing.height)
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0, i = y * w + x; x <= box.x1; x++, i++) if (clothing.data[i] && !thick.data[i] && outer(x, y)) out.data[i] = 1
  return out
}

/** How far in from the person's outline the old clothing's rim can reach beyond the clothing mask (pixels). */
const RIM = 5

/** How far out the neck's base reaches (its half widths from the middle), where it widens into the shoulders. */
const NECK_BASE = 2.6

/**
 * The hair's colour: the median of the person's pixels at the top of the head that have not the
 * skin's colour (null when too few show: a head cut off by the frame's top shows the forehead there,
 * and the neck and chest, taken for hair, were kept in front of a new top).
 */
function hairColour(lab: [Plane, Plane, Plane], person: Plane, body: BodyFrame, skinLab: Lab): Lab | null {
  const { width: w, height: h } = person
  let headTop = h
  for (let i = 0; i < w * h; i++)
    if (isSet(person, i)) {
      headTop = Math.floor(i / w)
      break
    }
  const hair: [number, number, number][] = []
  let seen = 0
  for (let y = headTop; y < Math.min(h, headTop + body.shoulderWidth * 0.12); y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (!isSet(person, i)) continue
      seen++
      if (!skinLike(lab, i, skinLab)) hair.push(labAt(lab, i))
    }
  // (and darker than a pale backdrop's blend with the head's outline)
  const colour = medianColour(hair)
  return colour && hair.length >= seen * HAIR_SHOWS && colour[0] < HAIR_PALEST ? colour : null
}

/** Whether pixel i has the hair's colour (never when it is not known). */
const hairColoured = (lab: [Plane, Plane, Plane], i: number, hairLab: Lab | null) => hairLab !== null && labDistance(labAt(lab, i), hairLab) < 12

/** The share of the head's top that must be of another colour than the skin for the hair's colour to be read there, and the palest hair (L*). */
const HAIR_SHOWS = 0.2
const HAIR_PALEST = 70

/** The old top's colour: the median of the clothing between the shoulders and the hips (null when none shows). */
function oldTopColour(lab: [Plane, Plane, Plane], clothing: Plane, body: BodyFrame): Lab | null {
  const { width: w, height: h } = clothing
  const shoulderY = Math.min(body.shoulderL.y, body.shoulderR.y)
  const lowest = Math.min(h, Math.max(body.hipL.y, body.hipR.y))
  const top: Lab[] = []
  for (let i = Math.ceil(shoulderY) * w; i < lowest * w; i += 5) if (isSet(clothing, i)) top.push(labAt(lab, i))
  return medianColour(top)
}

/** How high (shoulder widths above the clothing mask's top) an old top's collar can rise behind the neck. */
const COLLAR_RISE = 0.15

/**
 * An old top's collar rising behind the neck above where the clothing mask begins (a long neck's, a
 * white tee's on a pale backdrop: kept, it stood as white wings either side of the neck over every
 * new top): up each column beside the neck from the clothing's top, what has the top's colour, not
 * the skin's or the hair's, joins the clothing.
 */
function addRisingCollar(clothing: Plane, lab: [Plane, Plane, Plane], person: Plane, body: BodyFrame, skinLab: Lab, topLab: Lab | null, hairLab: Lab | null) {
  if (!topLab) return
  const { width: w } = clothing
  const sw = body.shoulderWidth
  const from = Math.max(1, Math.floor(Math.min(body.shoulderL.y, body.shoulderR.y) - sw * CLOTHING_TOP))
  const highest = Math.max(0, from - sw * COLLAR_RISE)
  const collarColoured = (i: number) => {
    const colour = labAt(lab, i)
    return labDistance(colour, topLab) < 12 && hueApart(colour, skinLab) > 9 && !hairColoured(lab, i, hairLab)
  }
  // (a column of old clothing down to the shoulders below it: an earring hanging there that the mask took in is no top)
  const depth = Math.min(clothing.height - from, Math.ceil(sw * CLOTHING_TOP))
  const clothedBelow = (x: number) => Array.from({ length: depth }, (_, k) => (from + k) * w + x).every((i) => isSet(clothing, i))
  for (let x = Math.max(0, Math.floor(body.nose.x - sw * 0.6)); x <= Math.min(w - 1, body.nose.x + sw * 0.6); x++) {
    if (Math.abs(x - body.nose.x) < sw * 0.2 || !clothedBelow(x)) continue
    for (let y = from - 1; y >= highest && isSet(person, y * w + x) && collarColoured(y * w + x); y--) clothing.data[y * w + x] = 1
  }
}

/** The widest opening of an old top (shoulder widths) that is a slit in it rather than its neckline. */
const SLIT = 0.14
/** How far from the body's centre line (shoulder widths) a slit is looked for: a neckline's opening. */
const SLIT_REACH = 0.3
/** How much darker (L*) than the skin's tone a slit's skin is, in the top's shadow. */
const SLIT_SHADOW = 8

/**
 * Adds to the clothing an old top's narrow openings down the chest in its shadow (a keyhole, a slit,
 * the tip of a deep V): on each row from the shoulders' line to the hips, near the centre line, a
 * run of the person that is not clothing, with clothing on either side, narrower than SLIT and
 * darker than the skin's tone. Kept when the top went, that skin showed as a dark mark in the skin
 * filled round it (09597's halter's slit, under every new neckline). (A lit neckline's lower rows,
 * as narrow, meet the fill in their own tone.)
 */
function closeSlits(clothing: Plane, person: Plane, body: BodyFrame, lightness: Plane, skinLab: Lab): void {
  const { width: w, height: h } = clothing
  const sw = body.shoulderWidth
  const { hips } = bodyAxes(body)
  const widest = sw * SLIT
  const from = Math.max(0, Math.ceil(Math.min(body.shoulderL.y, body.shoulderR.y)))
  for (let y = from; y < Math.min(h, hips.y); y++) {
    const centre = centreLineX(body, y)
    const [x0, x1] = [Math.max(1, Math.round(centre - sw * SLIT_REACH)), Math.min(w - 2, Math.round(centre + sw * SLIT_REACH))]
    const row = y * w
    for (let x = x0; x <= x1; x++) {
      if (!isSet(clothing, row + x - 1) || isSet(clothing, row + x) || !isSet(person, row + x)) continue
      let [end, sum] = [x, 0]
      while (end <= x1 && !isSet(clothing, row + end) && isSet(person, row + end)) sum += lightness.data[row + end++]!
      if (end - x <= widest && end <= x1 && isSet(clothing, row + end) && sum / (end - x) < skinLab[0] - SLIT_SHADOW) clothing.data.fill(1, row + x, row + end)
      x = end
    }
  }
}

/** Face and hair: the person above the neck, plus hair-coloured parts joined to it (long hair over the shoulders). */
function keepMask(lab: [Plane, Plane, Plane], person: Plane, clothing: Plane, body: BodyFrame, skinLab: Lab, hairLab: Lab | null, topLab: Lab | null): Plane {
  const { width: w, height: h } = person
  const shoulderY = Math.min(body.shoulderL.y, body.shoulderR.y)
  const neckY = shoulderY - body.shoulderWidth * 0.12
  const out = plane(w, h)
  const lowest = Math.min(h, Math.max(body.hipL.y, body.hipR.y))
  const reach = body.shoulderWidth * 0.45
  const trapezius = shoulderY - body.shoulderWidth * CLOTHING_TOP
  const neckHalf = body.shoulderWidth * 0.13
  // The old collar round the neck's base: clothing there not of the skin's hue and nearer the old
  // top's colour (below the shoulders) than the skin's, even the hair's colour (a black tee's); not
  // a neck in shadow that the clothing mask took in with a dark top.
  const collarTop = shoulderY - body.shoulderWidth * 0.2
  const collarRows = { x0: 0, y0: Math.max(0, Math.floor(collarTop) - 3), x1: w - 1, y1: Math.min(h - 1, Math.ceil(shoulderY) + 3) }
  const collar = plane(w, h)
  for (let y = Math.ceil(collarTop); y <= shoulderY; y++)
    for (let i = y * w; i < (y + 1) * w; i++) {
      if (!isSet(clothing, i)) continue
      const colour = labAt(lab, i)
      const fromSkin = hueApart(colour, skinLab)
      collar.data[i] = fromSkin > 9 && (!topLab || hueApart(colour, topLab) < fromSkin) ? 1 : 0
    }
  const collarRim = morph(collar, 2, collarRows)
  const hairy = (i: number) => hairColoured(lab, i, hairLab)
  /**
   * The old collar's edge blended with the neck's base (two pixels from the collar, in front of the
   * neck whatever its hue, and where the neck widens into the shoulders unless it has the hair's
   * colour: hair lies on a collar there): it showed as a dark line.
   */
  const collarEdge = (x: number, y: number, i: number) => {
    if (y < collarTop || y > shoulderY || collar.data[i] || collarRim.data[i] !== 1) return false
    const out = Math.abs(x - body.nose.x) / neckHalf
    return out <= 1.6 || (out <= NECK_BASE && !hairy(i))
  }
  // (locks of hair lit paler or shaded deeper than its colour at the head's top: of its hue and,
  // where smooth skin of that hue is not, textured, 049447's copper locks on her shoulders; not a line
  // a few pixels thin, an old collar's edge round the neck)
  const shoulders = { x0: 0, y0: Math.max(0, Math.floor(neckY)), x1: w - 1, y1: Math.max(0, Math.ceil(lowest) - 1) }
  const locks = hairLab && hairLocks(lab, strandTexture(lab[0], shoulders), hairLab, shoulders)
  const strand = (i: number) => locks !== null && isSet(locks, i)
  const inner = morph(person, -RIM)
  // (the old clothing over the shoulders, beside the neck, goes: not what has the skin's hue, the neck's side in
  // shadow; its rim too, where the clothing mask ends short of the person's outline, unless it has the hair's colour)
  const oldClothing = (i: number) => {
    const colour = labAt(lab, i)
    const cloth = isSet(clothing, i) || (!inner.data[i] && !hairy(i))
    return cloth && hueApart(colour, skinLab) > 9
  }
  for (let y = 0; y < lowest; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x
      if (!isSet(person, i)) continue
      if (y < neckY) {
        // (the neck rounds off at its base as a collar goes round it: kept with square corners, they cut
        // a square notch in a new top)
        const t = (y - trapezius) / (neckY - trapezius)
        const beside = y >= trapezius && Math.abs(x - body.nose.x) > neckHalf * Math.sqrt(Math.max(0, 1 - t * t))
        // (and the old collar round the neck's base, with its edge; bare shoulders beside the neck go
        // too, not hair nor its strands' blend with the backdrop, nor a neck's side in shadow that the
        // clothing mask took in: kept, bare shoulders cut a new top's shoulders off along one flat line)
        const bare = !isSet(clothing, i) && !hairy(i) && skinLike(lab, i, skinLab)
        // (above the trapezius, old clothing is a collar rising behind the neck: see `addRisingCollar`)
        const goes = collar.data[i] === 1 || collarEdge(x, y, i) || (beside && (oldClothing(i) || bare)) || (y < trapezius && isSet(clothing, i))
        if (!goes) out.data[i] = 1
        continue
      }
      const near = Math.min(Math.abs(x - body.shoulderL.x), Math.abs(x - body.shoulderR.x), Math.abs(x - body.nose.x)) < reach
      if (near && !isSet(clothing, i) && !collarEdge(x, y, i) && (hairy(i) || strand(i))) out.data[i] = 0.99
    }
  // Hair below the neck only counts when it hangs from the head.
  const { labels } = components(out)
  const head = new Set<number>()
  for (let x = 0; x < w; x++) {
    const l = labels[Math.max(0, Math.floor(neckY) - 1) * w + x] ?? -1
    if (l >= 0) head.add(l)
  }
  const kept = labelMask(labels, head, out)
  // (hanging hair closed over its highlights and the gaps between its strands, lighter than its
  // colour: left out, they were filled with the backdrop or drawn over, and the strands floated as specks)
  const below = { x0: 0, y0: Math.min(h - 1, Math.ceil(neckY)), x1: w - 1, y1: h - 1 }
  const strands = closed(kept, HAIR_GAP, below)
  for (let i = below.y0 * w; i < w * h; i++) if (strands.data[i] && !kept.data[i] && isSet(person, i)) kept.data[i] = 0.99
  return kept
}

/**
 * How textured hair's strands are (the mean size of L*'s Laplacian over 7 x 7 pixels), where skin is
 * smooth: 049447's copper hair 6 to 18, her neck in shadow of its hue 0.5 to 1.2; and how far of the
 * hair's hue (see `hueApart`) a lit or shaded strand lies.
 */
const STRANDS = 3
const STRAND_HUE = 20
/** Half the thinnest lock of hair (pixels): thinner is a line, an old collar's edge. */
const LOCK = 2

/** The box's pixels that are locks of hair: textured, of the hair's hue, and more than a thin line. */
function hairLocks(lab: [Plane, Plane, Plane], texture: Plane, hairLab: Lab, box: Box): Plane {
  const { width: w, height: h } = texture
  const found = plane(w, h)
  for (let y = box.y0; y <= box.y1; y++)
    for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (texture.data[i]! >= STRANDS && hueApart(labAt(lab, i), hairLab) < STRAND_HUE) found.data[i] = 1
  return opened(found, LOCK, box)
}

/** How textured L* is round each pixel of the box (the mean size of its Laplacian over 7 x 7 pixels). */
function strandTexture(lightness: Plane, box: Box): Plane {
  const { width: w, height: h, data } = lightness
  const laplacian = plane(w, h)
  for (let y = Math.max(1, box.y0); y <= Math.min(h - 2, box.y1); y++)
    for (let x = Math.max(1, box.x0), i = y * w + x; x <= Math.min(w - 2, box.x1); x++, i++)
      laplacian.data[i] = Math.abs(4 * data[i]! - data[i - 1]! - data[i + 1]! - data[i - w]! - data[i + w]!)
  return boxBlur(laplacian, 3, box)
}

/** Half the widest gap between strands of hanging hair that is taken as hair (pixels). */
const HAIR_GAP = 2

/** The arm as a polyline: shoulder, elbow, wrist and the hand beyond it. */
export function armLine(shoulder: Point, elbow: Point, wrist: Point): Point[] {
  return [shoulder, elbow, wrist, add(wrist, scale(sub(wrist, elbow), 0.45))]
}

/**
 * Whether a colour is the skin's in shadow: darker, its hue kept, its chroma kept or up to 1.6
 * times the skin's (a dark-skinned arm turned from the light read as a dark sleeve, and took the
 * neck and arm with it; a fair arm in shadow is warmer, and was taken for a sleeve).
 */
function shadedSkin(c: readonly number[], skinLab: readonly number[]) {
  const [L, a, b] = [c[0] ?? 0, c[1] ?? 0, c[2] ?? 0]
  const [sL, sa, sb] = [skinLab[0] ?? 0, skinLab[1] ?? 0, skinLab[2] ?? 0]
  if (L >= sL) return false
  if (Math.hypot(a - sa, b - sb) < 8) return true
  // (along the skin's hue and across it)
  const chroma = Math.hypot(sa, sb) || 1
  const along = (a * sa + b * sb) / chroma
  return Math.abs(a * sb - b * sa) / chroma < 4 && along > chroma && along < chroma * 1.6
}

/** How near the line of an arm that no sleeve covers (shoulder widths) lit skin is told from clothing (an upper arm is about 0.1 across each side). */
const BARE_ARM_REACH = 0.15
/**
 * Lit skin: its hue within this (degrees) of the skin's, and at least this share of its chroma (lit,
 * it pales, and turns yellower: 051482's lit arm is 13 degrees from the tone her lips and chin gave).
 */
const LIT_SKIN = { hue: 15, chroma: 0.7 }

/** Whether a colour is the skin's where the light falls on it: lighter, its hue kept, a little paler. */
function litSkin(L: number, a: number, b: number, skinLab: readonly number[]) {
  const [sL, sa, sb] = [skinLab[0] ?? 0, skinLab[1] ?? 0, skinLab[2] ?? 0]
  const [chroma, skinChroma] = [Math.hypot(a, b), Math.hypot(sa, sb)]
  if (L < sL || chroma < skinChroma * LIT_SKIN.chroma || chroma > skinChroma * 1.2) return false
  const turn = Math.abs(Math.atan2(a * sb - b * sa, a * sa + b * sb)) * (180 / Math.PI)
  return turn <= LIT_SKIN.hue
}

/** How far from the clothing mask a darker pixel is its rim (a blend of the old sleeve's hem and the skin), not skin in shadow. */
const HEM_RIM = 2

function bareArmsMask(lab: [Plane, Plane, Plane], person: Plane, clothing: Plane, body: BodyFrame, skin: [number, number, number]): Plane {
  const { width: w, height: h } = person
  const out = plane(w, h)
  const skinLab = rgbToLab(...skin)
  // From the middle of the upper arm down: higher up, skin is the shoulder, which a new garment covers.
  const radius = body.shoulderWidth * 0.16
  const lowerArm = (shoulder: Point, elbow: Point, wrist: Point) => armLine(lerp(shoulder, elbow, 0.45), elbow, wrist)
  const arms = [lowerArm(body.shoulderL, body.elbowL, body.wristL), lowerArm(body.shoulderR, body.elbowR, body.wristR)]
  const box = grownBox(boxAround(arms.flat(), radius), HEM_RIM, out)
  const clothingRim = morph(clothing, HEM_RIM, box)
  for (const arm of arms) {
    const { x0, y0, x1, y1 } = grownBox(boxAround(arm, radius), 0, out)
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        const i = y * w + x
        if (!isSet(person, i) || out.data[i]) continue
        if (polylineDistance(x, y, arm) >= radius) continue
        const c = labAt(lab, i)
        const d = Math.hypot(c[0] - skinLab[0], (c[1] - skinLab[1]) * 1.5, (c[2] - skinLab[2]) * 1.5)
        if (d < 22 || (shadedSkin(c, skinLab) && !isSet(clothingRim, i))) out.data[i] = 1
      }
  }
  // (where the clothing mask holds it too, a slice under five pixels wide is no arm either: a skin-toned
  // top's pale edge beyond the shadow along the arm, kept in front of a new top in slivers)
  // (within the box, as the arms are)
  const both = plane(w, h)
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * w + box.x0; i <= y * w + box.x1; i++) both.data[i] = out.data[i] && isSet(clothing, i) ? 1 : 0
  const wide = opened(both, 2, box)
  const bare = plane(w, h)
  for (let y = box.y0; y <= box.y1; y++) for (let i = y * w + box.x0; i <= y * w + box.x1; i++) bare.data[i] = out.data[i] && (!both.data[i] || wide.data[i]) ? 1 : 0
  // (opened: a line a pixel or two wide is no arm, but an old sleeve's dark hem or the shadow along it;
  // its small holes filled: a highlight or a freckle within the arm is arm, and its pixels were taken for old clothing's)
  return fillHoles(opened(bare, 1, box), (radius * radius) / 4)
}

/** What the face and hand models found in the photo. */
export type FoundParts = { hands: Hand[]; face: Face | null }

/** The fewest skin pixels a hand shows for its own colour to be read from them. */
const HAND_SEEN = 50

/**
 * Adds to `keep` the bare skin of the found hands: their regions' pixels of the person that have
 * the skin's colour (lightness counting half: a hand is often in shadow), then those that have the
 * colour of the hand's own skin so found (a hand is often warmer or more shaded than the face, and
 * its palm and the shadows between its fingers were taken for old clothing). A hand in a pocket or
 * a sleeve has none.
 */
function keepBareHands(keep: Plane, lab: [Plane, Plane, Plane], person: Plane, hands: Hand[], skin: [number, number, number]) {
  const skinLab = rgbToLab(...skin)
  for (const hand of hands) {
    const region: number[] = []
    handPixels([hand], person.width, person.height, (i) => {
      if (isSet(person, i)) region.push(i)
    })
    const bare = region.filter((i) => skinLike(lab, i, skinLab))
    for (const i of bare) keep.data[i] = 1
    const own = bare.length >= HAND_SEEN ? medianColour(bare.map((i) => labAt(lab, i))) : null
    if (!own) continue
    for (const i of region) if (skinLike(lab, i, own)) keep.data[i] = 1
  }
}

/** Whether pixel i has the skin's colour, its lightness counting half (skin in shadow keeps its hue). */
const skinLike = (lab: [Plane, Plane, Plane], i: number, skinLab: Lab) =>
  Math.hypot(((lab[0].data[i] ?? 0) - skinLab[0]) * 0.5, ((lab[1].data[i] ?? 0) - skinLab[1]) * 1.5, ((lab[2].data[i] ?? 0) - skinLab[2]) * 1.5) < 24

/**
 * The person's masks, and the arms' outlines that the clothing mask leaves out (see `armOutlines`):
 * the plate fills them as old clothing, for a new sleeve beside them.
 */
export function personMasks(img: Rgb, person: Plane, body: BodyFrame, skin: [number, number, number], found: FoundParts): PersonMasks & { armOutlines: Plane } {
  const lab = labPlanes(img)
  const { clothing: foundClothing, armOutlines } = clothingMask(img, lab, person, body, skin)
  const straps = oldStraps(lab[0], foundClothing, person, body)
  const clothing = maxPlane(foundClothing, straps)
  const skinLab = rgbToLab(...skin)
  const [hairLab, topLab] = [hairColour(lab, person, body, skinLab), oldTopColour(lab, clothing, body)]
  addRisingCollar(clothing, lab, person, body, skinLab, topLab, hairLab)
  closeSlits(clothing, person, body, lab[0], skinLab)
  const keep = keepMask(lab, person, clothing, body, skinLab, hairLab, topLab)
  // (the face's outline is always kept, wherever the neck line falls; so are the bare hands)
  if (found.face)
    polygonPixels(found.face.oval, img.width, img.height, 0, (i) => {
      if (isSet(person, i)) keep.data[i] = 1
    })
  keepBareHands(keep, lab, person, found.hands, skin)
  return { person, clothing, keep, bareArms: bareArmsMask(lab, person, clothing, body, skin), hands: keptHands(found.hands, keep), armOutlines }
}

/** The person's model: body frame, skin colour (from the face mesh when there is one), hands and face outline. */
export function personModel(img: Rgb, frame: ReturnType<typeof bodyFrame>, hands: Hand[], mesh: FaceMesh | null): Omit<PersonModel, 'waistband' | 'upperArms'> {
  return { ...frame, skin: skinTone(img, frame.body, mesh), hands, face: mesh && { score: mesh.score, oval: faceOval(mesh) } }
}

/** Over how many rows (shoulder widths, 2 at least) an upper garment's hem blends into the skin below it. */
const HEM_BLEND = 0.01

/**
 * Going down the body's centre line below the chest: past the upper clothing, the first row that
 * is mostly not skin is a lower garment's waistband (once bare skin has shown between them, even
 * where the segmentation took part of the band for clothing). When the upper clothing runs on
 * into the lower garment with no skin between, the waistband is where its colour turns to the
 * colour the thighs wear. None for a dress or one colour all the way down.
 */
export function waistband(img: Rgb, masks: PersonMasks, body: BodyFrame, skin: [number, number, number]): number | null {
  const { neck, hips } = bodyAxes(body)
  const skinLab = rgbToLab(...skin)
  const limit = Math.min(img.height - 1, hips.y + body.shoulderWidth * 0.35)
  const half = Math.round(body.shoulderWidth * 0.08)
  const midriff = lerp(neck, hips, 0.6).y
  /** How many pixels of the centre line's band on row y are clothing, skin and neither. */
  const kinds = (y: number) => {
    const count = { clothing: 0, skin: 0, other: 0 }
    for (const i of centreBand(body, img.width, y)) {
      if (!isSet(masks.person, i)) continue
      if (isSet(masks.clothing, i)) count.clothing++
      else if (labDistance(pixelLab(img, i), skinLab) < 20) count.skin++
      else count.other++
    }
    return count
  }
  const rim = Math.max(2, Math.round(body.shoulderWidth * HEM_BLEND))
  let bareSeen = false
  for (let y = Math.round(lerp(neck, hips, 0.35).y); y <= limit; y++) {
    const { clothing, skin: skinCount, other } = kinds(y)
    // (skin in a neckline's V is not the midriff)
    if (skinCount > half && y >= midriff) bareSeen = true
    if (clothing > half && !bareSeen) continue
    // (the upper clothing's hem, blended with the skin below it, is no lower garment: skin follows within a row or two)
    if (!bareSeen && y >= midriff && Array.from({ length: rim }, (_, k) => kinds(y + k + 1)).some((below) => below.skin > half)) continue
    // (with no skin between, the lower garment's top may have been read as the top's: its colour tells)
    if (other > half || (bareSeen && clothing + other > half)) return bareSeen ? y : (colourWaistband(img, masks, body, skinLab, y) ?? y)
    if (skinCount === 0 && other === 0 && clothing === 0) return null
  }
  return colourWaistband(img, masks, body, skinLab, limit)
}

/** Where the body's centre line (neck to hips, extended) crosses row y. */
export function centreLineX(body: BodyFrame, y: number): number {
  const { neck, hips } = bodyAxes(body)
  return neck.x + ((hips.x - neck.x) * (y - neck.y)) / (hips.y - neck.y || 1)
}

/** The pixels of a row within `reach` (8% unless told) of the shoulder width of the body's centre line. */
function centreBand(body: BodyFrame, width: number, y: number, reach = 0.08): number[] {
  const half = Math.round(body.shoulderWidth * reach)
  const cx = Math.round(centreLineX(body, y))
  const out: number[] = []
  for (let x = Math.max(0, cx - half); x <= Math.min(width - 1, cx + half); x++) out.push(y * width + x)
  return out
}

/** How near (`hueApart`: their shade aside) the thighs' colour is to the skin's when they are bare. */
const BARE_THIGHS = 20
/** How far from the centre line (shoulder widths) rows are read for their colour: a zip or a button placket down the middle is narrower. */
const COLOUR_BAND = 0.2
/** How much a difference of lightness alone counts against hueApart's 12 (a white top over a grey skirt). */
const LIGHTNESS_APART = 0.5

/**
 * A top and trousers (or a skirt) both read as clothing: the first row of the centre line, between
 * the lower ribs and `limit`, from which on the colour is the thighs' (below a short skirt over bare
 * thighs, the hips') rather than the chest's for a run of rows (a stripe or a print is shorter).
 * None when the thighs wear the chest's colour or were not seen.
 */
function colourWaistband(img: Rgb, masks: PersonMasks, body: BodyFrame, skin: Lab, limit: number): number | null {
  const { neck, hips } = bodyAxes(body)
  const sw = body.shoulderWidth
  // (the person but their face and hair: trousers may not be in the clothing mask)
  const clothed = (pixels: number[]) => pixels.filter((i) => isSet(masks.person, i) && !isSet(masks.keep, i))
  const thighPixels: number[] = []
  for (const [hip, knee] of [[body.hipL, body.kneeL], [body.hipR, body.kneeR]] as const) {
    if (!knee) continue
    for (let t = 0.3; t <= 0.7; t += 0.02) {
      const c = lerp(hip, knee, t)
      for (let dx = -sw * 0.06; dx <= sw * 0.06; dx += 2) {
        const x = Math.round(c.x + dx)
        const y = Math.round(c.y)
        if (x >= 0 && y >= 0 && x < img.width && y < img.height) thighPixels.push(y * img.width + x)
      }
    }
  }
  const rowColour = (y: number) => medianLab(img, clothed(centreBand(body, img.width, y, COLOUR_BAND)))
  const run = Math.max(4, Math.round(sw * 0.12))
  // (the rows below `limit` where no knee is in the photo)
  const below: number[] = []
  for (let y = Math.ceil(limit); y < Math.min(img.height, limit + run); y++) below.push(...clothed(centreBand(body, img.width, y)))
  const rowsColour = (from: number, to: number) => {
    const pixels: number[] = []
    for (let y = Math.round(from); y <= to; y += 2) pixels.push(...clothed(centreBand(body, img.width, y, COLOUR_BAND)))
    return medianLab(img, pixels)
  }
  const bareThighs = medianLab(img, clothed(thighPixels))
  // (bare thighs below a short skirt: the skirt's colour is the one at the hips)
  const thighs = bareThighs && hueApart(bareThighs, skin) < BARE_THIGHS ? rowsColour(hips.y - sw * 0.15, hips.y) : (bareThighs ?? medianLab(img, below))
  const chest = rowsColour(lerp(neck, hips, 0.45).y, lerp(neck, hips, 0.6).y)
  if (!thighs || !chest || Math.max(hueApart(thighs, chest), labDistance(thighs, chest) * LIGHTNESS_APART) < 12) return null
  const likeThighs: boolean[] = []
  const from = Math.round(lerp(neck, hips, 0.65).y)
  for (let y = from; y <= limit; y++) {
    const c = rowColour(y)
    likeThighs.push(c !== null && hueApart(c, thighs) < hueApart(c, chest))
  }
  // (a button, a belt loop or a fold may break the run for a row or two)
  for (let k = 0; k + run <= likeThighs.length; k++)
    if (likeThighs[k] && likeThighs.slice(k, k + run).filter(Boolean).length >= run * 0.8) return from + k
  return null
}

/** Where the armpits are on the neck-hips axis (a share of the way down). */
export const ARMPITS = 0.3

/** The axis of the body: from the neck base to the hips, and across. */
export function bodyAxes(body: BodyFrame) {
  const neck = mid(body.shoulderL, body.shoulderR)
  const hips = mid(body.hipL, body.hipR)
  const down = norm(sub(hips, neck))
  const across = pt(-down.y, down.x)
  // `across` points to image right for an upright person.
  return { neck, hips, down: down, across: across.x >= 0 ? across : pt(-across.x, -across.y) }
}
