import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { photoOnCanvas } from './backdrop'
import { garmentMasks } from './garment-analysis'
import { type Plane, bounds, decode } from './raster'

const TEE = 'M170 170 L230 170 L270 190 L290 230 L260 245 L250 225 L250 340 L150 340 L150 225 L140 245 L110 230 L130 190 Z'

/** A blue tee on a light grey photo (90..310 x 130..370 of the image) set on a white canvas, or drawn straight on the canvas, turned by `degrees`; as a JPEG. */
async function padded(onPhoto: boolean, degrees = 0) {
  const photo = onPhoto ? '<rect x="90" y="130" width="220" height="240" fill="#eeeeec"/>' : ''
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500"><rect width="400" height="500" fill="#ffffff"/>${photo}<path d="${TEE}" fill="#2050a0"/></svg>`
  return (await decode(await sharp(Buffer.from(svg)).rotate(degrees, { background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer())).rgb
}

const area = (mask: Plane) => mask.data.reduce((sum, v) => sum + v, 0)

describe('a product photo padded onto a canvas', () => {
  it('is found within the canvas, a few pixels in from its edges', async () => {
    const box = photoOnCanvas(await padded(true)) ?? expect.fail('the photo is found')
    for (const [found, edge] of [[box.x0, 90], [box.y0, 130], [box.x1, 309], [box.y1, 369]] as const) expect(Math.abs(found - edge)).toBeLessThanOrEqual(5)
  })

  it('is not a garment drawn straight on the canvas', async () => {
    expect(photoOnCanvas(await padded(false))).toBeNull()
  })

  it("has the garment masked within it, not the photo's whole rectangle (a padded FILA tee was drawn on the person as a grey block)", async () => {
    const img = await padded(true)
    const box = bounds(garmentMasks(img, null).drawn)
    // (the tee spans 110..290 x 170..340)
    for (const [found, edge] of [[box.x0, 110], [box.y0, 170], [box.x1, 290], [box.y1, 340]] as const) expect(Math.abs(found - edge)).toBeLessThanOrEqual(4)
  })

  it('turned a little on the canvas, has the garment masked within it (it was drawn as the turned grey block)', async () => {
    const upright = area(garmentMasks(await padded(true), null).drawn)
    for (const degrees of [4, -3]) {
      const img = await padded(true, degrees)
      const box = photoOnCanvas(img) ?? expect.fail('the photo is found')
      // (the largest upright box within the turned photo: most of its 220 x 240)
      expect((box.x1 - box.x0) * (box.y1 - box.y0)).toBeGreaterThan(220 * 240 * 0.7)
      expect(area(garmentMasks(img, null).drawn) / upright).toBeCloseTo(1, 1)
    }
  })

  it('turned, is told from a garment drawn turned on the canvas', async () => {
    expect(photoOnCanvas(await padded(false, 4))).toBeNull()
  })
})
