import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { PART, analyseGarment, drawnGarment, garmentParts } from './garment-analysis'
import { insideBack } from './garment-neckline'
import { decode } from './raster'
import { fixture, hasFixtures } from './test-fixtures'

const TEE = 'M110 60 L190 60 L250 90 L280 150 L235 170 L220 140 L220 330 L80 330 L80 140 L65 170 L20 150 L50 90 Z'

/** A blue tee laid flat on white, with more drawn over it. */
async function tee(over: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#ffffff"/><path d="${TEE}" fill="#2050a0"/>${over}</svg>`
  const { rgb } = await decode(await sharp(Buffer.from(svg)).png().toBuffer())
  return { rgb, ...analyseGarment(rgb, null, 'top') }
}

/** A V neckline edged in black: the back's collar along the top, the inside of the back (darker) seen down to the V's point. */
const V_NECK = '<path d="M114 64 L186 64 L150 130 Z" fill="#143a78"/><path d="M112 62 L150 132 L188 62 Z" fill="none" stroke="#101010" stroke-width="5"/>'

/** A round neckline in a yellow ring (the back's collar and the front's trim), a little below the back's edge; the inside of the back (darker) within it. */
const COLLAR_RING = '<ellipse cx="150" cy="94" rx="36" ry="28" fill="#143a78" stroke="#e0b030" stroke-width="6"/>'

/**
 * A deep V neckline whose inside of the back is the front's own colour, told from it only by the
 * V's fine edge (a blouse's), with a keyhole's slit of the backdrop down the middle and a label.
 */
const V_EDGE_ONLY =
  '<path d="M112 62 L150 150 L188 62" fill="none" stroke="#1a4286" stroke-width="3"/><path d="M150 64 L146 80 L150 136 L154 80 Z" fill="#ffffff"/><rect x="160" y="70" width="14" height="6" fill="#f4f4f4"/>'

/** The back's collar as a band along the top, and a back zip from it down the middle of the inside of the back to the V's point, splitting it in two. */
const BACK_ZIP = '<rect x="110" y="60" width="80" height="4" fill="#101010"/><rect x="148" y="62" width="5" height="64" fill="#d8b030"/>'

describe("the inside of a garment's back, seen through its neckline", () => {
  it('is found inside a V neckline, and not drawn: the neck and chest show there when worn', async () => {
    const { rgb, mask, model } = await tee(V_NECK)
    const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
    const at = (x: number, y: number) => inside.data[y * rgb.width + x]
    expect([at(150, 80), at(150, 110), at(140, 75)]).toEqual([1, 1, 1])
    // (not the V's edge, nor the front below it)
    expect([at(150, 132), at(150, 160), at(100, 200)]).toEqual([0, 0, 0])
    const { parts } = drawnGarment(rgb, mask, garmentParts(mask, model), model)
    expect(parts[80 * rgb.width + 150]).toBe(PART.none)
    expect(parts[200 * rgb.width + 150]).toBe(PART.body)
  })

  it('is found either side of a back zip down its middle, with the zip: worn, both are behind the neck', async () => {
    // (of another colour, or of the front's, as a black dress's inside and its zip)
    for (const over of [V_NECK + BACK_ZIP, '<path d="M112 62 L150 150 L188 62" fill="none" stroke="#1a4286" stroke-width="3"/>' + BACK_ZIP.replace('#d8b030', '#0c2c66')]) {
      const { rgb, mask, model } = await tee(over)
      const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
      const at = (x: number, y: number) => inside.data[y * rgb.width + x]
      expect([at(138, 75), at(162, 75), at(150, 70), at(150, 100)]).toEqual([1, 1, 1, 1])
      expect([at(150, 160), at(100, 200)]).toEqual([0, 0])
    }
  })

  it("is found within a V's edge when it is of the front's colour, with the slit and the label on it", async () => {
    const { rgb, mask, model } = await tee(V_EDGE_ONLY)
    const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
    const at = (x: number, y: number) => inside.data[y * rgb.width + x]
    // (either side of the slit, the slit, the label, and down to the V's point)
    expect([at(135, 80), at(165, 90), at(150, 100), at(167, 73), at(150, 140)]).toEqual([1, 1, 1, 1, 1])
    expect([at(150, 160), at(110, 100), at(190, 100)]).toEqual([0, 0, 0])
  })

  it("is what a collar's ring of one colour encloses, and the ring's front is drawn: the trim is worn", async () => {
    const { rgb, mask, model } = await tee(COLLAR_RING)
    const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
    const at = (x: number, y: number) => inside.data[y * rgb.width + x]
    // (with the ring at the back above it, behind the neck too)
    expect([at(150, 80), at(150, 110), at(130, 95), at(150, 66)]).toEqual([1, 1, 1, 1])
    // (not the ring at the front, nor the front below it)
    expect([at(150, 122), at(150, 140)]).toEqual([0, 0])
    const { parts } = drawnGarment(rgb, mask, garmentParts(mask, model), model)
    expect([parts[66 * rgb.width + 150], parts[122 * rgb.width + 150]]).toEqual([PART.none, PART.body])
  })

  it('is not a print on the chest, nor anything on a tee without a neckline drawn', async () => {
    for (const over of ['<circle cx="150" cy="105" r="28" fill="#e0c030"/>', '']) {
      const { rgb, mask, model } = await tee(over)
      expect(insideBack(rgb, mask, model)).toBeNull()
    }
  })
})

describe.skipIf(!hasFixtures)("the inside of a garment's back on a fixture photo", () => {
  it("is found on a pink blouse's deep V, a shade darker than its front, with its label and its keyhole's slit (drawn on the chest before)", async () => {
    const { rgb } = await decode(fixture('garments', '049947_1.jpg').data)
    const { mask, model } = analyseGarment(rgb, null)
    const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
    const at = (x: number, y: number) => inside.data[y * rgb.width + x]
    // (either side of the slit, the slit, the label, and near the V's point at 381, 395)
    expect([at(330, 280), at(430, 280), at(381, 320), at(430, 258), at(381, 385)]).toEqual([1, 1, 1, 1, 1])
    // (the front either side of the V and below its point)
    expect([at(280, 300), at(480, 300), at(381, 420)]).toEqual([0, 0, 0])
  }, 60_000)

  it("is found either side of a lace dress's back zip, with the zip (its black lining and the zip were drawn as a collar above the new neckline)", async () => {
    const { rgb } = await decode(fixture('garments', '053290_1.jpg').data)
    const { mask, model } = analyseGarment(rgb, null)
    const inside = insideBack(rgb, mask, model) ?? expect.fail('the inside of the back is found')
    const at = (x: number, y: number) => inside.data[y * rgb.width + x]
    // (the lining left and right of the zip, and the zip's pull)
    expect([at(337, 110), at(412, 110), at(376, 127)]).toEqual([1, 1, 1])
    // (the front's lace below, and the shoulders)
    expect([at(376, 200), at(260, 130), at(500, 130)]).toEqual([0, 0, 0])
  }, 60_000)
})
