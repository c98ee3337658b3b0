import { describe, expect, it } from 'vitest'
import { type Capsule, rowSpan, segmentDistance } from './geometry'

describe('rowSpan', () => {
  it('holds every point of a row near any segment, whatever their slopes', () => {
    const capsules: Capsule[] = [
      { a: { x: 40, y: 10 }, b: { x: 60, y: 90 }, reach: 12 },
      { a: { x: 10, y: 50 }, b: { x: 90, y: 50 }, reach: 5 },
      { a: { x: 70, y: 20 }, b: { x: 70, y: 20 }, reach: 8 },
    ]
    for (let y = 0; y < 110; y++) {
      const span = rowSpan(capsules, y)
      for (let x = -20; x < 120; x += 0.5) {
        const near = capsules.some(({ a, b, reach }) => segmentDistance(x, y, a, b) < reach)
        if (near) expect(x >= span.from && x <= span.to, `(${x}, ${y})`).toBe(true)
      }
    }
  })

  it('is empty on rows no segment reaches, and not much wider than the segments', () => {
    const capsules: Capsule[] = [{ a: { x: 40, y: 10 }, b: { x: 40, y: 30 }, reach: 4 }]
    const beyond = rowSpan(capsules, 40)
    expect(beyond.from).toBeGreaterThan(beyond.to)
    expect(rowSpan(capsules, 20)).toEqual({ from: 35, to: 45 })
  })
})
