import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { fitGarment } from './fit'
import { PART, garmentMasks, garmentModel, garmentParts } from './garment-analysis'
import { dist, lerp, pt, segmentDistance } from './geometry'
import { type BodyFrame, bodyAxes, polylineDistance } from './person-analysis'
import { decode, plane } from './raster'
import { fixture, hasFixtures } from './test-fixtures'

/** A long-sleeve top laid flat, its sleeves reaching well past its hem. */
const LONG_SLEEVES = 'M110 40 L190 40 L235 70 L290 330 L255 340 L215 140 L215 250 L85 250 L85 140 L45 340 L10 330 L65 70 Z'

/** A camisole: thin straps set in from the sides of its body. */
const CAMISOLE = 'M100 40 L108 40 L108 120 L192 120 L192 40 L200 40 L200 120 L215 130 L220 360 L80 360 L85 130 L100 120 Z'

/** A tee laid flat: short sleeves set in along its shoulder-armpit lines, out and down to slanted cuffs. */
const TEE = 'M110 40 L190 40 L215 50 L270 110 L245 135 L215 115 L215 250 L85 250 L85 115 L55 135 L30 110 L85 50 Z'

/** Trousers laid flat: a waistband, the legs parting below the crotch. */
const TROUSERS = 'M95 30 L205 30 L215 370 L165 370 L150 150 L135 370 L85 370 Z'

/** Shorts laid flat. */
const SHORTS = 'M95 30 L205 30 L215 130 L160 130 L150 100 L140 130 L85 130 Z'

/** A standing figure with short arms (shoulders 100 apart, wrists 120 below them). */
const body: BodyFrame = {
  shoulderL: pt(150, 100),
  shoulderR: pt(250, 100),
  elbowL: pt(140, 160),
  elbowR: pt(260, 160),
  wristL: pt(135, 220),
  wristR: pt(265, 220),
  hipL: pt(170, 300),
  hipR: pt(230, 300),
  kneeL: null,
  kneeR: null,
  ankleL: null,
  ankleR: null,
  nose: pt(200, 40),
  shoulderWidth: 100,
}

/** A garment's path filled navy on a light grey backdrop, 300 x 400. */
async function flatPhoto(path: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#eeeeee"/><path d="${path}" fill="#203080"/></svg>`
  return (await decode(await sharp(Buffer.from(svg)).png().toBuffer())).rgb
}

/** Where on the person a mapping lays a point of the garment (the mean of the pixels it takes from within 2 px of it). */
function whereFrom(map: (x: number, y: number) => { x: number; y: number }, target: { x: number; y: number }) {
  const hits: { x: number; y: number }[] = []
  for (let y = 0; y < 400; y++) for (let x = 0; x < 400; x++) if (dist(map(x, y), target) < 2) hits.push(pt(x, y))
  expect(hits.length, `${JSON.stringify(target)} is laid somewhere`).toBeGreaterThan(0)
  return pt(hits.reduce((sum, p) => sum + p.x, 0) / hits.length, hits.reduce((sum, p) => sum + p.y, 0) / hits.length)
}

describe('fit', () => {
  it('ends a sleeve longer than the arm at the wrist, never over the hand', async () => {
    const img = await flatPhoto(LONG_SLEEVES)
    const model = garmentModel(img, garmentMasks(img, null).drawn, 'top')
    const L = model.landmarks
    expect(L.sleeveEndL).not.toBeNull()
    const sleeve = fitGarment(model, body, { ease: 1, lengthShift: 0 }).sleeveL!
    const root = lerp(L.shoulderL, L.armpitL, 0.5)
    const length = dist(root, L.sleeveEndL!)
    // At the wrist the sleeve reaches its cuff; a little further on (the hand) lies beyond it.
    expect(dist(root, sleeve(body.wristL.x, body.wristL.y))).toBeGreaterThan(length * 0.9)
    const handAt = lerp(body.elbowL, body.wristL, 1.3)
    const hand = sleeve(handAt.x, handAt.y)
    expect(hand.x < 0 || dist(root, hand) > length * 1.05).toBe(true)
  })

  it("hangs a tee's set-in sleeves from the body's shoulder corners down the upper arms, their cuffs across the arms", async () => {
    const img = await flatPhoto(TEE)
    const model = garmentModel(img, garmentMasks(img, null).drawn, 'top')
    const L = model.landmarks
    expect(L.sleeveCuffL).not.toBeNull()
    const m = fitGarment(model, body, { ease: 1, lengthShift: 0 })
    for (const [sleeve, shoulder, cuff, joint, elbow] of [[m.sleeveL!, L.shoulderL, L.sleeveCuffL!, body.shoulderL, body.elbowL], [m.sleeveR!, L.shoulderR, L.sleeveCuffR!, body.shoulderR, body.elbowR]] as const) {
      // The sleeve starts at the body's shoulder corner: the seam is one line on both parts.
      expect(dist(whereFrom(sleeve, shoulder), whereFrom(m.body, shoulder))).toBeLessThan(body.shoulderWidth * 0.04)
      // Its cuff, slanted in the flat photo, lies across the arm.
      const [a, b] = [whereFrom(sleeve, cuff[0]), whereFrom(sleeve, cuff[1])]
      const arm = { x: elbow.x - joint.x, y: elbow.y - joint.y }
      const cos = Math.abs((b.x - a.x) * arm.x + (b.y - a.y) * arm.y) / (dist(a, b) * Math.hypot(arm.x, arm.y))
      expect(cos).toBeLessThan(Math.cos((75 * Math.PI) / 180))
    }
  })

  it("puts trousers' waistband on the person's own when the photo shows one near the waist, else just above the hip joints", async () => {
    const img = await flatPhoto(TROUSERS)
    const trousers = garmentModel(img, garmentMasks(img, null).drawn, 'bottom')
    expect(trousers.type).toBe('bottom')
    const fit = { ease: 1, lengthShift: 0 }
    const { neck, hips } = bodyAxes(body)
    const topOf = (waistband: number | null) => fitGarment(trousers, body, fit, { waistband }).waistY
    expect(topOf(null)).toBeCloseTo(lerp(neck, hips, 0.88).y)
    // A waistband between the lower ribs and the hip joints is where the new one goes, its top a little over it.
    expect(topOf(lerp(neck, hips, 0.7).y)).toBeCloseTo(lerp(neck, hips, 0.66).y)
    // Far from the waist (a long top read as trousers, or a belt at the chest) it is not.
    expect(topOf(lerp(neck, hips, 0.4).y)).toBeCloseTo(lerp(neck, hips, 0.88).y)
    expect(topOf(lerp(neck, hips, 1.3).y)).toBeCloseTo(lerp(neck, hips, 0.88).y)
  })

  it("ends full-length trousers over the ankles when the photo shows them (a length read from the flat photo's width ended short of them, or ran over the shoes), and shorts where they end", async () => {
    const fit = { ease: 1, lengthShift: 0 }
    const legs = { kneeL: pt(172, 450), kneeR: pt(228, 450), ankleL: pt(174, 600), ankleR: pt(226, 600) }
    const onLegs: BodyFrame = { ...body, ...legs }
    const trousersImg = await flatPhoto(TROUSERS)
    const trousers = garmentModel(trousersImg, garmentMasks(trousersImg, null).drawn, 'bottom')
    // (a twenty-fifth of the way from the hip joints to the ankles below them: over the ankle bones)
    expect(fitGarment(trousers, onLegs, fit).hemY).toBeCloseTo(600 + (600 - 300) * 0.04, 0)
    const shorterLegs: BodyFrame = { ...onLegs, ankleL: pt(174, 520), ankleR: pt(226, 520), kneeL: pt(172, 410), kneeR: pt(228, 410) }
    expect(fitGarment(trousers, shorterLegs, fit).hemY).toBeCloseTo(520 + (520 - 300) * 0.04, 0)
    const shortsImg = await flatPhoto(SHORTS)
    const shorts = garmentModel(shortsImg, garmentMasks(shortsImg, null).drawn, 'bottom')
    const { hemY, waistY } = fitGarment(shorts, onLegs, fit)
    expect(hemY).toBeLessThan(legs.kneeL.y)
    expect(fitGarment(shorts, body, fit).hemY).toBeCloseTo(hemY)
    expect(waistY).toBe(fitGarment(trousers, onLegs, fit).waistY)
  })

  it("moves each of trousers' legs with the person's leg below the crotch, and draws nothing between legs set apart", async () => {
    const img = await flatPhoto(TROUSERS)
    const trousers = garmentModel(img, garmentMasks(img, null).drawn, 'bottom')
    const apart: BodyFrame = { ...body, kneeL: pt(150, 450), kneeR: pt(250, 450), ankleL: pt(130, 600), ankleR: pt(270, 600) }
    const { body: map, hemY } = fitGarment(trousers, apart, { ease: 1, lengthShift: 0 })
    const drawn = (p: { x: number; y: number }) => p.x >= 0 && p.y >= 0 && img.data[(Math.round(p.y) * img.width + Math.round(p.x)) * 3]! < 100
    const above = hemY - 10
    // Just above the hem, on each ankle's line, is that leg of the trousers; between them, nothing.
    const left = map(apart.ankleL!.x, above)
    const right = map(apart.ankleR!.x, above)
    expect(drawn(left) && left.x < 150).toBe(true)
    expect(drawn(right) && right.x > 150).toBe(true)
    expect(drawn(map(200, above))).toBe(false)
    // Above the crotch the trousers are as they were: the hips do not move.
    expect(map(200, 320)).toEqual(fitGarment(trousers, body, { ease: 1, lengthShift: 0 }).body(200, 320))
  })

  it("scales a camisole by its chest, not by its straps (set in from its sides, they would blow it up)", async () => {
    const img = await flatPhoto(CAMISOLE)
    const model = garmentModel(img, garmentMasks(img, null).drawn, 'top')
    const L = model.landmarks
    expect(dist(L.shoulderL, L.shoulderR)).toBeLessThan(dist(L.armpitL, L.armpitR) * 0.9)
    const { scale } = fitGarment(model, body, { ease: 1, lengthShift: 0 })
    // The chest spans the shoulders (and their 12% of ease), no more.
    expect(dist(L.armpitL, L.armpitR) * scale).toBeLessThanOrEqual(body.shoulderWidth * 1.12 + 0.5)
  })

  it("sets a camisole's straps in from the shoulders' joints as they are set in from its sides (laid outside the joints, they slid off the shoulders: 02015, 048769)", async () => {
    const img = await flatPhoto(CAMISOLE)
    const model = garmentModel(img, garmentMasks(img, null).drawn, 'top')
    const L = model.landmarks
    const { body: map } = fitGarment(model, body, { ease: 1, lengthShift: 0 })
    const share = (L.shoulderR.x - L.shoulderL.x) / (L.armpitR.x - L.armpitL.x)
    const [strapL, strapR, armpitL, armpitR] = [L.shoulderL, L.shoulderR, L.armpitL, L.armpitR].map((p) => whereFrom(map, p))
    // (the joints are at x 150 and 250)
    expect(strapL!.x).toBeGreaterThan(150 + 5)
    expect(strapR!.x).toBeLessThan(250 - 5)
    expect((strapR!.x - strapL!.x) / (armpitR!.x - armpitL!.x)).toBeCloseTo(share, 1)
  })

})

/** A fixture garment photo, its parts and its sleeves fitted on the figure. */
async function sleevesOf(garment: string) {
  const { rgb } = await decode(fixture('garments', garment).data)
  const mask = garmentMasks(rgb, null).drawn
  const model = garmentModel(rgb, mask)
  const { sleeveL, sleeveR } = fitGarment(model, body, { ease: 1, lengthShift: 0 })
  return { rgb, parts: garmentParts(mask, model), sleeveL, sleeveR }
}

describe.skipIf(!hasFixtures)('fit on a fixture photo', () => {
  it("lays a cold-shoulder top's straps over the shoulders: nothing of a top stands higher above them than a high collar", async () => {
    const { rgb } = await decode(fixture('garments', '050002_1.jpg').data)
    const mask = garmentMasks(rgb, null).drawn
    const { body: map } = fitGarment(garmentModel(rgb, mask), body, { ease: 1, lengthShift: 0 })
    const drawn = (x: number, y: number) => {
      const p = map(x, y)
      return p.x >= 0 && p.y >= 0 && p.x < rgb.width && p.y < rgb.height && mask.data[Math.round(p.y) * rgb.width + Math.round(p.x)]! >= 0.5
    }
    // The shoulder line is at y 100: a high collar reaches 0.3 shoulder widths above it, besides
    // the shoulders' own rise (0.05). The straps, half the shoulders' width tall, stood up to y 41.
    const above: string[] = []
    for (let y = 0; y < 100 - 100 * 0.35 - 2; y++) for (let x = 100; x <= 300; x++) if (drawn(x, y)) above.push(`${x},${y}`)
    expect(above.slice(0, 5)).toEqual([])
  })

  it("lays a cardigan's sleeves, hanging against its body in the photo, across the whole arm (its inner edge ran down the arm, the rest beside it)", async () => {
    const { rgb, parts, sleeveL, sleeveR } = await sleevesOf('condition_upper_21514384_52353349_1000.jpg')
    const partAt = (p: { x: number; y: number }) => parts[Math.round(p.y) * rgb.width + Math.round(p.x)]
    // Down the upper arm, on its line and a tenth of the shoulders to either side, is sleeve.
    for (const [map, part, shoulder, elbow] of [[sleeveL!, PART.sleeveL, body.shoulderL, body.elbowL], [sleeveR!, PART.sleeveR, body.shoulderR, body.elbowR]] as const)
      for (const t of [0.4, 0.7])
        for (const dx of [-5, 0, 5]) {
          const onArm = lerp(shoulder, elbow, t)
          expect(partAt(map(onArm.x + dx, onArm.y)), `${t} ${dx}`).toBe(part)
        }
  }, 60_000)

  it("lays a hanging sleeve down the upper arm as the photo shows it, off the pose's line (the arm's inner edge showed between the sleeve and the body, model_5)", async () => {
    const { rgb } = await decode(fixture('garments', 'idm_09176_00.jpg').data)
    const mask = garmentMasks(rgb, null).drawn
    const model = garmentModel(rgb, mask)
    const parts = garmentParts(mask, model)
    // The right arm, bare, 24 px wide, from above the shoulder joint to the elbow: its middle 6 px
    // inside the pose's line down the upper arm, on it at the elbow; the torso 20 px from it.
    const [top, elbow] = [pt(236, 96), body.elbowR]
    const silhouette = plane(400, 400)
    const bareArms = plane(400, 400)
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 400; x++) {
        const onArm = segmentDistance(x, y, top, elbow) <= 12 || segmentDistance(x, y, elbow, body.wristR) <= 10
        if (onArm) bareArms.data[y * 400 + x] = 1
        if (onArm || (x >= 160 && x <= 210 && y >= 95 && y <= 320)) silhouette.data[y * 400 + x] = 1
      }
    const { sleeveR } = fitGarment(model, body, { ease: 1, lengthShift: 0 }, { silhouette, bareArms })
    const inSleeve = (x: number, y: number) => {
      const p = sleeveR!(x, y)
      return p.x >= 0 && p.y >= 0 && p.x < rgb.width && p.y < rgb.height && parts[Math.round(p.y) * rgb.width + Math.round(p.x)] === PART.sleeveR
    }
    // Down the upper arm, about where it is read, the sleeve covers the arm's inner edge.
    const bare: string[] = []
    for (let y = 134; y <= 150; y++) {
      let x = 0
      while (!bareArms.data[y * 400 + x]) x++
      if (!inSleeve(x, y)) bare.push(`${x},${y}`)
    }
    expect(bare).toEqual([])
  }, 60_000)

  it("lays a hanging sleeve round the whole upper arm as wide as it is seen below an old sleeve, where no width is read across the pose's line (a bent arm's skin showed on both sides of a long sleeve, 07966)", async () => {
    const { rgb } = await decode(fixture('garments', '00470_00.jpg').data)
    const mask = garmentMasks(rgb, null).drawn
    const model = garmentModel(rgb, mask)
    const parts = garmentParts(mask, model)
    // The right upper arm seen below an old short sleeve, a fifth of the shoulders' width across each side of its line.
    const radius = body.shoulderWidth * 0.2
    const [hem, end] = [lerp(body.shoulderR, body.elbowR, 0.4), lerp(body.shoulderR, body.elbowR, 0.6)]
    const { sleeveR } = fitGarment(model, body, { ease: 1, lengthShift: 0 }, { upperArms: [null, { top: hem, hem, end, radius, rows: [], bareColour: null }] })
    const inSleeve = ({ x, y }: { x: number; y: number }) => {
      const p = sleeveR!(x, y)
      return p.x >= 0 && p.y >= 0 && p.x < rgb.width && p.y < rgb.height && parts[Math.round(p.y) * rgb.width + Math.round(p.x)] === PART.sleeveR
    }
    const bare: string[] = []
    for (const t of [0.5, 0.6, 0.7])
      for (const k of [-0.9, 0.9]) {
        const p = lerp(body.shoulderR, body.elbowR, t)
        if (!inSleeve(pt(p.x + k * radius, p.y))) bare.push(`${t} ${k}`)
      }
    expect(bare).toEqual([])
  }, 60_000)

  it("gathers a loose knit's hanging sleeve in round the forearm as it narrows to the wrist (at the width of its opening all the way down, the sleeves stood off the forearms like boards, 00055)", async () => {
    const { rgb, parts, sleeveL, sleeveR } = await sleevesOf('condition_upper_21514384_52353349_1000.jpg')
    // The sleeve's half width across the arm at a share of the upper arm and of the forearm.
    const halfAt = (map: NonNullable<typeof sleeveL>, part: number, from: { x: number; y: number }, to: { x: number; y: number }, t: number) => {
      const c = lerp(from, to, t)
      const n = pt(-(to.y - from.y) / dist(from, to), (to.x - from.x) / dist(from, to))
      let half = 0
      for (let d = -40; d <= 40; d += 0.5) {
        const p = map(c.x + n.x * d, c.y + n.y * d)
        if (p.x >= 0 && p.y >= 0 && p.x < rgb.width && p.y < rgb.height && parts[Math.round(p.y) * rgb.width + Math.round(p.x)] === part) half = Math.max(half, Math.abs(d))
      }
      return half
    }
    for (const [map, part, shoulder, elbow, wrist] of [[sleeveL!, PART.sleeveL, body.shoulderL, body.elbowL, body.wristL], [sleeveR!, PART.sleeveR, body.shoulderR, body.elbowR, body.wristR]] as const) {
      const [upper, wristHalf] = [halfAt(map, part, shoulder, elbow, 0.6), halfAt(map, part, elbow, wrist, 0.9)]
      // (before: 15 px near the wrist against 14.5 on the upper arm; now 13.5)
      expect(wristHalf).toBeGreaterThan(0)
      expect(wristHalf).toBeLessThan(upper)
    }
  }, 60_000)

  it("gathers a puffed sleeve round the arm (laid on at its flat width it stood out from the body)", async () => {
    const { rgb, parts, sleeveL, sleeveR } = await sleevesOf('02305_00.jpg')
    let farthest = 0
    for (const [map, part, arm] of [[sleeveL!, PART.sleeveL, [body.shoulderL, body.elbowL, body.wristL]], [sleeveR!, PART.sleeveR, [body.shoulderR, body.elbowR, body.wristR]]] as const)
      for (let y = 0; y < 300; y++)
        for (let x = 0; x < 400; x++) {
          const p = map(x, y)
          if (p.x < 0 || p.y < 0 || p.x >= rgb.width || p.y >= rgb.height || parts[Math.round(p.y) * rgb.width + Math.round(p.x)] !== part) continue
          farthest = Math.max(farthest, polylineDistance(x, y, [...arm]))
        }
    expect(farthest).toBeGreaterThan(0)
    expect(farthest).toBeLessThan(body.shoulderWidth * 0.25)
  }, 60_000)
})
