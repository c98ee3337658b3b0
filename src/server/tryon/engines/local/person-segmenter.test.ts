import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { segmentPerson } from './person-segmenter'
import { detectPose } from './pose'
import { components, decode } from './raster'
import { SKIP_REASON, fixture, hasFixtures } from './test-fixtures'

if (!hasFixtures) console.warn(SKIP_REASON)

describe.skipIf(!hasFixtures)('person segmentation (selfie model, edges from a plain backdrop)', () => {
  it.each(['00055_00.jpg', '052964_0.jpg'])('finds the person in %s at the image size (head, shoulders, elbows, chest), not the backdrop', async (name) => {
    const { rgb } = await decode(await sharp(fixture('persons', name).data).resize(384).toBuffer())
    const [mask, pose] = await Promise.all([segmentPerson(rgb), detectPose(rgb)])
    expect([mask.width, mask.height]).toEqual([rgb.width, rgb.height])
    const at = (p: { x: number; y: number }) => mask.data[Math.round(p.y) * rgb.width + Math.round(p.x)]!
    for (const k of ['nose', 'leftShoulder', 'rightShoulder', 'leftElbow', 'rightElbow'] as const) if (pose[k].score > 0.5) expect(at(pose[k]), k).toBe(1)
    const chest = { x: (pose.leftShoulder.x + pose.rightShoulder.x) / 2, y: pose.leftShoulder.y + 30 }
    expect(at(chest)).toBe(1)
    for (const corner of [{ x: 2, y: 2 }, { x: rgb.width - 3, y: 2 }]) expect(at(corner)).toBe(0)
    const area = mask.data.reduce((s, v) => s + v, 0) / mask.data.length
    expect(area).toBeGreaterThan(0.08)
    expect(area).toBeLessThan(0.8)
  }, 60_000)

  it('takes no specks of a plain backdrop beside the outline for the person (00034: 25 specks, and the plate filled them with skin beside a new top)', async () => {
    const { rgb } = await decode(fixture('persons', '00034_00.jpg').data)
    const { sizes } = components(await segmentPerson(rgb))
    expect(sizes.filter((size) => size < rgb.width * rgb.height * 0.001)).toEqual([])
  }, 60_000)
})
