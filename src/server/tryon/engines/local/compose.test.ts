import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { composeTryOn } from './compose'
import { fitGarment } from './fit'
import { garmentMask, garmentModel, garmentParts } from './garment-analysis'
import type { PersonMasks } from './person-analysis'
import { type Rgb, decode, plane } from './raster'
import { H, W, fill, standingBody } from './test-figure'

const SKIN: [number, number, number] = [205, 150, 120]
const DRESS: [number, number, number] = [20, 20, 20]
const BACKDROP: [number, number, number] = [240, 240, 240]
const body = standingBody

/** The person in a sleeveless black dress down to y 250, bare arms beside it. */
function personInDress() {
  const person = fill(fill(fill(fill(plane(W, H), 85, 20, 115, 60), 70, 60, 130, 290), 58, 70, 70, 185), 130, 70, 142, 185)
  const masks: PersonMasks = { person, clothing: fill(plane(W, H), 70, 62, 130, 250), keep: fill(plane(W, H), 85, 20, 115, 60), bareArms: fill(fill(plane(W, H), 58, 120, 70, 185), 130, 120, 142, 185) }
  const data = new Uint8Array(W * H * 3)
  for (let i = 0; i < W * H; i++) data.set(masks.clothing.data[i] ? DRESS : person.data[i] ? SKIN : BACKDROP, i * 3)
  const plate = { fill: { width: W, height: H, data: new Uint8Array(W * H * 3).map((_, k) => SKIN[k % 3] ?? 0) }, shade: { ...plane(W, H), data: new Float32Array(W * H).fill(1) } }
  return { rgb: { width: W, height: H, data } satisfies Rgb, masks, plate }
}

/** A short sleeveless yellow top laid flat. */
async function cropTop() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#ffffff"/><path d="M95 80 L205 80 L215 240 L85 240 Z" fill="#e8c020"/></svg>`
  const img = (await decode(await sharp(Buffer.from(svg)).png().toBuffer())).rgb
  const mask = garmentMask(img, null)
  const model = garmentModel(img, mask, 'top')
  return { img, mask, model, parts: garmentParts(mask, model) }
}

const pixel = (img: Rgb, x: number, y: number) => Array.from(img.data.subarray((y * W + x) * 3, (y * W + x) * 3 + 3))

describe('compose', () => {
  it("keeps a dress below a new top's hem as a skirt: no band of skin down to the hips", async () => {
    const { rgb, masks, plate } = personInDress()
    const top = await cropTop()
    const mappings = fitGarment(top.model, body, { ease: 1, lengthShift: 0 }, { silhouette: masks.person, waistband: null })
    const { image } = composeTryOn({ person: rgb, masks, plate, body, waistband: null, garment: top.img, garmentMask: top.mask, parts: top.parts, garmentModel: top.model, mappings, shading: 0 })
    const below = Math.ceil(mappings.hemY) + 4
    expect(below).toBeLessThan(body.hipL.y)
    // Between the new hem and the hips, and beside the arms, the dress is still there.
    expect(pixel(image, 100, below)).toEqual(DRESS)
    expect(pixel(image, 72, 165)).toEqual(DRESS)
    // Above the hem the top is on.
    expect(pixel(image, 100, Math.floor(mappings.hemY) - 6)).not.toEqual(DRESS)
  })
})
