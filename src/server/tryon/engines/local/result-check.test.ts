import { describe, expect, it } from 'vitest'
import type { PersonMasks } from './person-analysis'
import { type Plane, type Rgb, opened, plane } from './raster'
import { pictureDefects, resultDefects, visibleChange } from './result-check'
import { H, W, fill, standingBody } from './test-figure'

const body = standingBody
const masks = (): PersonMasks => {
  const person = fill(fill(fill(plane(W, H), 85, 20, 115, 60), 62, 60, 138, 190), 80, 190, 120, 290)
  return { person, clothing: fill(plane(W, H), 70, 60, 130, 180), keep: fill(plane(W, H), 85, 20, 115, 60), bareArms: fill(fill(plane(W, H), 58, 160, 70, 185), 130, 160, 142, 185), hands: plane(W, H) }
}
const photo = (): Rgb => {
  const data = new Uint8Array(W * H * 3).fill(240)
  const m = masks().person
  for (let i = 0; i < W * H; i++) if (m.data[i]) data.fill(120, i * 3, i * 3 + 3)
  return { width: W, height: H, data }
}
const check = (fabric: Plane, result = photo(), garmentType: 'top' | 'dress' | 'bottom' = 'top', personMasks = masks()) => resultDefects({ person: photo(), result, masks: personMasks, body, garmentType, fabric })

describe('result self-check', () => {
  it('passes a garment on the torso', () => {
    expect(check(fill(plane(W, H), 70, 62, 130, 180))).toEqual([])
  })

  it('finds fabric outside the silhouette, over the face, over the hands, and a filled frame', () => {
    expect(check(fill(plane(W, H), 20, 62, 180, 180))).toContain('outside')
    expect(check(fill(fill(plane(W, H), 70, 62, 130, 180), 85, 30, 115, 60))).toContain('face')
    expect(check(fill(plane(W, H), 56, 62, 144, 186))).toContain('hands')
    expect(check(fill(plane(W, H), 0, 0, W, H))).toContain('frame')
  })

  it('judges the hands the hand model found, not the guess past the wrists, when there are any', () => {
    // A bare hand laid on the belly (the model found it; it is kept), far from where the wrists point.
    const withHand = masks()
    fill(withHand.hands, 88, 150, 100, 165)
    fill(withHand.keep, 88, 150, 100, 165)
    const torso = fill(plane(W, H), 70, 62, 130, 180)
    expect(check(torso, photo(), 'top', withHand)).toContain('hands')
    expect(check(torso)).not.toContain('hands')
    // Fabric over the wrist guess's place is no defect once the real hands are known.
    expect(check(fill(plane(W, H), 56, 62, 144, 186), photo(), 'top', { ...withHand, hands: fill(plane(W, H), 150, 10, 160, 20) })).not.toContain('hands')
  })

  it('finds a top that leaves the middle of the chest bare (a band of fabric above or below it)', () => {
    // neck (100,70) to hips (100,180): the chest's middle is near y 116
    expect(check(fill(plane(W, H), 70, 62, 130, 100))).toContain('scale')
    expect(check(fill(plane(W, H), 70, 140, 130, 180))).toContain('scale')
    // a crop top ending under the bust is fine
    expect(check(fill(plane(W, H), 70, 62, 130, 135))).toEqual([])
  })

  it('allows a skirt its flare below the hips, not a top', () => {
    const flared = fill(fill(plane(W, H), 70, 62, 130, 180), 66, 180, 134, 260)
    expect(check(flared, photo(), 'dress')).toEqual([])
  })

  it("allows a full skirt's flare widening with its length, not fabric straight out at the hips", () => {
    // A skirt below the hands (y 186) widening 0.5 px a row each side, from the body's 62..138: out to 30..170 at y 250.
    const skirt = (spread: (y: number) => number) => {
      const p = fill(plane(W, H), 70, 62, 130, 186)
      for (let y = 186; y < 250; y++) fill(p, Math.max(0, Math.round(62 - spread(y))), y, Math.min(W, Math.round(138 + spread(y))), y + 1)
      return p
    }
    expect(check(skirt((y) => (y - 186) * 0.5), photo(), 'dress')).toEqual([])
    // (as wide at the hips as at the hem: a block, not a skirt)
    expect(check(skirt(() => 35), photo(), 'dress')).toContain('outside')
  })

  it("allows a long sleeve's bell flaring out from the elbow to past the wrist, not a sleeve standing out from the shoulder (a pink blouse's bell sleeves were refused on a photo mirrored)", () => {
    // Sleeves down the arms' outer sides (elbows at y 120, wrists at 160), flaring from the body's
    // outline 62..138 to 0.24 shoulder widths beyond it at the wrists and on to y 170.
    const sleeves = (from: number, to: number, spread: (y: number) => number) => {
      const p = fill(plane(W, H), 70, 62, 130, 180)
      for (let y = from; y < to; y++) fill(p, Math.round(62 - spread(y)), y, Math.round(138 + spread(y)), y + 1)
      return p
    }
    const bell = (y: number) => Math.max(0, (y - 120) * 0.3)
    expect(check(sleeves(62, 170, bell))).toEqual([])
    // (as far out from the shoulders down to the elbows: wings)
    expect(check(sleeves(62, 120, () => 14))).toContain('outside')
  })

  it('finds legs erased to the backdrop below the hem, and a garment too small for the body', () => {
    const erased = photo()
    for (let y = 200; y < 290; y++) erased.data.fill(240, (y * W + 80) * 3, (y * W + 120) * 3)
    expect(check(fill(plane(W, H), 70, 62, 130, 180), erased)).toContain('limbs')
    expect(check(fill(plane(W, H), 95, 90, 105, 100))).toContain('scale')
    expect(check(fill(plane(W, H), 95, 200, 105, 210), photo(), 'bottom')).toContain('scale')
  })

  it('lets trousers or a dress narrower than the old trousers leave the backdrop beside them, down to their hem; not legs erased below it', () => {
    // Legs 80..120 wide; the new trousers 88..112 from the waist to y 260, the rest of the old ones taken away.
    const trousers = fill(plane(W, H), 88, 170, 112, 260)
    const narrower = photo()
    for (let y = 190; y < 260; y++) for (const [x0, x1] of [[80, 88], [112, 120]] as const) narrower.data.fill(240, (y * W + x0) * 3, (y * W + x1) * 3)
    expect(check(trousers, narrower, 'bottom')).toEqual([])
    // (a top leaving the same pixels to the backdrop has erased the legs)
    expect(check(fill(plane(W, H), 70, 62, 130, 180), narrower)).toContain('limbs')
    const shinsGone = photo()
    for (let y = 190; y < 290; y++) for (const [x0, x1] of [[80, 88], [112, 120]] as const) shinsGone.data.fill(240, (y * W + x0) * 3, (y * W + x1) * 3)
    for (let y = 260; y < 290; y++) shinsGone.data.fill(240, (y * W + 88) * 3, (y * W + 112) * 3)
    expect(check(trousers, shinsGone, 'bottom')).toContain('limbs')
    // A dress takes the old trousers off beside it the same way (it was refused for erased legs).
    const dress = fill(fill(plane(W, H), 70, 62, 130, 170), 88, 170, 112, 260)
    expect(check(dress, narrower, 'dress')).toEqual([])
    expect(check(dress, shinsGone, 'dress')).toContain('limbs')
  })

  it("lets a shorter dress take off an old dress wider than the legs down to its own hem; not the shins erased below it", () => {
    // An old dress 70..130 wide down to y 260 (clothing), the legs 82..96 and 104..118 below it; a new dress to y 200.
    const person = fill(fill(fill(fill(plane(W, H), 85, 20, 115, 60), 62, 60, 138, 190), 70, 190, 130, 260), 82, 260, 96, 290)
    fill(person, 104, 260, 118, 290)
    const inDress: PersonMasks = { ...masks(), person, clothing: fill(plane(W, H), 70, 60, 130, 260) }
    const colours = (): Rgb => {
      const data = new Uint8Array(W * H * 3).fill(240)
      for (let i = 0; i < W * H; i++) if (person.data[i]) data.fill(120, i * 3, i * 3 + 3)
      return { width: W, height: H, data }
    }
    const before = colours()
    // (the old dress beside the drawn legs, 70..82, 96..104 and 118..130 from the new hem to the old one, is the backdrop now)
    const drawnLegs = colours()
    for (let y = 200; y < 260; y++) for (const [x0, x1] of [[70, 82], [96, 104], [118, 130]] as const) drawnLegs.data.fill(240, (y * W + x0) * 3, (y * W + x1) * 3)
    const dress = fill(plane(W, H), 70, 62, 130, 200)
    const checked = (result: Rgb) => resultDefects({ person: before, result, masks: inDress, body, garmentType: 'dress', fabric: dress })
    expect(checked(drawnLegs)).toEqual([])
    // (the shins below the old hem erased too: refused)
    const shinsGone = colours()
    for (let y = 200; y < 290; y++) shinsGone.data.fill(240, (y * W + 70) * 3, (y * W + 130) * 3)
    expect(checked(shinsGone)).toContain('limbs')
  })

  it("refuses a faint flap beside the body that the engine's coverage missed, from the picture's pixels", () => {
    const torso = fill(plane(W, H), 70, 62, 130, 180)
    const result = photo()
    // Fabric drawn on the torso (as the coverage says) and a flap beside it (which it does not).
    for (const [x0, x1] of [[70, 130], [150, 185]] as const)
      for (let y = 80; y < 170; y++) for (let x = x0; x < x1; x++) result.data.fill(30, (y * W + x) * 3, (y * W + x) * 3 + 3)
    expect(check(torso, result)).toEqual([])
    expect(pictureDefects({ person: photo(), result, masks: masks(), body, garmentType: 'top' }, torso)).toEqual(['outside'])
    // Without the flap the picture passes.
    const clean = photo()
    for (let y = 80; y < 170; y++) for (let x = 70; x < 130; x++) clean.data.fill(30, (y * W + x) * 3, (y * W + x) * 3 + 3)
    expect(pictureDefects({ person: photo(), result: clean, masks: masks(), body, garmentType: 'top' }, torso)).toEqual([])
  })

  it('reads the visible change as an opening of the changed pixels over the whole frame, though worked round the change only', () => {
    const before = photo()
    const after = { ...before, data: before.data.slice() }
    const paint = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) after.data.fill(20, (y * W + x) * 3, (y * W + x) * 3 + 3)
    }
    // a patch, a one-pixel line (noise: opened away) and a patch on the frame's corner
    paint(70, 70, 120, 140)
    paint(60, 200, 140, 200)
    paint(0, H - 6, 5, H - 1)
    const changed = plane(W, H)
    for (let i = 0; i < W * H; i++) changed.data[i] = after.data[i * 3] !== before.data[i * 3] ? 1 : 0
    expect(Array.from(visibleChange(before, after).data)).toEqual(Array.from(opened(changed, 1).data))
    expect(visibleChange(before, before).data.some((v) => v)).toBe(false)
    // a lone line is noise too, however tight the box round it
    const line = { ...before, data: before.data.slice() }
    line.data.fill(20, (100 * W + 40) * 3, (100 * W + 90) * 3)
    expect(visibleChange(before, line).data.some((v) => v)).toBe(false)
    // told where the picture may differ (the box compose worked on), it reads the same there and nothing beyond
    const within = { x0: 60, y0: 60, x1: 150, y1: 210 }
    const inBox = (i: number) => i % W >= within.x0 && i % W <= within.x1 && Math.floor(i / W) >= within.y0 && Math.floor(i / W) <= within.y1
    const seen = opened(changed, 1).data.map((v, i) => (inBox(i) ? v : 0))
    expect(Array.from(visibleChange(before, after, undefined, within).data)).toEqual(Array.from(seen))
    expect(visibleChange(before, after, undefined, null).data.some((v) => v)).toBe(false)
  })
})
