import { ARM_BAND, armBands } from './arm-band'
import { backdropBehindPerson } from './backdrop-behind'
import { type GarmentModel, PART } from './garment-analysis'
import { SHOULDER_GAP, neckBaseRise, offTheArms, restOnShoulders, sleevelessSides, uncoverNeck, upToShoulderOutline } from './garment-on-shoulders'
import { type Point, add, lerp, pt, scale, segmentShare, sub } from './geometry'
import { type PartMappings, TUCK_OVERLAP } from './fit'
import { ARMPITS, ARM_OUTLINE, type BodyFrame, type PersonMasks, type PersonModel, armLine, bodyAxes, centreLineX, polylineDistance } from './person-analysis'
import { type Plate, sleevedArmRadii } from './plate'
import { type Box, HUE_LIGHTNESS, type Lab, type Plane, type Rgb, boxAround, boxBlur, cachedMorph, grownBox, hueApart, isSet, labDistance, medianLab, morph, opened, pixelLab, plane, withLentPlanes } from './raster'
import { type Mapping, forEachMapped } from './warp'
import { oldDressHem } from './old-dress'

export type ComposeInput = {
  person: Rgb
  masks: PersonMasks
  plate: Plate
  body: BodyFrame
  waistband: number | null
  /** The person's upper arms as seen bare (see `seenUpperArms`). */
  upperArms: PersonModel['upperArms']
  garment: Rgb
  garmentMask: Plane
  parts: Uint8Array
  garmentModel: GarmentModel
  mappings: PartMappings
  /** How much of the person's light and folds show on the garment (0..1). */
  shading: number
}

/** A garment layer: premultiplied colour (a plane per channel) and alpha. */
export type Layer = { color: [Plane, Plane, Plane]; alpha: Plane }

/** Paints value v at alpha a over pixel i of a premultiplied colour plane. */
function paint(colour: Float32Array, i: number, v: number, a: number) {
  colour[i] = v * a + (colour[i] ?? 0) * (1 - a)
}

/**
 * One channel of a composed pixel: the person's (p), or the plate's fill (f) where old clothing
 * is removed (r), under the garment's premultiplied colour g at alpha a, shaded; 0..255.
 */
const composed = (p: number, f: number, r: number, a: number, g: number, shade: number, keep: number) =>
  Math.max(0, Math.min(255, Math.round((p * (1 - r) + f * r) * (1 - a) + g * shade * (1 - keep))))

/** a blended towards b by the share t. */
const mix = (a: number, b: number, t: number) => a + (b - a) * t

/** Channel c of n-channel pixels k00 (top left) to k11 (bottom right), weighted by the fractions fx and fy. */
const bilinear = (d: ArrayLike<number>, n: number, c: number, k00: number, k01: number, k10: number, k11: number, fx: number, fy: number) =>
  (d[k00 * n + c]! * (1 - fx) + d[k01 * n + c]! * fx) * (1 - fy) + (d[k10 * n + c]! * (1 - fx) + d[k11 * n + c]! * fx) * fy

/**
 * Draws one garment part onto the layer (over what is there) within the box, sampling the garment
 * through the mapping; returns the box of the pixels it drew (null for none). Over the solid pixels
 * of `over` (a sleeve over the garment's body), not where the mapping is crushed: the sleeve's
 * mapping past its root swept its whole length into strips of a few pixels, dashes of the colour
 * where a polo's sleeve band begins (00034, idm_09163).
 */
function drawPart(layer: Layer, input: ComposeInput, map: Mapping, part: number, box: Box, over?: Plane): Box | null {
  const { person, garment, garmentMask, parts } = input
  const w = person.width
  const gw = garment.width
  const [red, green, blue] = layer.color
  // (only where the part may be: its bounds and the pixel its bilinear samples reach beyond them)
  const partBox = boxesOfParts(parts, gw)[part]
  if (!partBox) return null
  const source = { x0: partBox.x0 - 1, y0: partBox.y0 - 1, x1: partBox.x1 + 1, y1: partBox.y1 + 1 }
  const gh = garment.height
  const { data: mask } = garmentMask
  const { data: rgb } = garment
  const drawn = { x0: Infinity, y0: Infinity, x1: -1, y1: -1 }
  forEachMapped(box, map, (x, y, sx, sy, crushed) => {
    if (sx < 0 || sy < 0 || sx > gw - 1 || sy > gh - 1) return
    if (crushed && over && (over.data[y * w + x] ?? 0) >= 0.99) return
    if (parts[Math.round(sy) * gw + Math.round(sx)] !== part) return
    // (bilinear as samplePlane and sampleRgb, with one set of weights for the mask and the three channels)
    const gx0 = Math.floor(sx)
    const gy0 = Math.floor(sy)
    const fx = sx - gx0
    const fy = sy - gy0
    const k00 = gy0 * gw + gx0
    const k01 = gy0 * gw + Math.min(gw - 1, gx0 + 1)
    const k10 = Math.min(gh - 1, gy0 + 1) * gw + gx0
    const k11 = k10 - gx0 + Math.min(gw - 1, gx0 + 1)
    const a = bilinear(mask, 1, 0, k00, k01, k10, k11, fx, fy)
    if (a <= 0.01) return
    const i = y * w + x
    const prev = layer.alpha.data[i] ?? 0
    paint(red.data, i, bilinear(rgb, 3, 0, k00, k01, k10, k11, fx, fy), a)
    paint(green.data, i, bilinear(rgb, 3, 1, k00, k01, k10, k11, fx, fy), a)
    paint(blue.data, i, bilinear(rgb, 3, 2, k00, k01, k10, k11, fx, fy), a)
    layer.alpha.data[i] = a + prev * (1 - a)
    drawn.x0 = Math.min(drawn.x0, x)
    drawn.x1 = Math.max(drawn.x1, x)
    drawn.y0 = Math.min(drawn.y0, y)
    drawn.y1 = y
  }, source)
  return drawn.y1 < 0 ? null : drawn
}

const partBoxes = new WeakMap<Uint8Array, (Box | undefined)[]>()

/** The box of each part of a garment's part map (by its number; none for a part it does not have), worked out once per map. */
function boxesOfParts(parts: Uint8Array, width: number): (Box | undefined)[] {
  let boxes = partBoxes.get(parts)
  if (boxes) return boxes
  boxes = []
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (!part) continue
    const [x, y] = [i % width, Math.floor(i / width)]
    const box = (boxes[part] ??= { x0: x, y0: y, x1: x, y1: y })
    box.x0 = Math.min(box.x0, x)
    box.x1 = Math.max(box.x1, x)
    box.y1 = y
  }
  partBoxes.set(parts, boxes)
  return boxes
}

/** A box grown by `margin`, the part of it inside the frame, or null when that is not at least two pixels each way. */
function inFrame(box: Box, frame: { width: number; height: number }, margin = 0): Box | null {
  const clipped = grownBox(box, margin, frame)
  return clipped.x1 <= clipped.x0 || clipped.y1 <= clipped.y0 ? null : clipped
}

const union = (boxes: (Box | null)[]): Box | null =>
  boxes.reduce<Box | null>((u, b) => (!b ? u : !u ? b : { x0: Math.min(u.x0, b.x0), y0: Math.min(u.y0, b.y0), x1: Math.max(u.x1, b.x1), y1: Math.max(u.y1, b.y1) }), null)

/**
 * The try-on picture: the old clothing that the new garment replaces is removed (skin where the
 * body is, background elsewhere), the garment parts are laid on (sleeves over the torso), lit by
 * the person's light and folds, with soft edges; face, hair and hands stay as they were.
 * `coverage` is how much of each pixel the new garment covers, `changed` the box outside which the
 * picture is the person photo (null: all of it); `warpMs` the time spent warping.
 * Only the box that the garment and the removal can reach is worked on: the rest is the person photo.
 */
export const composeTryOn = (input: ComposeInput) => withLentPlanes(input.person, (take) => composeLent(input, take))

/** composeTryOn, the planes it works on (not those it returns) lent by `take`. */
function composeLent(input: ComposeInput, take: () => Plane): { image: Rgb; coverage: Plane; changed: Box | null; warpMs: number } {
  const { person, masks, body, mappings, plate } = input
  const w = person.width
  const h = person.height
  const sw = body.shoulderWidth
  const { neck, hips, across: bodyAcross } = bodyAxes(body)
  const armL = armLine(body.shoulderL, body.elbowL, body.wristL)
  const armR = armLine(body.shoulderR, body.elbowR, body.wristR)
  const bottom = input.garmentModel.type === 'bottom'
  // (old sleeves go at any height; beside a dress kept as a skirt, what is near the arms is the skirt)
  // (through where the upper arm is seen bare, when it is: the pose's elbow is often off the arm's middle)
  const seenArms = bottom ? [null, null] : input.upperArms
  const arms = [armL, armR].map((line, k) => {
    const seen = seenArms[k]
    // (and on a little past the pose's wrist, which lies short of where the hand begins: an old long
    // sleeve's cuff over the wrist stayed as a dark crescent above the hand, 01008)
    const [elbow, wrist] = [line[1]!, line[2]!]
    const cuff = add(wrist, scale(sub(wrist, elbow), CUFF_PAST_WRIST))
    const upper = seen ? [line[0]!, seen.end, elbow, cuff] : [line[0]!, elbow, cuff]
    // (`half`: beyond it, beside the new top's body, the backdrop shows: the arm is narrower than the
    // reach within which old sleeves go, unless seen wider; `seenHalf`: as seen, where it is)
    return { line: upper, near: boxAround(upper, sw * 0.2), half: Math.max(sw * 0.13, seen?.radius ?? 0), seenHalf: seen?.radius ?? sw * 0.13 }
  })

  // 1. Garment layers (the warp): the body part, then the sleeves over it.
  const warpStart = performance.now()
  const layer: Layer = { color: [take(), take(), take()], alpha: take() }
  const torsoPoints = [body.shoulderL, body.shoulderR, body.hipL, body.hipR, pt(neck.x, mappings.hemY)]
  const reach = inFrame(boxAround(torsoPoints, sw * 1.3), person)
  const torsoBox = reach && drawPart(layer, input, mappings.body, PART.body, reach)
  // (the person's outline can lie a pixel or two inside the old clothing's edge)
  const wearer = cachedMorph(masks.person, 2)
  if (torsoBox) {
    uncoverNeck(layer, body, torsoBox, neckBaseRise(masks.clothing, body))
    // (a top's or a dress's side without a sleeve, nor a flutter over the shoulder, leaves the upper arm bare)
    if (!bottom) {
      const bare = sleevelessSides(input.garmentModel, mappings).map((k) => ({ line: arms[k]!.line.slice(0, seenArms[k] ? 3 : 2), half: arms[k]!.seenHalf }))
      offTheArms([...layer.color, layer.alpha], body, bare, torsoBox, lerp(neck, hips, ARMHOLES_TO).y)
    }
    // (a tie hanging from a waist is as wide as a few percent of the shoulders)
    const tie = Math.max(2, Math.round(sw * 0.02))
    dropStrays(layer, wearer, grownBox(torsoBox, tie + 2, person), tie, take)
  }
  // A top over trousers or a skirt is tucked in at their waistband (its body: the sleeves run on down the arms),
  // its hem over the band's top edge (the waistband's one height does not follow that edge across the body).
  const tuck = input.garmentModel.type === 'top' && input.waistband !== null && mappings.hemY > input.waistband ? input.waistband : null
  if (tuck !== null) {
    const hem = Math.ceil(tuck + sw * TUCK_OVERLAP) * w
    layer.alpha.data.fill(0, hem)
    for (const colour of layer.color) colour.data.fill(0, hem)
  }
  const sleeves = { color: layer.color, alpha: take() }
  const sleeveBoxes = ([
    [mappings.sleeveL, PART.sleeveL, armL],
    [mappings.sleeveR, PART.sleeveR, armR],
  ] as const).map(([map, part, arm]) => {
    const armReach = map && inFrame(boxAround(arm, sw * 0.7), person)
    return map && armReach && drawPart(sleeves, input, map, part, armReach, layer.alpha)
  })
  const sleeveBox = union(sleeveBoxes)
  if (sleeveBox) {
    // (a few pixels round the sleeves: the clean-up's passes see only zeros beyond them)
    dropStrays(sleeves, layer.alpha, grownBox(sleeveBox, 4, person), 2, take)
    for (let y = sleeveBox.y0; y <= sleeveBox.y1; y++)
      for (let i = y * w + sleeveBox.x0; i <= y * w + sleeveBox.x1; i++) {
        const sleeve = sleeves.alpha.data[i] ?? 0
        layer.alpha.data[i] = sleeve + (layer.alpha.data[i] ?? 0) * (1 - sleeve)
      }
  }
  const drawnBox = union([torsoBox, sleeveBox])
  if (drawnBox) {
    restOnShoulders([...layer.color, layer.alpha, sleeves.alpha], wearer, body, drawnBox)
    upToShoulderOutline(layer, sleeves.alpha, masks, body, inFrame(drawnBox, person, Math.ceil(sw * SHOULDER_GAP)) ?? drawnBox)
  }
  const warpMs = performance.now() - warpStart

  // 3. (below) The old clothing that goes: down to the new hem for a dress (below it are the legs, which a
  // clothing mask of a skin-toned dress may hold), down to the hips (or the waistband) for a top;
  // for trousers or a skirt, whatever the person wears from the waist to the new hem.
  const waistY = mappings.waistY ?? lerp(neck, hips, 0.88).y
  // (the new waistband runs across the body, not along the row: on a leaning body one side is lower)
  const waistSlope = bodyAcross.y / (bodyAcross.x || 1)
  const waistX = centreLineX(body, waistY)
  const belowWaist = (x: number, y: number) => y > waistY + (x - waistX) * waistSlope
  const grown = cachedMorph(masks.clothing, 2)
  const hemRim = cachedMorph(masks.clothing, Math.max(3, Math.round(sw * HEM_RIM)))
  const sleeveRim = cachedMorph(masks.clothing, Math.max(4, Math.round(sw * SLEEVE_RIM)))
  const aboveTrousers = input.waistband ?? h
  // (the old waistband may rise above the new one at the sides: the rows above it go where they have the old trousers' colour)
  const bandRows = Math.round((hips.y - neck.y) * 0.12)
  const rise = bottom ? bandRows : 0
  // A dress the person wears (old clothing running on below the hips, no waistband) stays below a
  // new top's hem as a skirt; a shorter old top goes down to the hips (its hem would show under the new one).
  const inDress = input.waistband === null && isSet(masks.clothing, Math.round(Math.min(h - 1, hips.y + sw * 0.35)) * w + Math.round(hips.x))
  // An old top that runs down to the trousers (no skin showed above them) stays below a shorter
  // new top's hem, worn under it: there is no belly in the photo to show.
  const aboveBand = input.waistband === null ? 0 : Math.round(Math.min(h - 1, Math.max(0, input.waistband - (hips.y - neck.y) * 0.04)))
  const layered = input.waistband !== null && isSet(masks.clothing, aboveBand * w + Math.round(centreLineX(body, aboveBand)))
  // Under a new dress or skirt the old dress goes down to its own hem: below a shorter one's are the
  // legs (the plate's skin) and the backdrop, not the old dress's lower part as a band over the shins.
  const oldHem = inDress && input.garmentModel.type !== 'top' ? oldDressHem(masks.person, body, hips.y) : null
  const oldDressEnd = oldHem === null ? 0 : oldHem + sw * OLD_HEM_RIM
  const lowest = input.garmentModel.type === 'dress' ? Math.max(mappings.hemY + sw * 0.1, oldDressEnd) : (tuck ?? (inDress || layered ? mappings.hemY : Math.max(mappings.hemY, hips.y + sw * 0.25)))
  // (an upper arm bare up to the shoulder, a sleeveless top's: its shoulder, in no mask, has the colour of the arm seen below)
  const bareColours = seenArms.flatMap((seen) => (seen?.bareColour ? [seen.bareColour] : []))
  const bareShoulder = (i: number) => bareColours.some((c) => hueApart(pixelLab(person, i), c) < BARE_APART)
  // (a top's or a dress's removal reaches no lower than the new hem and, unless the old dress stays, the arms)
  const removalEnd = Math.floor(Math.max(lowest, ...(inDress ? [] : arms.map((a) => a.near.y1))))
  // A dress on a person in trousers or a skirt replaces them down to its hem: the legs are inside it,
  // beside it is the backdrop (below its hem they stay, worn under it).
  const band = input.garmentModel.type === 'dress' ? input.waistband : null
  const bottomsBox = (top: number, end = mappings.hemY): Box | null => inFrame({ x0: 0, y0: Math.floor(top) + 1, x1: w - 1, y1: Math.floor(end) }, person)
  const removable = bottom ? bottomsBox(waistY - rise, Math.max(mappings.hemY, oldDressEnd)) : union([grown.box && inFrame({ ...grown.box, y1: Math.min(grown.box.y1, removalEnd) }, person), band === null ? null : bottomsBox(band)])
  // Every pixel that can change (the soft edges reach a pixel out); the 'front' is needed a pixel further.
  // (an arm's outline beside a new sleeve goes: see below)
  const outlineBox = sleeveBox && inFrame(sleeveBox, person, ARM_OUTLINE)
  const changing = union([torsoBox, outlineBox, removable])
  const work = changing && inFrame(changing, person, 1)
  const out = person.data.slice()
  const coverage = plane(w, h)
  if (!work) return { image: { width: w, height: h, data: out }, coverage, changed: null, warpMs }
  // (the work box is in the frame: grown and clipped it is never empty)
  const around = inFrame(work, person, 1) ?? work

  // 2. What stays in front: face and hair, and bare hands and arms not under a sleeve; with them
  // the upper arms that an old sleeve covered where a new sleeve does not, their skin the plate's.
  const armpits = lerp(neck, hips, ARMPITS).y
  const bands = bottom ? null : armBands(masks, sleeves.alpha, body, seenArms, armpits, sleevedArmRadii(masks, body))
  const front = take()
  const armBand = take()
  // (above the armpits, a bare arm's edge just beside a new sleeve is under it: the sleeve falls a
  // few pixels short of the arm's outline, and in front of the garment's body the armpit's skin showed as specks, 09597)
  const besideSleeve = sleeveBox && morph(sleeves.alpha, Math.max(2, Math.round(sw * SLEEVE_EDGE)), { ...around, y1: Math.min(around.y1, Math.floor(armpits)) }, take())
  for (let y = around.y0; y <= around.y1; y++)
    for (let i = y * w + around.x0; i <= y * w + around.x1; i++) {
      if ((sleeves.alpha.data[i] ?? 0) > 0.5) front.data[i] = isSet(masks.keep, i) ? 1 : 0
      else front.data[i] = isSet(masks.keep, i) || (isSet(masks.bareArms, i) && !besideSleeve?.data[i]) || bands?.[i] === ARM_BAND.covered ? 1 : 0
      if (bands?.[i] && !isSet(masks.keep, i)) armBand.data[i] = 1
    }
  /** Whether the photo's own pixel shows at i (the arm band's is the plate's skin). */
  const shows = (i: number) => isSet(front, i) && !armBand.data[i]
  // Soft edges outwards only: the face and hair keep every pixel they had.
  const frontSoft = boxBlur(front, 1, around, take())

  const remove = take()
  // (a loop, not a closure per call: this runs for pixels of the whole removal)
  /** How far (x, y) is from the nearest arm's line, or beyond the half width `edge` picks. */
  const armDistance = (x: number, y: number, edge?: 'half' | 'seenHalf') => {
    let d = Infinity
    for (const arm of arms) {
      const { line, near } = arm
      if (x >= near.x0 && x <= near.x1 && y >= near.y0 && y <= near.y1) d = Math.min(d, polylineDistance(x, y, line) - (edge ? arm[edge] : 0))
    }
    return d
  }
  /** The point of the arms' lines nearest (x, y). */
  const nearestOnArms = (x: number, y: number) => {
    let [d, at] = [Infinity, pt(x, y)]
    for (const { line } of arms)
      for (let k = 0; k + 1 < line.length; k++) {
        const p = lerp(line[k]!, line[k + 1]!, segmentShare(x, y, line[k]!, line[k + 1]!))
        // (squared: the nearest is the same)
        const e = (p.x - x) ** 2 + (p.y - y) ** 2
        if (e < d) [d, at] = [e, p]
      }
    return at
  }
  /** Whether (x, y) lies nearer the body's centre line than the nearest arm's line (its point `at`) does. */
  const towardsBody = (x: number, y: number, at = nearestOnArms(x, y)) => Math.abs(x - centreLineX(body, y)) < Math.abs(at.x - centreLineX(body, at.y))
  /**
   * Whether (x, y) lies beyond a bare arm's own edge, on the side away from its line (`at`, the
   * line's nearest point, bare): the bare arm between it and the line, and none just beyond it (then
   * it is a hole in the bare arm's mask, a freckle or a shadow, and inside the arm).
   */
  const beyondBareArm = (x: number, y: number, at: Point) => {
    if (!isSet(masks.bareArms, Math.round(at.y) * w + Math.round(at.x))) return false
    const [dx, dy] = [at.x - x, at.y - y]
    const length = Math.hypot(dx, dy)
    if (length < 1) return false
    const bareAt = (t: number) => isSet(masks.bareArms, Math.round(y + (dy * t) / length) * w + Math.round(x + (dx * t) / length))
    let towards = false
    for (let t = 1; t <= length && !towards; t++) towards = bareAt(t)
    if (!towards) return false
    for (let t = 1; t <= Math.max(BARE_EDGE_HOLE, sw * BARE_EDGE_REACH); t++) if (bareAt(-t)) return false
    return true
  }
  /** Whether the mask is set where the nearest arm's line passes (x, y): bare there (no sleeve hangs beside the hips), or in an old sleeve. */
  const armLineIn = (mask: Plane, x: number, y: number) => {
    const at = nearestOnArms(x, y)
    return isSet(mask, Math.round(at.y) * w + Math.round(at.x))
  }
  /** Whether pixel i, at (x, y), has the colour of the plate's skin on the nearest arm's line (within `near`, `hueApart`). */
  const armColoured = (x: number, y: number, i: number, near = OUTER_ARM_SKIN, at = nearestOnArms(x, y)) =>
    hueApart(pixelLab(person, i), pixelLab(plate.fill, Math.round(at.y) * w + Math.round(at.x))) < near
  /**
   * Whether old clothing below the new hem at (x, y) is an old sleeve's (near an arm: old sleeves go
   * at any height): below the trousers' top only on the arm itself, where a sleeve covers its line
   * (beside a bare forearm, what the clothing mask holds is the trousers' edge); an old top kept under
   * the new one stays whole beside the arm, on the body's side of it (its side went, and skin showed beside it).
   */
  const oldSleeve = (x: number, y: number, i: number) =>
    !inDress &&
    armDistance(x, y) < sw * 0.2 &&
    ((y < aboveTrousers && !(layered && towardsBody(x, y))) || (armDistance(x, y, 'seenHalf') < 0 && (armLineIn(masks.clothing, x, y) || sleeveColoured(i))))
  const oldBottom = (x: number, y: number) => wearer.data[y * w + x] && !isSet(masks.clothing, y * w + x) && !shows(y * w + x)
  // (old trousers' outline wanders up to a few pixels outside the person mask: their edge goes with
  // them, and the backdrop behind the person is read beyond it)
  const outskirts = cachedMorph(masks.person, 4)
  const core = cachedMorph(masks.person, -2)
  const bottomsTop = band ?? waistY
  const oldColour = removable && (bottom || band !== null) ? rowsColour(person, removable, Math.floor(bottomsTop) + 1, Math.floor(Math.min(removable.y1, bottomsTop + bandRows)) + 1, oldBottom) : null
  // (above the person's own waistband, a pixel nearer the old top's colour is the top's: a white top
  // over a zebra skirt, whose median is a pale grey, lost its hem; an acid-washed tee its dark patches)
  const onTop = (x: number, y: number) => isSet(masks.clothing, y * w + x) && wearer.data[y * w + x] && !shows(y * w + x)
  const topColour = bottom && removable && input.waistband !== null ? rowsColour(person, removable, Math.max(0, Math.floor(waistY - rise - bandRows)), waistY - rise, onTop) : null
  // (unless the two are too alike to tell apart: a white top's folds over a zebra skirt, whose median is a pale grey, went)
  const topTold = topColour && oldColour && labDistance(topColour, oldColour) >= TOP_APART ? topColour : null
  const oldBottomsColour = (i: number, y: number) =>
    oldColour !== null &&
    hueApart(pixelLab(person, i), oldColour) < 10 &&
    (!topColour || y >= input.waistband! || (topTold !== null && hueApart(pixelLab(person, i), oldColour) < hueApart(pixelLab(person, i), topTold) + TOP_MARGIN))
  // Below the trousers' top an old sleeve's edge blended with the trousers it hangs beside (dark red on
  // black) lies outside the clothing mask: on an arm in an old sleeve, it goes where it holds enough of the sleeve's colour.
  // (the two colours are read once, when a pixel first asks: most photos have no sleeve beside trousers)
  let sleeveTold: { sleeve: Lab; beside: Lab } | null | undefined
  const sleeveAndBeside = () => {
    if (sleeveTold !== undefined || !removable || input.waistband === null) return sleeveTold ?? null
    // (in the first rows below it, as the old bottoms' colour)
    const [from, to] = [Math.ceil(input.waistband), Math.min(removable.y1 + 1, Math.ceil(input.waistband) + bandRows)]
    const sleeve = rowsColour(person, removable, from, to, (x, y) => isSet(masks.clothing, y * w + x) && armDistance(x, y) < sw * 0.2)
    const beside = rowsColour(person, removable, from, to, (x, y) => oldBottom(x, y) && armDistance(x, y) >= sw * 0.2)
    sleeveTold = sleeve && beside && hueApart(sleeve, beside) >= TOP_APART ? { sleeve, beside } : null
    return sleeveTold
  }
  // (a cuff beside a hand in a pocket, the pose's arm running on over the hand: its line is bare there, 01861)
  const sleeveColoured = (i: number) => {
    const told = sleeveAndBeside()
    return told !== null && asBlend(pixelLab(person, i), told.sleeve, told.beside).share >= CUFF_SHARE
  }
  // (its colour first: the trousers' own pixels fail there, at less cost than the arms' geometry)
  const sleeveEdge = (x: number, y: number, i: number) => {
    const told = sleeveAndBeside()
    if (!told) return false
    const { share, off } = asBlend(pixelLab(person, i), told.sleeve, told.beside)
    return share >= SLEEVE_SHARE && off < BLEND_OFF && armDistance(x, y) < sw * 0.2 && armDistance(x, y, 'half') < 0 && armLineIn(masks.clothing, x, y)
  }
  // An arm's outline (its skin blended with a pale backdrop, in no mask) goes with the arm under a
  // new sleeve: beside one, it is removed as the old sleeve would be, and the backdrop shows there,
  // whatever the plate has (the plate's arm, as wide as the arm, drew a pale line of skin along the
  // sleeve's outer edge, 052964). (Elsewhere it stays, the arm's edge.)
  // (the outline is at the person's edge: further in, beside a sleeve's inner side, is a bare shoulder's skin, 05997)
  const sleeveNear = outlineBox && morph(sleeves.alpha, ARM_OUTLINE, outlineBox, take())
  const outlineGone = take()
  const within = outlineBox && morph(masks.person, -ARM_OUTLINE, inFrame(outlineBox, person, ARM_OUTLINE + 1) ?? outlineBox, take())
  if (outlineBox && sleeveNear && within)
    for (let y = outlineBox.y0; y <= outlineBox.y1; y++)
      for (let x = outlineBox.x0, i = y * w + x; x <= outlineBox.x1; x++, i++)
        if (sleeveNear.data[i] && wearer.data[i] && !within.data[i] && !isSet(masks.clothing, i) && !isSet(masks.bareArms, i) && !isSet(masks.keep, i) && !shows(i) && armDistance(x, y) < sw * 0.2) remove.data[i] = outlineGone.data[i] = 1
  if (removable)
    for (let y = removable.y0; y <= removable.y1; y++)
      for (let x = removable.x0; x <= removable.x1; x++) {
        const i = y * w + x
        if (bottom) {
          // (where the segmentation took the old trousers for the top's clothing, their colour tells)
          // (and a skirt's, of whatever print, below its waistband, or a dress's below the new one; off
          // the arms, where a long sleeve hangs down beside the hips, unless the arm is bare there and the
          // old bottoms' own waistband was found: with none, what hangs beside a bare arm is a long top's)
          const oldSkirt = (input.waistband === null ? belowWaist(x, y) : y > input.waistband) && isSet(masks.clothing, i) && !shows(i) && (armDistance(x, y) >= sw * 0.2 || (input.waistband !== null && armLineIn(masks.bareArms, x, y)))
          // (not the outer side of a hanging arm, darker or lighter than the skin's tone there: no legs are
          // beyond it; of the colour of the plate's skin on the arm's line, not of an old top's hem)
          const outerArm = armDistance(x, y) < sw * OUTER_ARM && !towardsBody(x, y) && armColoured(x, y, i)
          const oldCloth = (belowWaist(x, y) && oldBottom(x, y) && !outerArm) || oldSkirt || (wearer.data[i] && !shows(i) && oldBottomsColour(i, y))
          // (below the new hem, only an old dress that runs on lower, with its outline)
          remove.data[i] = (y <= mappings.hemY ? oldCloth : y <= oldDressEnd && grown.data[i] && !shows(i)) ? 1 : 0
        }
        // (below the waistband only what lies on the arm itself: a long sleeve's cuff, not the
        // trousers beside it that the clothing mask took in with a top of their colour)
        else if ((grown.data[i] || armBand.data[i]) && !shows(i)) remove.data[i] = y <= lowest || oldSleeve(x, y, i) ? 1 : 0
        // (an old sleeve's hem of another colour, a trim the clothing mask stops short of, goes up to the bare arm)
        else if (hemRim.data[i] && y < aboveTrousers && wearer.data[i] && !shows(i) && !isSet(masks.bareArms, i) && armDistance(x, y) < sw * 0.2 && !bareShoulder(i)) remove.data[i] = 1
        // (below the trousers' top, the sleeve's edge blended with them: see sleeveEdge)
        else if (sleeveRim.data[i] && y >= aboveTrousers && wearer.data[i] && !shows(i) && !isSet(masks.bareArms, i) && sleeveEdge(x, y, i)) remove.data[i] = 1
        else if (band !== null && oldColour !== null && y > band && y <= mappings.hemY && outskirts.data[i] && !isSet(masks.clothing, i) && !shows(i))
          // (their soft edge, a couple of pixels either side of the person's outline, is half backdrop: whatever its colour)
          remove.data[i] = !core.data[i] || hueApart(pixelLab(person, i), oldColour) < 10 ? 1 : 0
      }
  if (bottom && removable) solidAndJoinedBelow(remove, removable, Math.floor(waistY) + 1)
  // (beside a dress over trousers, what joins what goes of them and is near their colour goes too: faded denim's lighter and darker specks)
  const trousersBox = band !== null && removable && inFrame({ ...removable, y0: Math.floor(band) + 1, y1: Math.min(removable.y1, Math.floor(mappings.hemY)) }, person)
  if (trousersBox && oldColour) {
    // (which pixels may join, read once for the passes)
    const shade = take()
    for (let y = trousersBox.y0; y <= trousersBox.y1; y++)
      for (let i = y * w + trousersBox.x0; i <= y * w + trousersBox.x1; i++)
        if (!remove.data[i] && outskirts.data[i] && !shows(i) && hueApart(pixelLab(person, i), oldColour) < SHADE_APART) shade.data[i] = 1
    const near = take()
    for (let pass = 0; pass < SPECK; pass++) {
      morph(remove, 1, trousersBox, near)
      for (let y = trousersBox.y0; y <= trousersBox.y1; y++)
        for (let i = y * w + trousersBox.x0; i <= y * w + trousersBox.x1; i++) if (near.data[i] && shade.data[i]) remove.data[i] = 1
    }
  }

  // Soft edges: the layer (premultiplied colour and alpha) is blurred by a pixel.
  const removeSoft = boxBlur(remove, 1, work, take())
  const alpha = boxBlur(layer.alpha, 1, work, take())
  const soft = (p: Plane) => boxBlur(p, 1, work, take()).data
  const [red, green, blue] = [soft(layer.color[0]), soft(layer.color[1]), soft(layer.color[2])]
  const { data: p } = person
  // What trousers or a skirt do not cover of the old ones is the backdrop: the legs are inside them
  // (above the new waistband it is the body's skin or the backdrop, as for a top; below their hem,
  // where an old dress goes, the plate's legs). Beside a top's or
  // a dress's body, below the armpits and off the arms, the old clothing was loose cloth in front
  // of the backdrop, not skin.
  // (where an old dress goes, down to the crotch: below it are the bare legs, which the plate draws
  // with the backdrop between and beside them; the new hem's ragged rows cut them off at its runs)
  const runs = bottom ? null : bodyRuns(alpha, armpits, body, oldHem === null ? lowest : Math.min(lowest, hips.y + sw * CROTCH))
  const round = roundness(alpha, sleeves.alpha, body, work, [armL, armR], bottom)
  // (below a skirt's hem, where an old dress goes, the legs are bare: the plate's, not the backdrop;
  // beside the skirt, off the columns it covers, and between trousers' legs it is still the backdrop)
  const legsBelow = bottom && oldHem !== null && !legsParted(input.garmentModel) ? lowestCovered(alpha, work) : null
  // (where anything goes: old clothing, or an arm's outline beside a new sleeve, a few pixels beyond the old clothing's box)
  const behind = union([removable, outlineBox]) && backdropBehindPerson(person, outskirts).data
  // (nor beyond a bare arm's own edge towards the body, on a row where it shows, unless of the arm's
  // colour, its lit side, or in its band: thinner than that reach, the arm was filled out with strips
  // of the plate's skin where the old top's side went, 049447, 00034)
  const besideBareArm = (x: number, y: number, i: number) => {
    if (armBand.data[i]) return false
    const at = nearestOnArms(x, y)
    return towardsBody(x, y, at) && beyondBareArm(x, y, at) && !armColoured(x, y, i, BARE_EDGE_SKIN, at)
  }
  /** How much the backdrop, not the plate's skin, shows at pixel i, at (x, y), beside the new top's body. */
  const offArm = (x: number, y: number, i: number) => {
    const off = Math.min(1, Math.max(0, armDistance(x, y, 'half') + 0.5))
    return off < 1 && besideBareArm(x, y, i) ? 1 : off
  }
  const ring = [-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1]
  /** Whether a removed pixel at the removal's edge has the person's skin beside it: the person, neither old clothing nor removed. */
  const besideSkin = (i: number) => (removeSoft.data[i] ?? 0) < 1 && ring.some((d) => isSet(masks.person, i + d) && !remove.data[i + d] && !isSet(masks.clothing, i + d))
  for (let y = work.y0; y <= work.y1; y++) {
    const run = runs?.get(y)
    for (let i = y * w + work.x0; i <= y * w + work.x1; i++) {
      // (neither garment nor removal reaches this pixel: it stays the photo's)
      if (!alpha.data[i] && !removeSoft.data[i]) continue
      const x = i - y * w
      const f = behind && bottom && belowWaist(x, y) && !(legsBelow && legsBelow[x]! >= 0 && y > legsBelow[x]!) ? behind : plate.fill.data
      // (the arm itself is narrower than the reach within which old sleeves go; its edge a pixel soft)
      const beside = behind && outlineGone.data[i] ? 1 : behind && run && (x < run[0] || x > run[1]) && (removeSoft.data[i] ?? 0) > 0 ? offArm(x, y, i) : 0
      const backdrop = beside ? behind! : f
      const keep = front.data[i] ? 1 : (frontSoft.data[i] ?? 0)
      const a = (alpha.data[i] ?? 0) * (1 - keep)
      coverage.data[i] = a
      // (a removed pixel beside the face, hair, a bare arm or the person's skin goes whole: its soft
      // edge towards them was the old clothing's rim, a dark line along a neckline or a sleeve's hem)
      const r = remove.data[i] ? (besideSkin(i) ? 1 : Math.min(1, (removeSoft.data[i] ?? 0) + (frontSoft.data[i] ?? 0))) : (removeSoft.data[i] ?? 0) * (1 - keep)
      const shade = (1 + ((plate.shade.data[i] ?? 0) - 1) * input.shading) * (a > 0 ? round(x, y, i) : 1)
      out[i * 3] = composed(p[i * 3]!, mix(f[i * 3]!, backdrop[i * 3]!, beside), r, a, red[i]!, shade, keep)
      out[i * 3 + 1] = composed(p[i * 3 + 1]!, mix(f[i * 3 + 1]!, backdrop[i * 3 + 1]!, beside), r, a, green[i]!, shade, keep)
      out[i * 3 + 2] = composed(p[i * 3 + 2]!, mix(f[i * 3 + 2]!, backdrop[i * 3 + 2]!, beside), r, a, blue[i]!, shade, keep)
    }
  }
  return { image: { width: w, height: h, data: out }, coverage, changed: work, warpMs }
}

/** How far down the neck-hips axis a sleeveless garment's side keeps off the upper arms: to the lower ribs (at the armpits' row, 00055's arm hanging against her side showed a bite of the dress's side over it below). */
const ARMHOLES_TO = 0.55

/** How far (shoulder widths) beside a new sleeve a bare arm's edge is under it. */
const SLEEVE_EDGE = 0.03

/** How far above its hem (a share of its height) a bottom's legs must part for it to be trousers: a skirt's crotch, if one is read, lies at its hem. */
const LEGS_PART = 0.1

/** Whether a garment's legs part above its hem: trousers, not a skirt. */
function legsParted({ landmarks: { crotch, hemL, hemR }, bbox }: GarmentModel) {
  const hem = (hemL.y + hemR.y) / 2
  return crotch !== null && crotch.y < hem - (hem - bbox.y0) * LEGS_PART
}

/** Column by column within the box, the last row the layer covers (half or more); -1 where it covers none. */
function lowestCovered(alpha: Plane, box: Box): Int32Array {
  const { width: w, data } = alpha
  const lowest = new Int32Array(w).fill(-1)
  for (let y = box.y0; y <= box.y1; y++) for (let x = box.x0; x <= box.x1; x++) if (data[y * w + x]! >= 0.5) lowest[x] = y
  return lowest
}

/**
 * Above the new waistband (rows before `fromRow`), only the removal that is solid (an opening
 * clears what is under five pixels across) and joined to the old trousers' below it stays: their
 * band rising at the sides. Specks and folds of their colour on the top above (a white top's
 * blue-grey shadows over light jeans, a grey top's dark specks over black trousers) were filled
 * with skin.
 */
function solidAndJoinedBelow(remove: Plane, box: Box, fromRow: number) {
  const { width: w, data } = remove
  // (the rows just below too: the opening's square reaches them)
  const above = { ...box, y1: Math.min(box.y1, fromRow + 2) }
  if (above.y1 > above.y0) {
    const solid = opened(remove, 2, above)
    for (let y = above.y0; y < Math.min(fromRow, box.y1 + 1); y++)
      for (let i = y * w + box.x0; i <= y * w + box.x1; i++) if (!solid.data[i]) data[i] = 0
  }
  for (let y = Math.min(fromRow, box.y1 + 1) - 1; y >= box.y0; y--) {
    const row = y * w
    for (let x = box.x0; x <= box.x1; x++) if (data[row + x] && !(y + 1 <= box.y1 && data[row + w + x])) data[row + x] = 0.5
    // (joined along the row to a pixel joined below, either way)
    for (let x = box.x0 + 1; x <= box.x1; x++) if (data[row + x] === 0.5 && data[row + x - 1] === 1) data[row + x] = 1
    for (let x = box.x1 - 1; x >= box.x0; x--) if (data[row + x] === 0.5 && data[row + x + 1] === 1) data[row + x] = 1
    for (let x = box.x0; x <= box.x1; x++) if (data[row + x] === 0.5) data[row + x] = 0
  }
}

/**
 * Clears the thin strays of a layer within the box, lines under twice `width` pixels wide, off what `under` holds
 * (its passes' planes from `take`).
 * A sleeve's, off the garment's body (where the colour is the sleeve's alone): where the limb's
 * mapping folds at a bend and runs along the garment photo's soft edge (dotted lines from a cuff
 * down over the trousers). The body part's, off the person: ties and strings hanging in the air.
 */
export function dropStrays(layer: Layer, under: { width: number; data: ArrayLike<number> }, box: Box, width = 2, take = () => plane(layer.alpha.width, layer.alpha.height)) {
  const solid = morph(morph(layer.alpha, -width, box, take()), width + 1, box, take())
  const { width: w } = under
  for (let y = box.y0; y <= box.y1; y++)
    for (let i = y * w + box.x0; i <= y * w + box.x1; i++) {
      if (solid.data[i] || !layer.alpha.data[i] || under.data[i]) continue
      layer.alpha.data[i] = 0
      for (const colour of layer.color) colour.data[i] = 0
    }
}

/** How far below the hip joints the legs part (shoulder widths). */
const CROTCH = 0.25

/** How far below an old dress's hem its rim (blended with the legs) goes with it (shoulder widths). */
const OLD_HEM_RIM = 0.02

/** How wide an old sleeve's hem of another colour can be beyond the clothing mask (shoulder widths: a ringer tee's band is 0.1). */
const HEM_RIM = 0.1

/** How far past the pose's wrist (of the forearm's length) an old sleeve goes with the arm. */
const CUFF_PAST_WRIST = 0.15

/** How far beyond the clothing mask an old sleeve's edge blended with the trousers beside it can reach (shoulder widths: 01861's, 0.02). */
const SLEEVE_RIM = 0.02

/**
 * How much of an old sleeve's colour a pixel blended of it and the trousers beside it holds when it
 * reads as the sleeve's (dark red on black does at a third), and how far off the blend of the two
 * (a share of their distance) it may be: bare skin beside a dark top's sleeve and jeans is far off it.
 */
const SLEEVE_SHARE = 1 / 3
const BLEND_OFF = 0.25
/** How much of an old sleeve's colour, against the trousers', an old clothing pixel below their top holds when it is the sleeve's (its cuff off the pose's arm). */
const CUFF_SHARE = 0.5

/**
 * Colour c as a blend of colours a and b (lightness counting less, as in `hueApart`): the share of a
 * (its projection on the line from b to a) and how far off that line it is, as a share of a and b's distance.
 */
function asBlend(c: readonly number[], a: readonly number[], b: readonly number[]) {
  // (written out: this runs for every pixel beside an arm below the trousers' top)
  const [d0, d1, d2] = [((c[0] ?? 0) - (b[0] ?? 0)) * HUE_LIGHTNESS, (c[1] ?? 0) - (b[1] ?? 0), (c[2] ?? 0) - (b[2] ?? 0)]
  const [e0, e1, e2] = [((a[0] ?? 0) - (b[0] ?? 0)) * HUE_LIGHTNESS, (a[1] ?? 0) - (b[1] ?? 0), (a[2] ?? 0) - (b[2] ?? 0)]
  const length = Math.hypot(e0, e1, e2) || 1
  const share = (d0 * e0 + d1 * e1 + d2 * e2) / length ** 2
  return { share, off: Math.hypot(d0 - share * e0, d1 - share * e1, d2 - share * e2) / length }
}

/** How far (pixels) what goes of old trousers beside a dress grows over their other shades, and how far apart in colour (`hueApart`) those may be. */
const SPECK = 6
const SHADE_APART = 15

/** How far apart in colour (`hueApart`) a bare shoulder may be from the arm seen below it. */
const BARE_APART = 10

/** How far apart (Lab) the old top's and the old bottoms' colours must be for a pixel above the person's waistband to go by its colour. */
const TOP_APART = 15

/** How far beyond a bare arm's edge (pixels, at least; shoulder widths) more of it shows where that edge is a hole in its mask. */
const BARE_EDGE_HOLE = 3
const BARE_EDGE_REACH = 0.03
/** How near (`hueApart`) the plate's skin a pixel beyond a bare arm's edge must be to be the arm's lit side (a skin-toned old top's lies 15-22 from it). */
const BARE_EDGE_SKIN = 12

/** How far from a hanging arm's line (shoulder widths) its outer side is kept when trousers go on. */
const OUTER_ARM = 0.25
/** How near (`hueApart`) the plate's skin a pixel there must be to be the arm's. */
const OUTER_ARM_SKIN = 20

/** How much nearer (`hueApart`) the old top's colour than the old bottoms' a pixel above the person's waistband must be to stay the top's. */
const TOP_MARGIN = 2

/** How much darker a worn garment turns at its sides, where it turns away with the body. */
const ROUND = 0.16

/** The fall-off across a run of a row from a to b, at x: 1 in its middle, 1 - ROUND at and beyond its ends. */
const across = (x: number, a: number, b: number) => 1 - ROUND * Math.min(1, ((x - (a + b) / 2) / Math.max(1, (b - a) / 2)) ** 2)

/**
 * The garment's roundness on the body: each row of its body darker towards the row's ends (the
 * torso and a skirt are rounded across; trousers across the hips, then each leg across itself),
 * a sleeve towards its edges (an arm is round), about as the skin filled on the torso falls off.
 * A flat packshot or drawing laid on flat reads as paper.
 */
function roundness(alpha: Plane, sleeves: Plane, body: BodyFrame, box: Box, arms: Point[][], bottom: boolean): (x: number, y: number, i: number) => number {
  if (bottom) {
    const lit = legsRoundness(alpha, box, Math.ceil(body.shoulderWidth * 0.08))
    return (_x, _y, i) => lit.data[i]!
  }
  // (the rows' ends averaged over a few rows: one row's ragged end made a line across the garment)
  const runs = smoothed(rowExtents(alpha, sleeves, body, box), Math.ceil(body.shoulderWidth * 0.04))
  const sleeveHalf = body.shoulderWidth * 0.2
  const [armL = [], armR = []] = arms
  return (x, y, i) => {
    if ((sleeves.data[i] ?? 0) > 0.5) return 1 - ROUND * Math.min(1, (Math.min(polylineDistance(x, y, armL), polylineDistance(x, y, armR)) / sleeveHalf) ** 2)
    const run = runs.get(y)
    return run ? across(x, run[0], run[1]) : 1
  }
}

/**
 * Trousers' roundness within the box: across the row's run that holds the pixel, or the nearest
 * one (the soft edge beyond it turns away too), averaged down over `radius` rows either way
 * (where the legs part, the hips' one run becomes two: a step of shade ran across the legs).
 */
function legsRoundness(alpha: Plane, box: Box, radius: number): Plane {
  const rows = coverageRuns(alpha, box)
  const { width: w, height: h } = alpha
  const lit = plane(w, h)
  lit.data.fill(1)
  for (const [y, runs] of rows)
    for (let x = box.x0; x <= box.x1; x++) {
      let nearest = 0
      let gap = Infinity
      for (let k = 0; k < runs.length; k += 2) {
        const d = Math.max(0, runs[k]! - x, x - runs[k + 1]!)
        if (d >= gap) continue
        nearest = k
        gap = d
      }
      lit.data[y * w + x] = across(x, runs[nearest]!, runs[nearest + 1]!)
    }
  // (a running sum down each column, over the rows that have runs)
  const out = plane(w, h)
  out.data.fill(1)
  const sum = new Float64Array(box.y1 - box.y0 + 2)
  const count = new Int32Array(box.y1 - box.y0 + 2)
  for (let x = box.x0; x <= box.x1; x++) {
    for (let y = box.y0; y <= box.y1; y++) {
      const has = rows.has(y)
      sum[y - box.y0 + 1] = sum[y - box.y0]! + (has ? lit.data[y * w + x]! : 0)
      count[y - box.y0 + 1] = count[y - box.y0]! + (has ? 1 : 0)
    }
    for (const y of rows.keys()) {
      const [a, b] = [Math.max(box.y0, y - radius) - box.y0, Math.min(box.y1, y + radius) - box.y0 + 1]
      out.data[y * w + x] = (sum[b]! - sum[a]!) / (count[b]! - count[a]!)
    }
  }
  return out
}

/** Row by row within the box, the runs of the layer's coverage: each run's first and last column, in turn. */
function coverageRuns(alpha: Plane, box: Box): Map<number, number[]> {
  const rows = new Map<number, number[]>()
  const { width: w } = alpha
  for (let y = box.y0; y <= box.y1; y++) {
    const runs: number[] = []
    for (let x = box.x0; x <= box.x1; x++) {
      const on = (alpha.data[y * w + x] ?? 0) >= 0.5
      const open = runs.length % 2 === 1
      if (on && !open) runs.push(x)
      else if (!on && open) runs.push(x - 1)
    }
    if (runs.length % 2 === 1) runs.push(box.x1)
    if (runs.length) rows.set(y, runs)
  }
  return rows
}

/** Each row's run as the mean of the runs within `radius` rows of it. */
function smoothed(runs: Map<number, [number, number]>, radius: number): Map<number, [number, number]> {
  const out = new Map<number, [number, number]>()
  for (const y of runs.keys()) {
    let [a, b, n] = [0, 0, 0]
    for (let k = y - radius; k <= y + radius; k++) {
      const run = runs.get(k)
      if (!run) continue
      a += run[0]
      b += run[1]
      n++
    }
    out.set(y, [a / n, b / n])
  }
  return out
}

/**
 * The median colour of what `picks` takes of every third pixel of every second row, across the box,
 * from row `from` while below `to`: the old bottoms' in the first rows below the new waistband, the
 * old top's just above where old bottoms can go.
 */
function rowsColour(person: Rgb, box: Box, from: number, to: number, picks: (x: number, y: number) => unknown) {
  const pixels: number[] = []
  for (let y = from; y < to; y += 2)
    for (let x = box.x0; x <= box.x1; x += 3) if (picks(x, y)) pixels.push(y * person.width + x)
  return medianLab(person, pixels)
}

/** Row by row in the box, the first and last columns of the garment's body (not its sleeves) within a shoulder width of the centre line. */
function rowExtents(alpha: Plane, sleeves: Plane, body: BodyFrame, box: Box): Map<number, [number, number]> {
  const { width: w } = alpha
  const extents = new Map<number, [number, number]>()
  const reach = body.shoulderWidth
  for (let y = box.y0; y <= box.y1; y++) {
    const cx = centreLineX(body, y)
    const [from, to] = [Math.max(box.x0, Math.ceil(cx - reach)), Math.min(box.x1, Math.floor(cx + reach))]
    let [x0, x1] = [-1, -1]
    for (let x = from; x <= to; x++) {
      const i = y * w + x
      if ((alpha.data[i] ?? 0) < 0.5 || (sleeves.data[i] ?? 0) >= 0.5) continue
      if (x0 < 0) x0 = x
      x1 = x
    }
    if (x0 >= 0) extents.set(y, [x0, x1])
  }
  return extents
}

/** How far either side of the body's centre line a break in the new garment that begins is its neckline, not the backdrop beside its body (shoulder widths). */
const NECKLINE_BREAK = 0.15

/**
 * Row by row from `from` down to `to`, the columns the new garment covers without a break on
 * either side of the body's centre line, but a V neckline's, begun near the centre and closed
 * within half a shoulder width of it (rows where it does not cover the centre are left out).
 */
function bodyRuns(alpha: Plane, from: number, body: BodyFrame, to: number): Map<number, [number, number]> {
  const { width: w, height: h } = alpha
  const runs = new Map<number, [number, number]>()
  const sw = body.shoulderWidth
  const covered = (x: number, y: number) => x >= 0 && x < w && (alpha.data[y * w + x] ?? 0) >= 0.5
  // (the last covered column from x outwards by `step`)
  const runEnd = (x: number, y: number, middle: number, step: 1 | -1) => {
    for (;;) {
      if (covered(x + step, y)) x += step
      else if (Math.abs(x + step - middle) >= sw * NECKLINE_BREAK) return x
      else {
        let end = x + step
        while (!covered(end, y) && Math.abs(end - middle) < sw / 2) end += step
        if (!covered(end, y)) return x
        x = end
      }
    }
  }
  for (let y = Math.max(0, Math.ceil(from)); y <= Math.min(h - 1, to); y++) {
    const middle = centreLineX(body, y)
    const cx = Math.round(middle)
    // (a deep V's point off the centre line: in the rows where one side of it covers the centre, the V is within the run)
    if (covered(cx, y)) runs.set(y, [runEnd(cx, y, middle, -1), runEnd(cx, y, middle, 1)])
  }
  return runs
}
