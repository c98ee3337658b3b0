import { describe, expect, it } from 'vitest'
import { type Capsule, curveThrough, dist, rowSpan, segmentDistance } from './geometry'

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

describe('curveThrough', () => {
  it('runs from one end to the other through the point given, bending a little at each of its corners', () => {
    const [a, through, b] = [{ x: 0, y: 0 }, { x: -6, y: 60 }, { x: 10, y: 100 }]
    const line = curveThrough(a, through, b, 0.6, 6)
    expect(line).toHaveLength(7)
    expect(line[0]).toEqual(a)
    expect(dist(line[6]!, b)).toBeLessThan(1e-9)
    // (the point lies on the curve, at its parameter 0.6: between the 4th and 5th points)
    expect(Math.min(...line.slice(1).map((p, k) => segmentDistance(through.x, through.y, line[k]!, p)))).toBeLessThan(1)
    const turn = (k: number) => {
      const [p, q, r] = [line[k - 1]!, line[k]!, line[k + 1]!]
      const angle = (u: { x: number; y: number }) => Math.atan2(u.y, u.x)
      return Math.abs(angle({ x: r.x - q.x, y: r.y - q.y }) - angle({ x: q.x - p.x, y: q.y - p.y }))
    }
    // (a corner at the point would turn by 0.48)
    for (let k = 1; k < 6; k++) expect(turn(k)).toBeLessThan(0.2)
  })
})
