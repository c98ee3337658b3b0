import { describe, expect, it } from 'vitest'
import { ARM_BAND, armBands } from './arm-band'
import { seenUpperArms } from './arm-outline'
import { type Plane, plane } from './raster'
import { H, W, fill, paintPhoto, standingBody } from './test-figure'

const body = standingBody
const SKIN = [205, 150, 120]
const TOP = [240, 240, 240]

/** The figure in an old top down to y 180 that covers the arms from the shoulders down to `sleeveEnd` (none: sleeveless), its bare arms 58..70 and 130..142 below. */
function figure(sleeveEnd: number | null) {
  const person = fill(fill(plane(W, H), 70, 60, 130, 190), 56, 62, 144, 185)
  const clothing = fill(plane(W, H), 70, 62, 130, 180)
  if (sleeveEnd !== null) fill(fill(clothing, 56, 62, 70, sleeveEnd), 130, 62, 144, sleeveEnd)
  const bareArms = fill(fill(plane(W, H), 56, sleeveEnd ?? 62, 70, 185), 130, sleeveEnd ?? 62, 144, 185)
  const rgb = paintPhoto((_x, _y, i) => (clothing.data[i] ? TOP : SKIN))
  const masks = { person, clothing, bareArms }
  return { masks, seen: seenUpperArms(rgb, masks, body) }
}

/** The hem's edge's pixels in each row, between columns x0 and x1. */
const hemEdgeRows = (band: Uint8Array | null, x0: number, x1: number) => {
  const rows = new Map<number, number>()
  for (let i = 0; i < W * H; i++) if (band?.[i] === ARM_BAND.hemEdge && i % W >= x0 && i % W < x1) rows.set(Math.floor(i / W), (rows.get(Math.floor(i / W)) ?? 0) + 1)
  return rows
}

describe("the upper arms' bands under a new top", () => {
  const noSleeves: Plane = plane(W, H)

  it("takes the bare arm's first rows below an old short sleeve's hem for the plate's skin, across the arm", () => {
    const { masks, seen } = figure(95)
    const rows = hemEdgeRows(armBands(masks, noSleeves, body, seen, 103, { upper: 7, forearm: 6 }), 56, 70)
    expect(Math.min(...rows.keys())).toBeGreaterThanOrEqual(95)
    // (across the arm, 14 px wide)
    expect(Math.max(...rows.values())).toBeGreaterThan(10)
  })

  it("puts the arm an old sleeve covered below the armpits in front of the new garment's side from its outer edge there to its inner edge at the hem (00055: cut across at the armpits, a block of skin over a dress's side)", () => {
    // (an old sleeve down to row 100, the armpits at row 80: the left arm's line runs from the shoulder
    // at x 75 to x 60 below the hem, 7 px either side of it: x 62 to 75 at row 90, 59 to 72 at row 98)
    const { masks, seen } = figure(100)
    const band = armBands(masks, noSleeves, body, seen, 80, { upper: 7, forearm: 6 })
    const covered = (y: number, x0: number, x1: number) => Array.from({ length: x1 - x0 }, (_, k) => band?.[y * W + x0 + k] === ARM_BAND.covered).filter(Boolean).length
    // Halfway down, its outer half is in front, not yet its inner half (7 pixels before: the arm's whole width from the armpits down)...
    expect(covered(90, 62, 69)).toBeGreaterThan(3)
    expect(covered(90, 69, 76)).toBe(0)
    // ...which is by the hem.
    expect(covered(98, 66, 73)).toBeGreaterThan(2)
  })

  it("leaves a bare arm beside a sleeveless old top's side as the photo shows it: no hem lies across it (model_5: a lighter block of the plate's skin along his inner arm)", () => {
    const { masks, seen } = figure(null)
    // (at most the pixel next to the top's side, where the arm's slant meets it: 3 or 4 pixels a row before)
    for (const [x0, x1] of [[56, 100], [100, 144]] as const) expect(Math.max(0, ...hemEdgeRows(armBands(masks, noSleeves, body, seen, 103, { upper: 7, forearm: 6 }), x0, x1).values())).toBeLessThanOrEqual(1)
  })
})
