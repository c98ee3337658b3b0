import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { type GarmentModel, garmentMasks, garmentModel } from './garment-analysis'
import { pt } from './geometry'
import { type Plane, type Rgb, decode } from './raster'
import { SKIP_REASON, fixture, hasFixtures } from './test-fixtures'
import { bar, clip, hook, paintOver, swingTag } from './test-hanger'

const iou = (a: Plane, b: Plane) => {
  let both = 0
  let either = 0
  for (let i = 0; i < a.data.length; i++) {
    const x = (a.data[i] ?? 0) >= 0.5
    const y = (b.data[i] ?? 0) >= 0.5
    if (x && y) both++
    if (x || y) either++
  }
  return both / either
}

/** The garment's mask and model on the photo as it was and with the hanger or tag drawn on it. */
async function both(photo: Buffer, shapes: string[], room = 0) {
  const read = (img: Rgb) => {
    const mask = garmentMasks(img, null).drawn
    return { img, mask, model: garmentModel(img, mask) }
  }
  return { plain: read(await paintOver(photo, [], room)), painted: read(await paintOver(photo, shapes, room)) }
}

/** The neck and both shoulders where the garment without the hanger has them, within `share` of its width. */
function expectSameTop(painted: GarmentModel, plain: GarmentModel, share = 0.03) {
  const width = plain.bbox.x1 - plain.bbox.x0
  for (const key of ['neck', 'shoulderL', 'shoulderR'] as const) {
    const [a, b] = [painted.landmarks[key], plain.landmarks[key]]
    expect(Math.hypot(a.x - b.x, a.y - b.y) / width, key).toBeLessThan(share)
  }
}

if (!hasFixtures) console.warn(SKIP_REASON)

const isSetAt = (mask: Plane, x: number, y: number) => (mask.data[Math.round(y) * mask.width + Math.round(x)] ?? 0) >= 0.5

/** A sleeveless top's mask and top as without the hanger, its straps (at `straps`) kept, read as straps (not sleeves). */
function expectStrapsKept({ plain, painted }: Awaited<ReturnType<typeof both>>, straps: { x: number; y: number }[]) {
  expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
  expectSameTop(painted.model, plain.model)
  expect(painted.model.landmarks.sleeveEndL).toBeNull()
  for (const p of straps) expect(isSetAt(painted.mask, p.x, p.y)).toBe(true)
}

/** A blue tee on a grey backdrop (collar top at y 100, shoulders at x 110 and 190). */
const TEE = 'M130 100 L170 100 L190 104 L250 130 L280 190 L235 210 L220 180 L220 370 L80 370 L80 180 L65 210 L20 190 L50 130 L110 104 Z'
const teePhoto = () => sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#cfcfcd"/><path d="${TEE}" fill="#3050c0"/></svg>`)).jpeg({ quality: 92 }).toBuffer()

describe('a garment photographed on a hanger or with a tag', () => {
  it("leaves a hook out of a cut-out's own alpha too, and no rim of it at the soft edge", async () => {
    const cutOut = async (shapes: string[]) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><path d="${TEE}" fill="#3050c0"/>${shapes.join('')}</svg>`
      const { rgb, alpha } = await decode(await sharp(Buffer.from(svg)).png().toBuffer())
      return garmentMasks(rgb, alpha).drawn
    }
    const [plain, painted] = [await cutOut([]), await cutOut([hook(pt(150, 100), 80, '#303030', 6)])]
    expect(iou(painted, plain)).toBeGreaterThan(0.99)
    for (let y = 25; y < 100; y += y < 95 ? 5 : 1) for (let x = 130; x < 170; x++) expect(painted.data[y * 300 + x], `${x},${y}`).toBeLessThan(0.5)
  })

  it("leaves out a wire hanger's hook above the collar and its bar along the shoulders", async () => {
    const shapes = [bar([pt(40, 128), pt(110, 100), pt(150, 96), pt(190, 100), pt(260, 128)], 6, '#303030'), hook(pt(150, 96), 80, '#303030', 6)]
    const { plain, painted } = await both(await teePhoto(), shapes)
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
    expect(isSetAt(painted.mask, 150, 50)).toBe(false)
    expectSameTop(painted.model, plain.model)
  })

  it('leaves out a white swing tag hanging from a sleeve on its string', async () => {
    const { plain, painted } = await both(await teePhoto(), [swingTag(pt(270, 195), pt(278, 240), { width: 26, height: 44, colour: '#fbfbfb' }, { width: 5, colour: "#333333" })])
    expect(isSetAt(painted.mask, 278, 265)).toBe(false)
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
  })
})

describe.skipIf(!hasFixtures)('a fixture garment painted onto a hanger or with a tag', () => {
  const photo = (name: string) => fixture('garments', name).data

  it("a tee on a dark wire hanger: the hook and the bar's ends go, the neck and shoulders stay", async () => {
    // Collar top at (386, 181), shoulders at y 214: 80 rows of backdrop added above.
    const y = (v: number) => v + 80
    const line = [pt(115, y(222)), pt(175, y(210)), pt(330, y(176)), pt(386, y(172)), pt(442, y(176)), pt(596, y(210)), pt(656, y(222))]
    const { plain, painted } = await both(photo('050191_1.jpg'), [bar(line, 7, '#2e2e2e'), hook(pt(386, y(172)), 130)], 80)
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
    expectSameTop(painted.model, plain.model)
  }, 60_000)

  it('a black tee with a black hook: found by its shape alone', async () => {
    const { plain, painted } = await both(photo('03032_00.jpg'), [hook(pt(384, 238), 120, '#202020')], 80)
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
    expectSameTop(painted.model, plain.model)
  }, 60_000)

  it('a lace camisole on a wooden hanger passing behind its straps: the bar and hook go, the straps stay', async () => {
    // Strap tops at (196, 61) and (568, 61), the right strap 543..574 wide at y 110 (its shadow beyond): 150 rows added above.
    const y = (v: number) => v + 150
    const pieces = [[pt(95, y(96)), pt(174, y(88))], [pt(218, y(83)), pt(389, y(66)), pt(560, y(83))], [pt(604, y(86)), pt(683, y(96))]]
    const shapes = [...pieces.map((piece) => bar(piece, 22, '#8a5a2b')), hook(pt(389, y(60)), 120, '#c0c0c0', 7)]
    // (the bar would close the neckline between the straps into a hole, filled)
    expectStrapsKept(await both(photo('048769_1.jpg'), shapes, 150), [pt(196, y(110)), pt(560, y(110))])
  }, 60_000)

  it('a strappy crop top on a black plastic hanger, its straps in front of the bar: the straps stay', async () => {
    // Strap tops at (131, 224) and (637, 224): 100 rows added above.
    const y = (v: number) => v + 100
    const black = '#1c1c1c'
    const pieces = [[pt(60, y(256)), pt(114, y(249))], [pt(148, y(245)), pt(384, y(215)), pt(620, y(245))], [pt(654, y(249)), pt(708, y(256))]]
    const shapes = [...pieces.map((piece) => bar(piece, 14, black)), hook(pt(384, y(211)), 120, black, 8)]
    expectStrapsKept(await both(photo('02015_00.jpg'), shapes, 100), [pt(131, y(300)), pt(637, y(300))])
  }, 60_000)

  it('jeans on a clip hanger: the bar, its clips and hook go, the waistband is the top again', async () => {
    // Waistband top at y 147, x 235..530: 120 rows added above.
    const y = (v: number) => v + 120
    const shapes = [bar([pt(210, y(105)), pt(556, y(105))], 8, '#2a2a2a'), clip(232, y(95), 30, 75), clip(502, y(95), 30, 75), hook(pt(383, y(102)), 100, '#a0a0a0')]
    const { plain, painted } = await both(photo('051946_1.jpg'), shapes, 120)
    expect(painted.model.type).toBe('bottom')
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
    expect(Math.abs(painted.model.bbox.y0 - plain.model.bbox.y0)).toBeLessThan(4)
  }, 60_000)

  it('a tee with a card swing tag on a string below its hem: the tag goes', async () => {
    const { plain, painted } = await both(photo('00126_00.jpg'), [swingTag(pt(540, 760), pt(590, 850))])
    expect(isSetAt(painted.mask, 590, 890)).toBe(false)
    expect(iou(painted.mask, plain.mask)).toBeGreaterThan(0.98)
  }, 60_000)
})
