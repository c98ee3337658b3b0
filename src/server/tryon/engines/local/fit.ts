import type { BodyMeasurements } from '../../engine'
import { bareExtent } from './arm-outline'
import { type GarmentModel, acrossHangingSleeve } from './garment-analysis'
import { type Point, add, along, alongPath, curveThrough, dist, lerp, mid, norm, pathLength, pt, scale, sub } from './geometry'
import { type BodyFrame, type PersonModel, armLine, bodyAxes, polylineDistance } from './person-analysis'
import { type Plane, isSet } from './raster'
import { FLARE_GATHER, type Mapping, type MeshRow, limbWarp, meshMap } from './warp'

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

/** The widest an arm's half is taken to be, in shoulder widths (beyond, the silhouette runs on into the body or a bag). */
const ARM_HALF_MAX = 0.18

/** Where down the upper arm (a share of shoulder to elbow) a hanging sleeve reads the arm's width and middle. */
const UPPER_ARM_SEEN = 0.6

/** How wide an arm is at the wrist, of its upper arm's width, where no bare forearm shows. */
const WRIST_SHARE = 0.7

/** The widest a set-in sleeve's half is on the arm, in shoulder widths. */
const SLEEVE_HALF_MAX = 0.2
/** A garment's shoulders nearer its centre than this share of its armpits' distance are straps set in from its sides. */
const STRAP_SET_IN = 0.9
/** The most a garment rises above the shoulder line, worn (shoulder widths): a high collar up the neck. */
const COLLAR_RISE_MAX = 0.3

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

/** What the person photo shows besides the pose: their silhouette, their bare arms, and where their own trousers or skirt begin. */
export type Worn = { silhouette?: Plane; bareArms?: Plane; keep?: Plane; waistband?: number | null; upperArms?: PersonModel['upperArms'] }

/**
 * How far from a point along a direction the person's silhouette runs on (until the background,
 * or a pixel `stop` rejects): `limit` when it runs on that far, null when it leaves the photo first.
 */
function silhouetteReach(person: Plane, from: Point, dir: Point, limit: number, stop: (x: number, y: number) => boolean = () => false): number | null {
  const { width: w, height: h } = person
  for (let d = 0; d < limit; d++) {
    const x = Math.round(from.x + dir.x * d)
    const y = Math.round(from.y + dir.y * d)
    if (x < 0 || y < 0 || x >= w || y >= h) return null
    if (!isSet(person, y * w + x) || stop(x, y)) return d
  }
  return limit
}

/**
 * The person's own half width of the torso at a point of its axis: out from the axis along the
 * person mask until the background or an arm (near its centre line) on each side; the narrower
 * side counts (a three-quarter view shows one side wider). Null when off the photo.
 */
function measuredHalf(person: Plane, body: BodyFrame, c: Point, across: Point): number | null {
  const sw = body.shoulderWidth
  const arms = [armLine(body.shoulderL, body.elbowL, body.wristL), armLine(body.shoulderR, body.elbowR, body.wristR)]
  const nearArm = (x: number, y: number) => arms.some((arm) => polylineDistance(x, y, arm) < sw * 0.12)
  const l = silhouetteReach(person, c, scale(across, -1), sw * 1.2, nearArm)
  const r = silhouetteReach(person, c, across, sw * 1.2, nearArm)
  return l === null || r === null ? null : Math.min(l, r)
}

/**
 * A bare arm across a point near its line, as the photo shows it: how far it runs `out` (to the
 * silhouette's edge: a shaded outer edge is no bare skin) and back (to the bare skin's last pixel
 * before a gap). Null where either is not seen, or the arm runs on into the body or beyond the widest arm.
 */
function armAcross({ silhouette, bareArms }: Worn, at: Point, out: Point, sw: number): { out: number; back: number } | null {
  if (!silhouette || !bareArms) return null
  const limit = sw * ARM_HALF_MAX * 1.5
  const outer = silhouetteReach(silhouette, at, out, limit)
  if (outer === null || outer >= limit) return null
  const back = bareExtent(bareArms, at, scale(out, -1), limit, 2)
  return back === null ? null : { out: outer, back }
}

/**
 * How far above a shoulder joint the person's silhouette ends (up the body axis), or null off the
 * photo; or where what is kept in front begins: hair lying on the shoulder is no shoulder (measured
 * through it, a jersey's shoulder stood up into 049447's locks).
 */
function shoulderTop(person: Plane, keep: Plane | undefined, joint: Point, down: Point, sw: number): number | null {
  const top = silhouetteReach(person, joint, scale(down, -1), sw * 0.5, (x, y) => keep !== undefined && isSet(keep, y * keep.width + x))
  return top === sw * 0.5 ? null : top
}

/** How far a tucked-in top's hem runs over the waistband (shoulder widths): compose cuts it there. */
export const TUCK_OVERLAP = 0.03

/** How far above the waistband (torso lengths) a top's hem is taken to rest on it: about the error of a length read from a flat photo. */
const HEM_TO_WAISTBAND = 0.15

/**
 * How much longer a top is drawn so that a hem ending just above the person's waistband rests on
 * it (and is tucked in there, as a longer one is): the old top showed in a band below the new hem,
 * a collage. A crop top, ending well above it, keeps its length; 1 for no change.
 */
function restOnWaistband(g: GarmentModel, hemY: number, shoulderY: number, waistband: number | null, torsoLength: number, sw: number) {
  if (g.type !== 'top' || waistband === null || hemY >= waistband || hemY <= shoulderY || waistband - hemY > torsoLength * HEM_TO_WAISTBAND) return 1
  // (a little past the tuck's cut, which then cuts the hem where it cuts a longer top's)
  return (waistband + sw * (TUCK_OVERLAP + 0.02) - shoulderY) / (hemY - shoulderY)
}

/**
 * Places each part of the garment on the person: the torso (and skirt) by a mesh through its
 * landmark rows (collar, shoulders, armpits, waist, hem) moved onto the body; a set-in sleeve by a
 * mesh from the body's side down its arm, a hanging one along its arm.
 */
export function fitGarment(g: GarmentModel, body: BodyFrame, fit: Fit, worn: Worn = {}): PartMappings {
  const { silhouette: person, waistband = null } = worn
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
  const shoulderLine = add(neck, scale(down, -sw * 0.05))
  const sized = 1 + fit.lengthShift
  const sizedHemY = shoulderLine.y + ((L.hemL.y + L.hemR.y) / 2 - gShoulderY) * s * sized * down.y
  const lengthScale = sized * restOnWaistband(g, sizedHemY, shoulderLine.y, waistband, torsoLength, sw)
  // A level of the garment (its y) on the body axis, measured from the shoulder line.
  const level = (gy: number) => add(shoulderLine, scale(down, (gy - gShoulderY) * s * (gy > gShoulderY ? lengthScale : 1)))
  // The body's half width at a point of the torso axis (chest, waist, hips): from the joints, or
  // the person's own torso where the photo shows it wider (old clothing there would show as skin).
  const bodyHalf = (p: Point) => {
    const t = Math.max(0, Math.min(1.4, along(p, neck, down) / torsoLength))
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
    const top = person ? shoulderTop(person, worn.keep, joint, down, sw) : null
    return top === null ? sw * 0.05 : Math.min(sw * 0.22, Math.max(sw * 0.05, top * 0.9))
  }
  const riseL = shoulderRise(body.shoulderL)
  const riseR = shoulderRise(body.shoulderR)
  // Set-in sleeves' seams sit on the shoulders' outer edges (a sleeve from there covers the arm);
  // elsewhere the garment's corners (straps, a sleeveless top's) sit just outside the joints.
  const setIn = (opening: [Point, Point] | null, cuff: [Point, Point] | null) => opening !== null && cuff !== null && !acrossHangingSleeve(opening)
  const shoulderOut = (joint: Point, sign: number, up: number, sleeved: boolean) => {
    const edge = sleeved && person ? silhouetteReach(person, joint, scale(across, sign), sw * 0.3) : null
    const out = edge === null ? sw * 0.06 : Math.min(sw * 0.2, Math.max(sw * 0.06, edge * 0.85))
    return add(joint, add(scale(across, sign * out), scale(down, -up)))
  }
  const row = (gl: Point, gr: Point, ol: Point, or: Point): MeshRow => ({ src: [gl, gr], out: [ol, or] })
  const placed = (gl: Point, gr: Point) => row(gl, gr, place(gl, bodyHalf), place(gr, bodyHalf))
  const armpits = placed(L.armpitL, L.armpitR)
  // A camisole's straps, set in from its sides on the flat photo, stay set in as much worn: at their
  // share of the chest's width, placed (at the shoulders' joints, they slid off the shoulders).
  const strapped = (joint: Point, sign: number, up: number, gShoulder: Point, gArmpit: Point, sleeved: boolean) => {
    const onJoint = shoulderOut(joint, sign, up, sleeved)
    const share = Math.abs(gShoulder.x - gCentre) / Math.max(1, Math.abs(gArmpit.x - gCentre))
    if (sleeved || share >= STRAP_SET_IN) return onJoint
    const armpitHalf = Math.abs(along(armpits.out[sign < 0 ? 0 : 1]!, neck, across))
    const inward = Math.abs(along(onJoint, neck, across)) - armpitHalf * share
    return inward > 0 ? add(onJoint, scale(across, -sign * inward)) : onJoint
  }
  const sL = strapped(body.shoulderL, -1, riseL, L.shoulderL, L.armpitL, setIn(L.sleeveOpeningL, L.sleeveCuffL))
  const sR = strapped(body.shoulderR, 1, riseR, L.shoulderR, L.armpitR, setIn(L.sleeveOpeningR, L.sleeveCuffR))
  // The collar rises above the shoulder line as much as it does on the garment, up to a high
  // collar's height on the neck: what stands higher on a flat photo (straps, a dropped shoulder's
  // yoke) lies over the shoulders when worn, and drawn at its own height it stood up beside the head.
  const rise = scale(down, -Math.min((gShoulderY - g.bbox.y0) * s, sw * COLLAR_RISE_MAX))
  const rows: MeshRow[] = [
    row(pt(L.shoulderL.x, g.bbox.y0), pt(L.shoulderR.x, g.bbox.y0), add(sL, rise), add(sR, rise)),
    row(L.shoulderL, L.shoulderR, sL, sR),
    armpits,
    placed(L.waistL, L.waistR),
    placed(L.hemL, L.hemR),
  ]
  // Rows must go down the garment and the body in order (odd landmarks are dropped).
  const depth = (q: Point) => along(q, neck, down)
  const gy = (q: MeshRow) => q.src.reduce((sum, p) => sum + p.y, 0) / q.src.length
  const py = (q: MeshRow) => q.out.reduce((sum, p) => sum + depth(p), 0) / q.out.length
  const ordered: MeshRow[] = []
  for (const r of rows) {
    const prev = ordered.at(-1)
    if (!prev || (gy(r) > gy(prev) + 2 && py(r) > py(prev) + 2)) ordered.push(r)
  }
  const bodyMap = meshMap(ordered)
  /**
   * A sleeve that leaves the body along its shoulder-armpit line (a tee's, a shirt's): that line
   * on the body's side (where the body part's shoulder and armpit rows end), then rows across the
   * arm at the elbow and at the cuff, as wide as the flat sleeve wraps round the arm.
   */
  const setInSleeve = (sleeve: { end: Point; opening: [Point, Point]; cuff: [Point, Point] }, rootOut: [Point, Point], arm: Point[], outwardX: number) => {
    const { end, opening, cuff } = sleeve
    const length = Math.max(1, dist(mid(...opening), end))
    // A sleeve longer than the arm ends at the wrist (gathered along the arm), never over the hand.
    const reach = length * Math.min(s, pathLength(arm) / length)
    const perSourcePx = Math.max(s * SLEEVE_WRAP, (sw * ARM_WIDTH) / Math.max(1, dist(...cuff))) * fit.ease
    const upperArm = dist(arm[0]!, arm[1]!)
    const stops = upperArm < reach * 0.9 ? [upperArm, reach] : [reach]
    const away = sub(scale(across, outwardX), scale(down, 0.5))
    // A row across the arm `at` px along it: as wide as the flat sleeve there wraps round the arm,
    // and at least as the arm (its outer edge is the silhouette's); the outer side first.
    const acrossArm = (at: number, src: [Point, Point]): [Point, Point] => {
      const centre = alongPath(arm, at)
      const tangent = sub(alongPath(arm, at + sw * 0.1), alongPath(arm, Math.max(0, at - sw * 0.1)))
      let normal = scale(pt(-tangent.y, tangent.x), 1 / (Math.hypot(tangent.x, tangent.y) || 1))
      if (normal.x * away.x + normal.y * away.y < 0) normal = scale(normal, -1)
      const armHalf = person ? silhouetteReach(person, centre, normal, sw * ARM_HALF_MAX) : null
      // (a puffed or flared sleeve hangs gathered round the arm: laid on at its flat width it stood out from the body)
      const half = Math.max(Math.min((dist(...src) * perSourcePx) / 2, sw * SLEEVE_HALF_MAX), armHalf === null ? 0 : armHalf + 1)
      return [add(centre, scale(normal, half)), sub(centre, scale(normal, half))]
    }
    const sourceAt = (f: number): [Point, Point] => [lerp(opening[0], cuff[0], f), lerp(opening[1], cuff[1], f)]
    // A low armhole (a boxy tee's) is gathered up under the arm: the sleeve's underside starts at
    // most this far down the arm, on its inner side, or on the body's side where the arm stands
    // out from the body (the body part ends there).
    const deepest = reach * 0.6
    const armDir = norm(sub(arm[1]!, arm[0]!))
    const depth = (p: Point) => along(p, arm[0]!, armDir)
    const [top, underarm] = rootOut
    const onBodySide = lerp(top, underarm, Math.min(1, Math.max(0, (deepest - depth(top)) / (depth(underarm) - depth(top) || 1))))
    const onArm = acrossArm(deepest, sourceAt(0.6))[1]
    const inward = (p: Point) => -outwardX * (p.x * across.x + p.y * across.y)
    const under = depth(underarm) <= deepest ? underarm : inward(onArm) >= inward(onBodySide) ? onArm : onBodySide
    const rows: MeshRow[] = [{ src: opening, out: [top, under] }]
    for (const at of stops) rows.push({ src: sourceAt(at / reach), out: acrossArm(at, sourceAt(at / reach)) })
    return meshMap(rows, FLARE_GATHER)
  }
  const sleeve = (end: Point | null, opening: [Point, Point] | null, cuff: [Point, Point] | null, gShoulder: Point, shoulder: Point, elbow: Point, wrist: Point, outwardX: number, up: number, rootOut: [Point, Point]) => {
    if (!end || !opening) return null
    if (cuff && setIn(opening, cuff)) return setInSleeve({ end, opening, cuff }, rootOut, [shoulder, elbow, wrist], outwardX)
    const root = mid(...opening)
    const width = Math.max(1, dist(...opening))
    // A hanging sleeve's opening is across it, below its cap: the cap runs on up to the shoulder line.
    const cap = acrossHangingSleeve(opening) ? root.y - gShoulder.y : 0
    // (the sleeve's cap starts as high as the shoulder line)
    const pRoot = add(shoulder, add(scale(down, sw * 0.11 - up), scale(across, outwardX * sw * 0.02)))
    // The pose's elbow and wrist are often off the arm's middle: where the arm shows bare, the
    // sleeve runs down its middle, and is at least as wide as the arm there.
    const seen = (a: Point, b: Point, at: Point) => {
      let out = norm(pt(a.y - b.y, b.x - a.x))
      if (out.x * outwardX < 0) out = scale(out, -1)
      const arm = armAcross(worn, at, out, sw)
      return arm && { middle: add(at, scale(out, (arm.out - arm.back) / 2)), width: arm.out + arm.back + 1 }
    }
    const upperAt = lerp(pRoot, elbow, UPPER_ARM_SEEN)
    const upperArm = seen(pRoot, elbow, upperAt)
    const seenElbow = seen(pRoot, elbow, elbow)
    const seenWrist = seen(elbow, wrist, lerp(elbow, wrist, 0.7))
    const elbowOn = seenElbow?.middle ?? elbow
    const wristOn = seenWrist ? add(wrist, sub(seenWrist.middle, lerp(elbow, wrist, 0.7))) : wrist
    const hand = add(wristOn, scale(sub(wristOn, elbowOn), 0.6))
    // (and down the upper arm's middle where it is seen towards the body, bent through it without a
    // corner: on the line from the shoulder to the elbow, 9 px off it, the arm's inner edge showed
    // between the sleeve and the body, model_5; at a corner the sleeve's pattern broke across. Bent
    // outwards, the armpit's skin showed there instead, 09597)
    const inward = upperArm && along(upperArm.middle, upperAt, across) * outwardX < 0 ? upperArm.middle : null
    const line = [...(inward ? curveThrough(pRoot, inward, elbowOn, UPPER_ARM_SEEN, 6) : [pRoot, elbowOn]), wristOn]
    // (and as the upper arm is seen below an old sleeve: across a bent arm, read off the pose's line,
    // the skin ran on into the forearm and told no width, and the arm showed beside the sleeve, 07966)
    const seenBelowSleeve = worn.upperArms?.[outwardX < 0 ? 0 : 1]
    const armWidth = Math.max(sw * ARM_WIDTH, upperArm?.width ?? 0, seenElbow?.width ?? 0, seenBelowSleeve ? seenBelowSleeve.radius * 2 + 1 : 0)
    // A sleeve longer than the arm ends at the wrist (gathered along the arm), never over the hand.
    const arm = pathLength(line)
    const stretch = Math.min(s, arm / Math.max(1, dist(root, end)))
    const wrap = Math.max(Math.min(s * SLEEVE_WRAP, (sw * SLEEVE_OPENING) / width) * fit.ease, (armWidth + 2) / width)
    // (gathered round the arm as it narrows to the wrist: at the opening's width all the way down, a
    // loose knit's sleeves stood off the forearms like boards, 00055)
    const gathered = (width * wrap) / 2
    const toElbow = pathLength(line.slice(0, -1))
    const atWrist = Math.min(gathered, (seenWrist ? seenWrist.width / 2 : (armWidth / 2) * WRIST_SHARE) + 2)
    const gather = (at: number) => gathered + (atWrist - gathered) * Math.min(1, Math.max(0, (at - toElbow) / Math.max(1, arm - toElbow)))
    return limbWarp({ root, end, outward: pt(outwardX, -1) }, [...line, hand], pt(outwardX * across.x, outwardX * across.y), {
      along: stretch,
      // the sleeve's opening spans a loose arm, whatever the flat lay's cut, and at least the arm
      across: wrap,
      before: sw * 0.02 + Math.min(cap * stretch, sw * 0.11),
      inner: Math.max(sw * 0.13, armWidth / 2 + 2),
      // (a hanging sleeve's bell or flared cuff is gathered in beyond its opening's width: laid on at full width it stood out from the body)
      ...(cap > 0 && { gather }),
    })
  }
  return {
    body: bodyMap,
    sleeveL: sleeve(L.sleeveEndL, L.sleeveOpeningL, L.sleeveCuffL, L.shoulderL, body.shoulderL, body.elbowL, body.wristL, -1, riseL, [sL, armpits.out[0]!]),
    sleeveR: sleeve(L.sleeveEndR, L.sleeveOpeningR, L.sleeveCuffR, L.shoulderR, body.shoulderR, body.elbowR, body.wristR, 1, riseR, [sR, armpits.out[1]!]),
    scale: s,
    hemY: level((L.hemL.y + L.hemR.y) / 2).y,
    waistY: null,
  }
}

/**
 * Trousers and skirts: the waistband on the person's waist (where their own trousers or skirt
 * begin when the photo shows that near the waist, else just above the hip joints), as wide as the
 * hips, then straight down, legs parting at the crotch. Their width is seen wrapped round the hips,
 * their length is not. Full-length legs end over the ankles when the photo shows them: a length
 * read from a flat photo's width is only roughly right, and ended short the old trousers showed
 * below, ended long the new ones ran over the shoes.
 */
function fitBottom(g: GarmentModel, body: BodyFrame, fit: Fit, waistband: number | null): PartMappings {
  const { neck, hips, down, across } = bodyAxes(body)
  const sw = body.shoulderWidth
  const { x0, y0, x1, y1 } = g.bbox
  const hipHalf = Math.max(sw * 0.42, dist(body.hipL, body.hipR) * 0.8)
  const s = ((hipHalf * 2) / Math.max(1, x1 - x0)) * fit.ease
  const long = (s / TORSO_WRAP) * (1 + fit.lengthShift)
  const waist = lerp(neck, hips, waistAt(waistband, neck, hips))
  const crotch = g.landmarks.crotch?.y ?? (y0 + y1) / 2
  const rise = (crotch - y0) * long
  const legs = legsToAnkles(body, waist, down, rise, (y1 - y0) * long)
  const at = (gy: number) => add(waist, scale(down, gy <= crotch ? (gy - y0) * long : rise + (gy - crotch) * long * legs))
  const row = (gy: number): MeshRow => {
    const c = at(gy)
    return { src: [pt(x0, gy), pt(x1, gy)], out: [add(c, scale(across, -hipHalf * fit.ease)), add(c, scale(across, hipHalf * fit.ease))] }
  }
  const hipsMesh = meshMap([row(y0), row(crotch), row(y1)])
  const onLegs = alongLegs(hipsMesh, body, { waist, down, across }, rise, g.landmarks.crotch?.x ?? (x0 + x1) / 2)
  return { body: onLegs, sleeveL: null, sleeveR: null, scale: s, hemY: at(y1).y, waistY: waist.y }
}

/**
 * Trousers' legs follow the person's: below the crotch each half of the garment is moved across by
 * as much as its leg's line (hip, knee, ankle) moves from the crotch's row down. Nothing is drawn
 * between the moved halves (the backdrop between legs apart).
 */
function alongLegs(map: Mapping, body: BodyFrame, axes: { waist: Point; down: Point; across: Point }, crotchDepth: number, crotchX: number): Mapping {
  const { waist, down, across } = axes
  const depth = (p: Point) => along(p, waist, down)
  const sideways = (p: Point) => along(p, waist, across)
  const shiftOf = (joints: (Point | null)[]) => {
    const line = joints.filter((p): p is Point => p !== null)
    if (line.length < 2) return () => 0
    // (the line's sideways position at a depth, its first and last segments run on past its ends)
    const at = (d: number) => {
      const below = line.findIndex((p) => depth(p) >= d)
      const k = below === 0 ? 1 : below < 0 ? line.length - 1 : below
      const [p, q] = [line[k - 1]!, line[k]!]
      const t = (d - depth(p)) / (depth(q) - depth(p) || 1)
      return sideways(p) + (sideways(q) - sideways(p)) * t
    }
    const atCrotch = at(crotchDepth)
    return (d: number) => at(d) - atCrotch
  }
  const shiftL = shiftOf([body.hipL, body.kneeL, body.ankleL])
  const shiftR = shiftOf([body.hipR, body.kneeR, body.ankleR])
  const nowhere = pt(-1, -1)
  return (x, y) => {
    const d = depth(pt(x, y))
    if (d <= crotchDepth) return map(x, y)
    const [l, r] = [shiftL(d), shiftR(d)]
    const fromLeft = () => {
      const src = map(x - across.x * l, y - across.y * l)
      return src.x >= 0 && src.x <= crotchX ? src : null
    }
    const fromRight = () => {
      const src = map(x - across.x * r, y - across.y * r)
      return src.x >= crotchX ? src : null
    }
    const leftFirst = sideways(pt(x, y)) < (l + r) / 2
    return (leftFirst ? (fromLeft() ?? fromRight()) : (fromRight() ?? fromLeft())) ?? nowhere
  }
}

/** How far below the ankle joints (hip-to-ankle lengths) full-length trousers end: over the ankle bones, on the shoes. */
const OVER_ANKLES = 0.04
/** Where between the knees and the ankles a hem read from the flat photo must reach to be full length (a capri's ends above). */
const FULL_LENGTH = 0.5

/** How much longer the legs below the crotch are drawn so that full-length ones end over the ankles; 1 when the ankles are not seen or the legs are shorter. */
function legsToAnkles(body: BodyFrame, waist: Point, down: Point, rise: number, length: number) {
  const depth = (p: Point) => along(p, waist, down)
  const meanDepth = (a: Point | null, b: Point | null) => (a && b ? depth(mid(a, b)) : a || b ? depth((a ?? b)!) : null)
  const ankles = meanDepth(body.ankleL, body.ankleR)
  if (ankles === null) return 1
  const hipJoints = depth(mid(body.hipL, body.hipR))
  const end = ankles + (ankles - hipJoints) * OVER_ANKLES
  const knees = meanDepth(body.kneeL, body.kneeR) ?? (hipJoints + ankles) / 2
  if (length < knees + (end - knees) * FULL_LENGTH || length <= rise || end <= rise) return 1
  return (end - rise) / (length - rise)
}

/**
 * How far above the person's own waistband (neck–hips lengths) the new one's top goes: the
 * waistband is read at the body's middle, where a top's hem may hang over it, and its edge rises
 * at the sides. (What is left of the old one above the new is removed; under a top's hem it reads
 * as tucked in.)
 */
const OVER_WAISTBAND = 0.04

/** Where on the neck–hips axis (0..1) a waistband sits: over the person's own one between the lower ribs and the hip joints, else just above the joints. */
function waistAt(waistband: number | null, neck: Point, hips: Point) {
  const t = waistband === null ? null : (waistband - neck.y) / (hips.y - neck.y || 1)
  return t !== null && t >= 0.65 && t <= 1.05 ? t - OVER_WAISTBAND : 0.88
}
