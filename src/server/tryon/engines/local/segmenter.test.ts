import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decode } from './raster'
import { segmentForeground } from './segmenter'

describe('foreground segmentation (ISNet rewritten for a smaller input)', () => {
  it('finds a figure on a plain background, at the image size', async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
      <rect width="300" height="400" fill="#e9e6e1"/>
      <ellipse cx="150" cy="80" rx="38" ry="46" fill="#c58c6a"/>
      <path d="M80 140 Q150 120 220 140 L235 390 L65 390 Z" fill="#274a8f"/>
    </svg>`
    const { rgb } = await decode(await sharp(Buffer.from(svg)).png().toBuffer())
    const mask = await segmentForeground(rgb)
    expect([mask.width, mask.height]).toEqual([300, 400])
    const at = (x: number, y: number) => mask.data[y * 300 + x]!
    // body and head are foreground, the corners and sides background
    expect(at(150, 260)).toBeGreaterThan(0.5)
    expect(at(150, 80)).toBeGreaterThan(0.5)
    for (const [x, y] of [[10, 10], [290, 10], [10, 390], [290, 390], [20, 200]] as const) expect(at(x, y)).toBeLessThan(0.5)
  }, 60_000)
})
