import { describe, expect, it } from 'vitest'
import { ciede2000, ssim } from './metrics'
import type { Rgb } from './raster'

const image = (f: (x: number, y: number) => number): Rgb => {
  const data = new Uint8Array(64 * 64 * 3)
  for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) data.fill(f(x, y), (y * 64 + x) * 3, (y * 64 + x) * 3 + 3)
  return { width: 64, height: 64, data }
}

describe('quality measures', () => {
  it('SSIM is 1 for the same image and drops for a changed one', () => {
    const a = image((x, y) => ((x >> 3) + (y >> 3)) % 2 ? 200 : 40)
    expect(ssim(a, a)).toBeCloseTo(1, 6)
    expect(ssim(a, image(() => 120))).toBeLessThan(0.2)
  })

  it('CIEDE2000 matches the published test pairs (Sharma, Wu, Dalal 2005)', () => {
    expect(ciede2000([50, 2.6772, -79.7751], [50, 0, -82.7485])).toBeCloseTo(2.0425, 4)
    expect(ciede2000([50, -1.3802, -84.2814], [50, 0, -82.7485])).toBeCloseTo(1.0, 4)
    expect(ciede2000([50, 2.5, 0], [73, 25, -18])).toBeCloseTo(27.1492, 4)
  })
})
