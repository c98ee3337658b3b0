import { type GarmentModel, PART } from './garment-analysis'
import { type Point, add, dist, lerp, mid, pt, scale, sub } from './geometry'
import type { PartMappings } from './fit'
import { type BodyFrame, type PersonMasks, bodyAxes, segmentDistance } from './person-analysis'
import { type Plane, type Rgb, blur, boxBlur, luminance, median, morph, plane, rgbToLab, samplePlane } from './raster'
import { type Mapping, forEachMapped } from './warp'

export type ComposeInput = {
  person: Rgb
  masks: PersonMasks
  body: BodyFrame
  skin: [number, number, number]
  waistband: number | null
  garment: Rgb
  garmentMask: Plane
  parts: Uint8Array
  garmentModel: GarmentModel
  mappings: PartMappings
  /** How much of the person's light and folds show on the garment (0..1). */
  shading: number
}

/** A garment layer: premultiplied colour (3 a pixel) and alpha. */
type Layer = { color: Float32Array; alpha: Plane }

/** Draws one garment part onto the layer (over what is there), sampling the garment through the mapping. */
function drawPart(layer: Layer, input: ComposeInput, map: Mapping, part: number, box: { x0: number; y0: number; x1: number; y1: number }) {
  const { person, garment, garmentMask, parts } = input
  const w = person.width
  const gw = garment.width
  const clipped = { x0: Math.max(0, box.x0), y0: Math.max(0, box.y0), x1: Math.min(w - 1, box.x1), y1: Math.min(person.height - 1, box.y1) }
  if (clipped.x1 <= clipped.x0 || clipped.y1 <= clipped.y0) return
  forEachMapped(clipped, map, (x, y, sx, sy) => {
    if (sx < 0 || sy < 0 || sx > gw - 1 || sy > garment.height - 1) return
    if (parts[Math.round(sy) * gw + Math.round(sx)] !== part) return
    const a = samplePlane(garmentMask, sx, sy)
    if (a <= 0.01) return
    const x0 = Math.floor(sx)
    const y0 = Math.floor(sy)
    const fx = sx - x0
    const fy = sy - y0
    const i = y * w + x
    const k00 = (y0 * gw + x0) * 3
    const k10 = (y0 * gw + Math.min(gw - 1, x0 + 1)) * 3
    const k01 = (Math.min(garment.height - 1, y0 + 1) * gw + x0) * 3
    const k11 = (Math.min(garment.height - 1, y0 + 1) * gw + Math.min(gw - 1, x0 + 1)) * 3
    const prev = layer.alpha.data[i]!
    for (let c = 0; c < 3; c++) {
      const v = (garment.data[k00 + c]! * (1 - fx) + garment.data[k10 + c]! * fx) * (1 - fy) + (garment.data[k01 + c]! * (1 - fx) + garment.data[k11 + c]! * fx) * fy
      layer.color[i * 3 + c] = v * a + layer.color[i * 3 + c]! * (1 - a)
    }
    layer.alpha.data[i] = a + prev * (1 - a)
  })
}

const boxAround = (points: Point[], pad: number) => ({
  x0: Math.floor(Math.min(...points.map((p) => p.x)) - pad),
  y0: Math.floor(Math.min(...points.map((p) => p.y)) - pad),
  x1: Math.ceil(Math.max(...points.map((p) => p.x)) + pad),
  y1: Math.ceil(Math.max(...points.map((p) => p.y)) + pad),
})

/** Averages f x f blocks (the plane at 1/f of its size). */
function shrink(p: Plane, f: number): Plane {
  const w = Math.ceil(p.width / f)
  const h = Math.ceil(p.height / f)
  const out = plane(w, h)
  const count = new Float32Array(w * h)
  for (let y = 0; y < p.height; y++)
    for (let x = 0; x < p.width; x++) {
      const k = Math.floor(y / f) * w + Math.floor(x / f)
      out.data[k]! += p.data[y * p.width + x]!
      count[k]!++
    }
  for (let k = 0; k < out.data.length; k++) out.data[k]! /= count[k]! || 1
  return out
}

/**
 * Normalised blur: the mean of `values` over the pixels of `weight` near each pixel, computed at
 * a lower resolution for wide blurs and read back bilinearly.
 */
function maskedMean(values: Plane, weight: Plane, sigma: number): Plane {
  const f = Math.max(1, Math.floor(sigma / 3))
  const vw = shrink({ ...values, data: values.data.map((v, i) => v * weight.data[i]!) }, f)
  const ws = shrink(weight, f)
  const a = blur(vw, sigma / f)
  const b = blur(ws, sigma / f)
  const small = { ...a, data: a.data.map((v, i) => (b.data[i]! > 1e-3 ? v / b.data[i]! : -1)) }
  if (f === 1) return small
  const out = plane(values.width, values.height)
  for (let y = 0; y < out.height; y++)
    for (let x = 0; x < out.width; x++) out.data[y * out.width + x] = samplePlane(small, Math.min(small.width - 1, (x + 0.5) / f - 0.5), Math.min(small.height - 1, (y + 0.5) / f - 0.5))
  return out
}

/** The photo's background behind the person, filled in from the visible background around it. */
function backgroundEstimate(person: Rgb, personMask: Plane, sigma: number): Plane[] {
  const bg = { ...personMask, data: morph(personMask, 4).data.map((v) => 1 - v) }
  return [0, 1, 2].map((c) => {
    const channel = plane(person.width, person.height)
    for (let i = 0; i < channel.data.length; i++) channel.data[i] = person.data[i * 3 + c]!
    const near = maskedMean(channel, bg, sigma)
    const far = maskedMean(channel, bg, sigma * 4)
    return { ...channel, data: near.data.map((v, i) => (v >= 0 ? v : far.data[i]!)) }
  })
}

/**
 * The try-on picture: the old clothing that the new garment replaces is removed (skin where the
 * body is, background elsewhere), the garment parts are laid on (sleeves over the torso), lit by
 * the person's light and folds, with soft edges; face, hair and hands stay as they were.
 * `coverage` is how much of each pixel the new garment covers; `warpMs` the time spent warping.
 */
export function composeTryOn(input: ComposeInput): { image: Rgb; coverage: Plane; warpMs: number } {
  const { person, masks, body, mappings, skin } = input
  const w = person.width
  const h = person.height
  const n = w * h
  const sw = body.shoulderWidth
  const { neck, hips } = bodyAxes(body)
  const hand = (elbow: Point, wrist: Point) => add(wrist, scale(sub(wrist, elbow), 0.45))
  const armL = [body.shoulderL, body.elbowL, body.wristL, hand(body.elbowL, body.wristL)]
  const armR = [body.shoulderR, body.elbowR, body.wristR, hand(body.elbowR, body.wristR)]

  // 1. Garment layers (the warp): the body part, then the sleeves over it.
  const warpStart = performance.now()
  const layer: Layer = { color: new Float32Array(n * 3), alpha: plane(w, h) }
  const torsoPoints = [body.shoulderL, body.shoulderR, body.hipL, body.hipR, pt(neck.x, mappings.hemY)]
  drawPart(layer, input, mappings.body, PART.body, boxAround(torsoPoints, sw * 1.3))
  const sleeves = { color: layer.color, alpha: plane(w, h) }
  for (const [map, part, arm] of [
    [mappings.sleeveL, PART.sleeveL, armL],
    [mappings.sleeveR, PART.sleeveR, armR],
  ] as const) {
    if (!map) continue
    drawPart(sleeves, input, map, part, boxAround(arm, sw * 0.7))
  }
  for (let i = 0; i < n; i++) layer.alpha.data[i] = sleeves.alpha.data[i]! + layer.alpha.data[i]! * (1 - sleeves.alpha.data[i]!)
  const warpMs = performance.now() - warpStart

  // 2. What stays in front: face and hair, and bare hands and forearms not under a sleeve.
  const skinLab = rgbToLab(...skin)
  const front = plane(w, h)
  for (let i = 0; i < n; i++) front.data[i] = masks.keep.data[i]!
  const armRadius = sw * 0.2
  for (const arm of [armL, armR]) {
    const box = boxAround(arm, armRadius)
    for (let y = Math.max(0, box.y0); y <= Math.min(h - 1, box.y1); y++)
      for (let x = Math.max(0, box.x0); x <= Math.min(w - 1, box.x1); x++) {
        const i = y * w + x
        if (masks.person.data[i]! < 0.5 || sleeves.alpha.data[i]! > 0.5) continue
        const onArm = Math.min(segmentDistance(x, y, arm[0]!, arm[1]!), segmentDistance(x, y, arm[1]!, arm[2]!), segmentDistance(x, y, arm[2]!, arm[3]!)) < armRadius
        if (!onArm) continue
        const [l, a, b] = rgbToLab(person.data[i * 3]!, person.data[i * 3 + 1]!, person.data[i * 3 + 2]!)
        if (Math.hypot(l - skinLab[0], (a - skinLab[1]) * 1.5, (b - skinLab[2]) * 1.5) < 22) front.data[i] = 1
      }
  }
  const frontSoft = boxBlur(morph(front, -1), 1)

  // A top over trousers or a skirt is tucked in at their waistband.
  const tuck = input.garmentModel.type === 'top' && input.waistband !== null && mappings.hemY > input.waistband ? input.waistband : null
  if (tuck !== null) {
    layer.alpha.data.fill(0, Math.ceil(tuck) * w)
    layer.color.fill(0, Math.ceil(tuck) * w * 3)
  }

  // 3. The old clothing that goes: all of it for a dress, down to the hips (or the waistband) for a
  // top; for trousers or a skirt, whatever the person wears from the waist to the new hem.
  const lowest = input.garmentModel.type === 'dress' ? h : (tuck ?? Math.max(mappings.hemY, hips.y + sw * 0.25))
  const remove = plane(w, h)
  const grown = morph(masks.clothing, 2)
  // (old sleeves go at any height)
  const onArms = (x: number, y: number) => [armL, armR].some((arm) => Math.min(segmentDistance(x, y, arm[0]!, arm[1]!), segmentDistance(x, y, arm[1]!, arm[2]!)) < sw * 0.2)
  const bottom = input.garmentModel.type === 'bottom'
  const waistY = lerp(neck, hips, 0.88).y
  for (let i = 0; i < n; i++) {
    if (bottom) {
      const y = Math.floor(i / w)
      remove.data[i] = masks.person.data[i]! >= 0.5 && masks.clothing.data[i]! < 0.5 && front.data[i]! < 0.5 && y > waistY && y <= mappings.hemY ? 1 : 0
      continue
    }
    if (grown.data[i]! <= 0 || front.data[i]! >= 0.5) continue
    const x = i % w
    const y = (i - x) / w
    remove.data[i] = y <= lowest || onArms(x, y) ? 1 : 0
  }

  // Light and folds of the photo, measured on the old clothing's main colour (not its prints).
  const L = luminance(person)
  const tones: number[] = []
  for (let i = 0; i < n; i += 7) if (masks.clothing.data[i]! >= 0.5) tones.push(L.data[i]!)
  const tone = median(tones)
  const plain = { ...L, data: L.data.map((v, i) => masks.clothing.data[i]! * Math.exp(-(((v - tone) / 0.12) ** 2))) }
  const fine = maskedMean(L, plain, 2.5)
  const broad = maskedMean(L, plain, 30)
  const background = backgroundEstimate(person, masks.person, 12)

  const torsoHalf = Math.max(sw * 0.5, dist(body.hipL, body.hipR) * 0.75)
  const chin = mid(neck, body.nose)
  const limb = (x: number, y: number, arm: Point[]) =>
    Math.min(segmentDistance(x, y, arm[0]!, arm[1]!) * 1.15, segmentDistance(x, y, arm[1]!, arm[2]!) * 1.3, segmentDistance(x, y, arm[2]!, arm[3]!) * 1.3) < sw * 0.17
  const inBody = (x: number, y: number) =>
    segmentDistance(x, y, neck, hips) < torsoHalf || limb(x, y, armL) || limb(x, y, armR) || segmentDistance(x, y, neck, chin) < sw * 0.18

  // Soft edges: the layer (premultiplied colour and alpha) is blurred by a pixel.
  const removeSoft = boxBlur(remove, 1)
  const alpha = boxBlur(layer.alpha, 1)
  const colour = [0, 1, 2].map((c) => {
    const p = plane(w, h)
    for (let i = 0; i < n; i++) p.data[i] = layer.color[i * 3 + c]!
    return boxBlur(p, 1)
  })
  const out = new Uint8Array(n * 3)
  const coverage = plane(w, h)
  for (let i = 0; i < n; i++) {
    const x = i % w
    const y = (i - x) / w
    const keep = frontSoft.data[i]!
    const a = alpha.data[i]! * (1 - keep)
    coverage.data[i] = a
    const r = removeSoft.data[i]! * (1 - keep)
    let shade = 1
    if (masks.clothing.data[i]! > 0.5 && broad.data[i]! > 0.02 && fine.data[i]! >= 0) shade = 1 + (Math.min(1.2, Math.max(0.75, fine.data[i]! / broad.data[i]!)) - 1) * input.shading
    const bare = r > 0.001 && inBody(x, y)
    for (let c = 0; c < 3; c++) {
      const original = person.data[i * 3 + c]!
      let base = original
      if (r > 0.001) {
        const fill = bare ? skin[c]! * Math.min(1.1, Math.max(0.7, 0.75 + 0.35 * shade)) : background[c]!.data[i]!
        base = original * (1 - r) + fill * r
      }
      const value = base * (1 - a) + colour[c]!.data[i]! * shade * (1 - keep)
      out[i * 3 + c] = Math.max(0, Math.min(255, Math.round(value)))
    }
  }
  return { image: { width: w, height: h, data: out }, coverage, warpMs }
}
