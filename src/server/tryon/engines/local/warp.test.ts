import { describe, expect, it } from 'vitest'
import { pt } from './geometry'
import { type Mapping, forEachMapped } from './warp'

describe('forEachMapped', () => {
  // A smooth, curved mapping: rotated and bent, so rows cross the source box at a slant.
  const map: Mapping = (x, y) => pt(0.8 * x - 0.3 * y + 0.002 * (x - 100) ** 2, 0.3 * x + 0.9 * y - 40)
  const box = { x0: 0, y0: 0, x1: 199, y1: 299 }
  const source = { x0: 40, y0: 60, x1: 120, y1: 150 }
  const inSource = (sx: number, sy: number) => sx >= source.x0 && sx <= source.x1 && sy >= source.y0 && sy <= source.y1

  it('given the source box, skips only pixels that map outside it', () => {
    const all: string[] = []
    forEachMapped(box, map, (x, y, sx, sy) => inSource(sx, sy) && all.push(`${x},${y},${sx.toFixed(6)},${sy.toFixed(6)}`))
    let visited = 0
    const bounded: string[] = []
    forEachMapped(
      box,
      map,
      (x, y, sx, sy) => {
        visited++
        if (inSource(sx, sy)) bounded.push(`${x},${y},${sx.toFixed(6)},${sy.toFixed(6)}`)
      },
      source,
    )
    expect(all.length).toBeGreaterThan(1000)
    expect(bounded).toEqual(all)
    expect(visited).toBeLessThan(200 * 300 * 0.5)
  })

  it('maps the pixels beside an edge of the mapping (where it maps nowhere, or jumps) each on its own, not from between the two sides', () => {
    // Left of x = 50.5 a garment; right of it nowhere; below y = 100.5 another part far off in the source.
    const edged: Mapping = (x, y) => (x > 50.5 ? pt(-1, -1) : y > 100.5 ? pt(x + 500, y) : pt(x, y))
    const seen: string[] = []
    forEachMapped({ x0: 0, y0: 0, x1: 99, y1: 199 }, edged, (x, y, sx, sy) => {
      const exact = edged(x, y)
      if (Math.abs(sx - exact.x) > 1e-6 || Math.abs(sy - exact.y) > 1e-6) seen.push(`${x},${y}`)
    })
    expect(seen).toEqual([])
  })

  it("tells the pixels where a long stretch of the source is squeezed into a few (crushed), not those beside an edge or a tear", () => {
    // x < 40: one source pixel a pixel; 40 to 43: 20 source pixels a pixel; beyond, one a pixel again, and a tear at x = 70.
    const squeezed: Mapping = (x, y) => pt(x < 40 ? x : x < 44 ? 40 + (x - 40) * 20 : x < 70 ? x + 76 : x + 300, y)
    const crushed = new Set<number>()
    forEachMapped({ x0: 0, y0: 0, x1: 99, y1: 9 }, squeezed, (x, y, _sx, _sy, isCrushed) => isCrushed && y === 5 && crushed.add(x))
    expect([...crushed].sort((a, b) => a - b)).toEqual([41, 42, 43])
  })
})
