import type { BodyMeasurements } from '../../engine'
import { type GarmentModel, acrossHangingSleeve } from './garment-analysis'
import { type Point, add, dist, lerp, mid, pt, scale, sub } from './geometry'
import { type BodyFrame, armLine, bodyAxes, polylineDistance } from './person-analysis'
import { type Plane, isSet } from './raster'
import { type Mapping, type MeshRow, bandMesh, limbWarp } from './warp'

/** How loosely the garment sits: >1 wider, <1 narrower; and a length change (fraction of its length). */
export type Fit = { ease: number; lengthShift: number }

/** A flat sleeve is about half the arm's circumference wide: seen on the arm it is this much narrower. */
const SLEEVE_WRAP = 0.55
/** A flat garment's width is half the body's circumference: seen from the front it is this much narrower. */
const TORSO_WRAP = 0.86
/** How wide a sleeve's opening is on the arm, in shoulder widths. */
const SLEEVE_OPENING = 0.34
/** The narrowest a sleeve is on the arm, in shoulder widths (an upper arm seen from the front). */
const ARM_WIDTH = 0.22

/** Chest (cm) of each letter size on the demo size chart. */
const SIZE_CHEST: Record<string, number> = { XXS: 78, XS: 82, S: 88, M: 94, L: 100, XL: 106, XXL: 112, '3XL': 118 }

/** The chosen size against the person's chest makes the garment looser or tighter (bounded). */
export function fitFromSize(size?: string, measurements?: BodyMeasurements): Fit {
  const chart = size ? SIZE_CHEST[size.trim().toUpperCase()] : undefined
  const chest = measurements?.chestCm
  const ease = chart && chest ? Math.min(1.15, Math.max(0.92, chart / chest)) : 1
  return { ease, lengthShift: 0 }
}

export type PartMappings = {
  /** person -> garment for the torso and skirt */
  body: Mapping
  sleeveL: Mapping | null
  sleeveR: Mapping | null
  /** garment px -> person px */
  scale: number
  /** Where the garment ends on the person (its hem's height), for the length of the old clothing to remove. */
  hemY: number
  /** Where trousers or a skirt begin on the person (their waistband's height); null for a top or dress. */
  waistY: number | null
}

/** What the person photo shows besides the pose: their silhouette, and where their own trousers or skirt begin. */
export type Worn = { silhouette?: Plane; waistband?: number | null }

/**
 * Places each part of the garment on the person: the torso (and skirt) by a band mesh through
 * its landmark rows (collar, shoulders, armpits, waist, hem) moved onto the body, each sleeve
 * along its arm.
 */
/**
 * The person's own half width of the torso at a point of its axis: out from the axis along the
 * person mask until the background or an arm (near its centre line) on each side; the narrower
 * side counts (a three-quarter view shows one side wider). Null when off the photo.
 */
function measuredHalf(person: Plane, body: BodyFrame, c: Point, across: Point): number | null {
  const sw = body.shoulderWidth
  const arms = [armLine(body.shoulderL, body.elbowL, body.wristL), armLine(body.shoulderR, body.elbowR, body.wristR)]
  const { width: w, height: h } = person
  const reach = (sign: number) => {
    for (let d = 0; d < sw * 1.2; d++) {
      const x = Math.round(c.x + across.x * sign * d)
      const y = Math.round(c.y + across.y * sign * d)
      if (x < 0 || y < 0 || x >= w || y >= h) return null
      if (!isSet(person, y * w + x) || arms.some((arm) => polylineDistance(x, y, arm) < sw * 0.12)) return d
    }
    return sw * 1.2
  }
  const l = reach(-1)
  const r = reach(1)
  return l === null || r === null ? null : Math.min(l, r)
}

/** How far above a shoulder joint the person's silhouette ends (up the body axis), or null off the photo. */
function shoulderTop(person: Plane, joint: Point, down: Point, sw: number): number | null {
  const { width: w, height: h } = person
  for (let d = 0; d < sw * 0.5; d++) {
    const x = Math.round(joint.x - down.x * d)
    const y = Math.round(joint.y - down.y * d)
    if (x < 0 || y < 0 || x >= w || y >= h) return null
    if (!isSet(person, y * w + x)) return d
  }
  return null
}

export function fitGarment(g: GarmentModel, body: BodyFrame, fit: Fit, { silhouette: person, waistband = null }: Worn = {}): PartMappings {
  if (g.type === 'bottom') return fitBottom(g, body, fit, waistband)
  const L = g.landmarks
  const sw = body.shoulderWidth
  const { neck, hips, down, across } = bodyAxes(body)
  const gShoulderWidth = Math.max(1, dist(L.shoulderL, L.shoulderR))
  // Garment shoulders sit just outside the shoulder joints; straps set in from a camisole's sides
  // are narrower than the body they hold up, so its chest sets the scale.
  const s = (sw * 1.12) / Math.max(gShoulderWidth, dist(L.armpitL, L.armpitR))
  const gShoulderY = (L.shoulderL.y + L.shoulderR.y) / 2
  const gCentre = (L.shoulderL.x + L.shoulderR.x) / 2
  const torsoLength = dist(neck, hips)
  const lengthScale = 1 + fit.lengthShift
  // A level of the garment (its y) on the body axis, measured from the shoulder line.
  const level = (gy: number) => add(add(neck, scale(down, -sw * 0.05)), scale(down, (gy - gShoulderY) * s * (gy > gShoulderY ? lengthScale : 1)))
  // The body's half width at a point of the torso axis (chest, waist, hips): from the joints, or
  // the person's own torso where the photo shows it wider (old clothing there would show as skin).
  const bodyHalf = (p: Point) => {
    const t = Math.max(0, Math.min(1.4, ((p.x - neck.x) * down.x + (p.y - neck.y) * down.y) / torsoLength))
    const chest = sw * 0.47
    const hip = Math.max(sw * 0.47, dist(body.hipL, body.hipR) * 0.8)
    const estimate = t < 0.6 ? chest + (sw * 0.42 - chest) * (t / 0.6) : sw * 0.42 + (hip - sw * 0.42) * Math.min(1, (t - 0.6) / 0.4)
    const measured = person ? measuredHalf(person, body, p, across) : null
    return measured === null ? estimate : Math.min(sw * 0.7, Math.max(estimate, measured))
  }
  const place = (gp: Point, minHalf: (c: Point) => number) => {
    const c = level(gp.y)
    const off = (gp.x - gCentre) * s * fit.ease * TORSO_WRAP
    const half = Math.max(Math.abs(off), minHalf(c) * 1.04)
    return add(c, scale(across, Math.sign(off || 1) * half))
  }
  // The shoulder line sits on top of the person's shoulders (from the mask when there is one):
  // lower, the old clothing above it would show as a band of skin.
  const shoulderRise = (joint: Point) => {
    const top = person ? shoulderTop(person, joint, down, sw) : null
    return top === null ? sw * 0.05 : Math.min(sw * 0.22, Math.max(sw * 0.05, top * 0.9))
  }
  const riseL = shoulderRise(body.shoulderL)
  const riseR = shoulderRise(body.shoulderR)
  const shoulderOut = (joint: Point, sign: number, up: number) => add(joint, add(scale(across, sign * sw * 0.06), scale(down, -up)))
  const row = (gl: Point, gr: Point, ol: Point, or: Point): MeshRow => ({ src: [gl, gr], out: [ol, or] })
  const placed = (gl: Point, gr: Point) => row(gl, gr, place(gl, bodyHalf), place(gr, bodyHalf))
  const sL = shoulderOut(body.shoulderL, -1, riseL)
  const sR = shoulderOut(body.shoulderR, 1, riseR)
  // The collar rises above the shoulder line as much as it does on the garment.
  const rise = scale(down, (g.bbox.y0 - gShoulderY) * s)
  const rows: MeshRow[] = [
    row(pt(L.shoulderL.x, g.bbox.y0), pt(L.shoulderR.x, g.bbox.y0), add(sL, rise), add(sR, rise)),
    row(L.shoulderL, L.shoulderR, sL, sR),
    placed(L.armpitL, L.armpitR),
    placed(L.waistL, L.waistR),
    placed(L.hemL, L.hemR),
  ]
  // Rows must go down the garment and the body in order (odd landmarks are dropped).
  const depth = (q: Point) => (q.x - neck.x) * down.x + (q.y - neck.y) * down.y
  const gy = (q: MeshRow) => (q.src[0].y + q.src[1].y) / 2
  const py = (q: MeshRow) => (depth(q.out[0]) + depth(q.out[1])) / 2
  const ordered: MeshRow[] = []
  for (const r of rows) {
    const prev = ordered.at(-1)
    if (!prev || (gy(r) > gy(prev) + 2 && py(r) > py(prev) + 2)) ordered.push(r)
  }
  const bodyMap = bandMesh(ordered, neck, down)
  const sleeve = (end: Point | null, opening: [Point, Point] | null, gShoulder: Point, shoulder: Point, elbow: Point, wrist: Point, outwardX: number, up: number) => {
    if (!end || !opening) return null
    const root = mid(...opening)
    const width = Math.max(1, dist(...opening))
    // A hanging sleeve's opening is across it, below its cap: the cap runs on up to the shoulder line.
    const cap = acrossHangingSleeve(opening) ? root.y - gShoulder.y : 0
    // (the sleeve's cap starts as high as the shoulder line)
    const pRoot = add(shoulder, add(scale(down, sw * 0.11 - up), scale(across, outwardX * sw * 0.02)))
    const forearm = sub(wrist, elbow)
    const hand = add(wrist, scale(forearm, 0.6))
    // A sleeve longer than the arm ends at the wrist (gathered along the arm), never over the hand.
    const arm = dist(pRoot, elbow) + dist(elbow, wrist)
    const along = Math.min(s, arm / Math.max(1, dist(root, end)))
    const wrap = Math.max(Math.min(s * SLEEVE_WRAP, (sw * SLEEVE_OPENING) / width), (sw * ARM_WIDTH) / width) * fit.ease
    return limbWarp({ root, end, outward: pt(outwardX, -1) }, [pRoot, elbow, wrist, hand], pt(outwardX * across.x, outwardX * across.y), {
      along,
      // the sleeve's opening spans a loose arm, whatever the flat lay's cut, and at least the arm
      across: wrap,
      before: sw * 0.02 + Math.min(cap * along, sw * 0.11),
      inner: sw * 0.13,
      // (a hanging sleeve's bell or flared cuff is gathered in beyond its opening's width: laid on at full width it stood out from the body)
      ...(cap > 0 && { gather: (width * wrap) / 2 }),
    })
  }
  return {
    body: bodyMap,
    sleeveL: sleeve(L.sleeveEndL, L.sleeveOpeningL, L.shoulderL, body.shoulderL, body.elbowL, body.wristL, -1, riseL),
    sleeveR: sleeve(L.sleeveEndR, L.sleeveOpeningR, L.shoulderR, body.shoulderR, body.elbowR, body.wristR, 1, riseR),
    scale: s,
    hemY: level((L.hemL.y + L.hemR.y) / 2).y,
    waistY: null,
  }
}

/**
 * Trousers and skirts: the waistband on the person's waist (where their own trousers or skirt
 * begin when the photo shows that near the waist, else just above the hip joints), as wide as the
 * hips, then straight down as long as the garment is for that width, legs parting at the crotch.
 */
function fitBottom(g: GarmentModel, body: BodyFrame, fit: Fit, waistband: number | null): PartMappings {
  const { neck, hips, down, across } = bodyAxes(body)
  const sw = body.shoulderWidth
  const { x0, y0, x1, y1 } = g.bbox
  const hipHalf = Math.max(sw * 0.42, dist(body.hipL, body.hipR) * 0.8)
  const s = ((hipHalf * 2) / Math.max(1, x1 - x0)) * fit.ease
  const waist = lerp(neck, hips, waistAt(waistband, neck, hips))
  const at = (gy: number) => add(waist, scale(down, (gy - y0) * s * (1 + fit.lengthShift)))
  const row = (gy: number): MeshRow => {
    const c = at(gy)
    return { src: [pt(x0, gy), pt(x1, gy)], out: [add(c, scale(across, -hipHalf * fit.ease)), add(c, scale(across, hipHalf * fit.ease))] }
  }
  const crotch = g.landmarks.crotch?.y ?? (y0 + y1) / 2
  return { body: bandMesh([row(y0), row(crotch), row(y1)], neck, down), sleeveL: null, sleeveR: null, scale: s, hemY: at(y1).y, waistY: waist.y }
}

/** Where on the neck–hips axis (0..1) a waistband sits: the person's own one between the lower ribs and the hip joints, else just above the joints. */
function waistAt(waistband: number | null, neck: Point, hips: Point) {
  const t = waistband === null ? null : (waistband - neck.y) / (hips.y - neck.y || 1)
  return t !== null && t >= 0.65 && t <= 1.05 ? t : 0.88
}
