import type { SeenUpperArm } from './arm-outline'
import { type Point, lerp, norm, segmentDistance, segmentShare, sub } from './geometry'
import { type BodyFrame, type PersonMasks, armLine } from './person-analysis'
import { type Plane, boxAround, grownBox, isSet, plane } from './raster'

/** How far the bare arm below an old sleeve is its hem's blended edge and shadow (shoulder widths). */
const HEM_EDGE = 0.035
/** How much further up the arm than across a hem at a slant the old sleeve is looked for. */
const HEM_SLANT = 1.5
/** The least share of the bare arm across a pixel that has the old sleeve up the arm from it: a hem across the arm. */
const HEM_ACROSS = 0.5

/** Where the upper arms show in front of a new top's body with the plate's skin (see `armBands`). */
export const ARM_BAND = { covered: 1, hemEdge: 2 } as const

/**
 * The upper arms (left and right as seen: `seenUpperArm`) where an old sleeve covered them and a
 * shorter new sleeve leaves them bare, in front of the new garment's body as the arm seen below the
 * old sleeve is, from below where the new sleeve crosses the arm's middle (a sleeve's underside
 * along its inner edge aside), as wide as the arm is seen, along the line from the shoulder to
 * where it shows bare. Both kinds take the plate's skin: `covered`, what the old sleeve covered
 * (and its hem's shadow just below it), only below the armpits (higher up, a garment's body or
 * straps lie over the shoulder) unless a new sleeve on the arm ends above them; `hemEdge`,
 * the bare arm's first rows below the old sleeve (its hem blended with the skin, and its shadow: a
 * line across the arm), above the armpits too (bare arm, in front of the new garment's body or
 * straps there as it was). An arm that an old long sleeve covers down to the wrist (none of it seen
 * bare) is `covered` below the armpits and the new sleeve, as the plate draws it: along the pose,
 * as wide as `sleeved` (see `sleevedArm`). Null when no arm is in either kind.
 */
export function armBands(masks: Pick<PersonMasks, 'bareArms' | 'clothing' | 'person'>, sleeves: Plane, body: BodyFrame, seenArms: (SeenUpperArm | null)[], armpits: number, sleeved: { upper: number; forearm: number }): Uint8Array | null {
  const { width: w, height: h } = masks.person
  const margin = body.shoulderWidth * HEM_EDGE
  let band: Uint8Array | null = null
  for (const [k, shoulder] of [body.shoulderL, body.shoulderR].entries()) {
    const seen = seenArms[k]
    if (!seen) {
      const [elbow, wrist] = k ? [body.elbowR, body.wristR] : [body.elbowL, body.wristL]
      if (inLongSleeve(masks, shoulder, elbow, wrist)) sleevedArm((band ??= new Uint8Array(w * h)), masks, sleeves, armLine(shoulder, elbow, wrist).slice(0, 3), sleeved, armpits)
      continue
    }
    const { top, end, radius } = seen
    const box = grownBox(boxAround([shoulder, end], 0), Math.ceil(radius + margin), masks.person)
    const dir = norm(sub(end, shoulder))
    const depth = (x: number, y: number) => (x - shoulder.x) * dir.x + (y - shoulder.y) * dir.y
    const topDepth = depth(top.x, top.y)
    const armpitDepth = dir.y > 0 ? (armpits - shoulder.y) / dir.y : 0
    let crossing = 0
    for (let y = box.y0; y <= box.y1; y++)
      for (let x = box.x0; x <= box.x1; x++) if ((sleeves.data[y * w + x] ?? 0) > 0.5 && segmentDistance(x, y, shoulder, end) < radius * 0.5) crossing = Math.max(crossing, depth(x, y))
    // (across the arm towards the body's middle, in half widths: the body's side is that way)
    const inward = Math.sign(body.shoulderL.x + body.shoulderR.x - 2 * shoulder.x) || 1
    const across = (x: number, y: number) => (((x - shoulder.x) * dir.y - (y - shoulder.y) * dir.x) * inward) / radius
    // With no new sleeve on the arm, the new garment's side passes behind the arm from the armpits
    // down to where it shows bare: its outer side comes out from behind it at the armpits, its inner
    // side by the hem. (Cut across at the armpits, the arm stood as a block of skin over a sleeveless
    // dress's side, 00055.) Below a new sleeve the arm comes out of the sleeve, in front of the body,
    // above the armpits too (cut at them, the new top's body stood over the arm's inner side in a step, 07966).
    const slant = crossing === 0 ? Math.max(0, topDepth - armpitDepth) : 0
    const emerges = (x: number, y: number) => (crossing > 0 ? crossing : armpitDepth + slant * Math.min(1, Math.max(0, (across(x, y) + 1) / 2)))
    // (the old sleeve: clothing that is not the bare arm, which the clothing mask of a white top holds too)
    const reach = grownBox(box, Math.ceil(Math.max(3, margin)), masks.person)
    const oldSleeve = plane(w, h)
    for (let y = reach.y0; y <= reach.y1; y++)
      for (let i = y * w + reach.x0; i <= y * w + reach.x1; i++) oldSleeve.data[i] = isSet(masks.clothing, i) && !isSet(masks.bareArms, i) ? 1 : 0
    // (the old sleeve up the arm, within the hem's blend and shadow, from a bare pixel and from most of the
    // bare arm across it: a hem lies across the arm; an old top's side beside it, a sleeveless top's, is no hem)
    const hemReach = Math.ceil(Math.max(3, margin) * HEM_SLANT)
    const sleeveUpFrom = (x: number, y: number) => {
      for (let k = 1; k <= hemReach; k++) {
        const [u, v] = [Math.round(x - dir.x * k), Math.round(y - dir.y * k)]
        if (u >= 0 && v >= 0 && u < w && v < h && oldSleeve.data[v * w + u]) return true
      }
      return false
    }
    const belowHem = (x: number, y: number) => {
      if (!sleeveUpFrom(x, y)) return false
      let [bare, under] = [0, 0]
      for (let s = -radius; s <= radius; s += 2) {
        const [u, v] = [Math.round(x - dir.y * s), Math.round(y + dir.x * s)]
        if (u < 0 || v < 0 || u >= w || v >= h || !isSet(masks.bareArms, v * w + u)) continue
        bare++
        if (sleeveUpFrom(u, v)) under++
      }
      return under >= bare * HEM_ACROSS
    }
    band ??= new Uint8Array(w * h)
    for (let y = box.y0; y <= box.y1; y++)
      for (let x = box.x0, i = y * w + x; x <= box.x1; x++, i++) {
        const at = depth(x, y)
        if (at <= crossing || (sleeves.data[i] ?? 0) > 0.5) continue
        const d = segmentDistance(x, y, shoulder, end)
        if (isSet(masks.bareArms, i)) {
          if (d < radius + margin && at <= topDepth + margin * 2 && belowHem(x, y)) band[i] = ARM_BAND.hemEdge
          continue
        }
        // (the old sleeve, or its hem's shadow just below it; not a shadow further down the arm, in the
        // crook of a bent elbow: filled, a bar of flat skin stood across it, 07966)
        if (d < radius && isSet(masks.person, i) && at > emerges(x, y) && (isSet(masks.clothing, i) || sleeveUpFrom(x, y))) band[i] = ARM_BAND.covered
      }
  }
  return band
}

/** Whether an old sleeve covers the arm at the middle of its upper arm and of its forearm: a long sleeve. */
function inLongSleeve(masks: Pick<PersonMasks, 'bareArms' | 'clothing'>, shoulder: Point, elbow: Point, wrist: Point) {
  const { width: w } = masks.clothing
  return [lerp(shoulder, elbow, 0.6), lerp(elbow, wrist, 0.5)].every(({ x, y }) => {
    const i = Math.round(y) * w + Math.round(x)
    return isSet(masks.clothing, i) && !isSet(masks.bareArms, i)
  })
}

/**
 * Marks `covered` the arm along `line` (shoulder, elbow, wrist) that an old long sleeve covered:
 * within `radius.upper` of its upper arm's line and `radius.forearm` of its forearm's, in the old
 * clothing (a hand in a pocket: the forearm's line runs on into the trousers), below the armpits and below
 * the deepest pixel of a new sleeve on its upper arm's middle, where no new sleeve lies.
 */
function sleevedArm(band: Uint8Array, masks: Pick<PersonMasks, 'person' | 'clothing'>, sleeves: Plane, line: Point[], radius: { upper: number; forearm: number }, armpits: number) {
  const { width: w } = masks.person
  const [shoulder, elbow] = [line[0]!, line[1]!]
  const box = grownBox(boxAround(line, 0), Math.ceil(radius.upper), masks.person)
  const lowestSleeve = { share: 0 }
  for (let y = box.y0; y <= box.y1; y++)
    for (let x = box.x0; x <= box.x1; x++)
      if ((sleeves.data[y * w + x] ?? 0) > 0.5 && segmentDistance(x, y, shoulder, elbow) < radius.upper * 0.5) lowestSleeve.share = Math.max(lowestSleeve.share, segmentShare(x, y, shoulder, elbow))
  for (let y = Math.max(box.y0, Math.ceil(armpits)); y <= box.y1; y++)
    for (let x = box.x0, i = y * w + x; x <= box.x1; x++, i++) {
      if ((sleeves.data[i] ?? 0) > 0.5 || !isSet(masks.clothing, i)) continue
      const onUpper = segmentDistance(x, y, shoulder, elbow) < radius.upper && segmentShare(x, y, shoulder, elbow) > lowestSleeve.share
      if (onUpper || segmentDistance(x, y, elbow, line[2]!) < radius.forearm) band[i] = ARM_BAND.covered
    }
}
