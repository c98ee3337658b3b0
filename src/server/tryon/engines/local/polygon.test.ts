import { describe, expect, it } from 'vitest'
import { pt } from './geometry'
import { convexHull } from './polygon'
import { polygonPlane } from './test-figure'
import { isSet } from './raster'

describe('polygons', () => {
  it('hulls points by their outermost ones', () => {
    const hull = convexHull([pt(0, 0), pt(10, 0), pt(5, 5), pt(10, 10), pt(0, 10), pt(3, 7)])
    expect(hull).toHaveLength(4)
    expect(hull).toEqual(expect.arrayContaining([pt(0, 0), pt(10, 0), pt(10, 10), pt(0, 10)]))
  })

  it('fills a polygon, and grown by a width, the pixels that near its outline', () => {
    const triangle = [pt(10, 10), pt(30, 10), pt(10, 30)]
    const filled = polygonPlane(triangle, 40, 40)
    expect(isSet(filled, 15 * 40 + 15)).toBe(true)
    expect(isSet(filled, 25 * 40 + 25)).toBe(false)
    expect(isSet(filled, 10 * 40 + 5)).toBe(false)
    const grown = polygonPlane(triangle, 40, 40, 6)
    expect(isSet(grown, 10 * 40 + 5)).toBe(true)
    expect(isSet(grown, 23 * 40 + 23)).toBe(true)
    expect(isSet(grown, 35 * 40 + 35)).toBe(false)
    expect(grown.data.reduce((n, v) => n + v, 0)).toBeGreaterThan(filled.data.reduce((n, v) => n + v, 0) * 2)
  })
})
