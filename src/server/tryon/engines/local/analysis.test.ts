import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { StoredImage } from '../../engine'
import { analysisKeys } from '../../analysis-store'
import { type GarmentAnalysis, analysisOf } from './analysis'
import { memoryStorage } from './test-fixtures'

/** A blue A-line dress, flat on a light grey backdrop. */
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#e6e6e4"/><path d="M118 40 L182 40 L196 70 L236 360 L64 360 L104 70 Z" fill="#3050c0"/></svg>'
const AnalysisJsonSchema = z.object({ version: z.number(), source: z.string() }).loose()

const storage = memoryStorage()
let data: Buffer
const photo = (key: string): StoredImage => ({ key, data, contentType: 'image/png' })
let original: GarmentAnalysis

beforeAll(async () => {
  data = await sharp(Buffer.from(SVG)).png().toBuffer()
  const first = await analysisOf(photo('product-photos/original.png'), 'garment', storage)
  await first.saved
  expect(first.cached).toBe(false)
  original = first.analysis
})

/**
 * The original's stored analysis copied under another key (the same bytes, so nothing in memory
 * answers for it and only storage can), its JSON replaced by what `edit` makes of it.
 */
async function storedCopy(key: string, edit: (json: z.infer<typeof AnalysisJsonSchema>) => unknown) {
  const from = analysisKeys('product-photos/original.png')
  const to = analysisKeys(key)
  const [json, masks, drawn] = await Promise.all([storage.get(from.json), storage.get(from.masks), storage.get(from.drawn)])
  if (!json || !masks || !drawn) throw new Error('the original analysis was not stored')
  const edited = edit(AnalysisJsonSchema.parse(JSON.parse(json.body.toString('utf8'))))
  await storage.put(to.json, Buffer.from(typeof edited === 'string' ? edited : JSON.stringify(edited)), 'application/json')
  await storage.put(to.masks, masks.body, 'image/png')
  await storage.put(to.drawn, drawn.body, 'image/png')
  return photo(key)
}

describe('a stored garment analysis', () => {
  it('is used as it is when it is this version of an analysis of these bytes', async () => {
    const copy = await storedCopy('product-photos/same.png', (json) => json)
    const { analysis, cached } = await analysisOf(copy, 'garment', storage)
    expect(cached).toBe(true)
    expect(analysis.model).toEqual(original.model)
  })

  it('holds the garment as drawn, as it was computed: a try-on does not draw it again', async () => {
    const { analysis } = await analysisOf(await storedCopy('product-photos/drawn.png', (json) => json), 'garment', storage)
    const { drawn } = original
    const differing = (a: ArrayLike<number>, b: ArrayLike<number>, by = 0) => Array.from(a).filter((v, i) => Math.abs(v - b[i]!) > by).length
    expect(new Set(drawn.parts).size).toBeGreaterThan(1)
    expect(differing(analysis.drawn.parts, drawn.parts)).toBe(0)
    expect(differing(analysis.drawn.rgb.data, drawn.rgb.data)).toBe(0)
    // (its opacity in 8 bits)
    expect(differing(analysis.drawn.mask.data, drawn.mask.data, 0.5 / 255 + 1e-6)).toBe(0)
    expect([analysis.drawn.rgb.width, analysis.drawn.mask.height]).toEqual([drawn.rgb.width, drawn.mask.height])
  })

  it('is computed again when its model does not have the shape of one (not trusted)', async () => {
    for (const [name, model] of [
      ['no-landmarks', { ...original.model, landmarks: undefined }],
      ['wrong-type', { ...original.model, type: 'hat' }],
      ['string-colour', { ...original.model, color: 'blue' }],
      ['nothing', undefined],
    ] as const) {
      const copy = await storedCopy(`product-photos/${name}.png`, (json) => ({ ...json, model }))
      const { analysis, cached } = await analysisOf(copy, 'garment', storage)
      expect(cached, name).toBe(false)
      expect(analysis.model, name).toEqual(original.model)
    }
  })

  it('is computed again when written by another version, for other bytes, or not JSON', async () => {
    const edits = {
      older: (json: z.infer<typeof AnalysisJsonSchema>) => ({ ...json, version: json.version - 1 }),
      other: (json: z.infer<typeof AnalysisJsonSchema>) => ({ ...json, source: 'another-photo' }),
      corrupt: () => '{"version":',
    }
    for (const [name, edit] of Object.entries(edits)) {
      const { analysis, cached } = await analysisOf(await storedCopy(`product-photos/${name}.png`, edit), 'garment', storage)
      expect(cached, name).toBe(false)
      expect(analysis.model, name).toEqual(original.model)
    }
  })

  it('that is a stored failure fails the try-on at once with its reason', async () => {
    const copy = await storedCopy('product-photos/failed.png', ({ version, source }) => ({ version, source, failure: 'No garment found in this photo.' }))
    await expect(analysisOf(copy, 'garment', storage)).rejects.toThrow('No garment found in this photo.')
  })
})
