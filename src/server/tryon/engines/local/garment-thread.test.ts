import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { TryOnError } from '../../engine'
import { analyseGarment } from './garment-analysis'
import { analyseGarmentOffThread } from './garment-thread'
import { ENGINE_ERRORS } from './messages'
import { decode } from './raster'

const TEE = 'M110 60 L190 60 L250 90 L280 150 L235 170 L220 140 L220 330 L80 330 L80 140 L65 170 L20 150 L50 90 Z'

describe('garment analysis thread', () => {
  it('reads a garment photo as the main thread would, several at once', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#e6e6e4"/><path d="${TEE}" fill="#335577"/></svg>`
    const { rgb } = await decode(await sharp(Buffer.from(svg)).png().toBuffer())
    const here = analyseGarment(rgb, null)
    const there = await Promise.all([analyseGarmentOffThread(rgb, null), analyseGarmentOffThread(rgb, null, 'dress')])
    expect(there[0]).toEqual(here)
    expect(there[1].model).toEqual(analyseGarment(rgb, null, 'dress').model)
  })

  it("hands a photo's refusal back as the engine's error, with its message", async () => {
    const blank = { width: 64, height: 64, data: new Uint8Array(64 * 64 * 3).fill(230) }
    const refused = await analyseGarmentOffThread(blank, null).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(TryOnError)
    expect((refused as TryOnError).message).toBe(ENGINE_ERRORS.noGarment)
  })
})
