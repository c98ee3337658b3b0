import { describe, expect, it } from 'vitest'
import { analysisOf } from './analysis'
import { bodyAxes } from './person-analysis'
import { decode, luminance, rgbToLab } from './raster'
import { fixture, hasFixtures, memoryStorage } from './test-fixtures'

describe.skipIf(!hasFixtures)('person plate', () => {
  it("fills the chest where the old top was with the person's own skin, shaded like a body, not a flat patch", async () => {
    const photo = fixture('persons', '00034_00.jpg')
    const { analysis } = await analysisOf(photo, 'person', memoryStorage())
    const { rgb } = await decode(photo.data)
    const { fill } = analysis.plate
    const { body } = analysis.model
  const { masks } = analysis
    const { neck, hips } = bodyAxes(body)
    const sw = body.shoulderWidth
    const L = luminance(fill)
    const chest: number[] = []
    for (let i = 0; i < L.data.length; i++) {
      const x = i % fill.width
      const y = (i - x) / fill.width
      if (masks.clothing.data[i]! >= 0.5 && Math.abs(x - neck.x) < sw * 0.45 && y > neck.y + sw * 0.2 && y < hips.y - sw * 0.2) chest.push(i)
    }
    expect(chest.length).toBeGreaterThan(5000)
    const mean = chest.reduce((s, i) => s + L.data[i]!, 0) / chest.length
    const std = Math.sqrt(chest.reduce((s, i) => s + (L.data[i]! - mean) ** 2, 0) / chest.length)
    expect(std).toBeGreaterThan(0.022)
    // The colour of the visible neck just above the old collar.
    const neckAt = (img: typeof rgb, k: number) => Math.round(neck.y - sw * 0.15) * img.width + Math.round(neck.x) + k
    const lab = (img: typeof rgb, i: number) => rgbToLab(img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!)
    const skin = lab(rgb, neckAt(rgb, 0))
    const top = chest.slice(0, 400).map((i) => lab(fill, i))
    const meanTop = [0, 1, 2].map((c) => top.reduce((s, v) => s + v[c]!, 0) / top.length)
    expect(Math.hypot(meanTop[0]! - skin[0], meanTop[1]! - skin[1], meanTop[2]! - skin[2])).toBeLessThan(15)
  }, 60_000)
})
