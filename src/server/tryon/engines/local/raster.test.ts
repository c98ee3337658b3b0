import { describe, expect, it } from 'vitest'
import { type Plane, type Rgb, boxBlur, cachedMorph, fillHoles, isSet, morph, plane, quantile, sampleRgb, withLentPlanes } from './raster'

/** A 40x30 plane with a lumpy blob in the middle and zeros round it. */
function blob(): Plane {
  const p = plane(40, 30)
  for (let y = 8; y < 22; y++) for (let x = 10; x < 31; x++) p.data[y * 40 + x] = ((x * 7 + y * 13) % 10) / 10
  return p
}

describe('raster regions', () => {
  it('a blur within a box is the full-frame blur there when the plane is zero up to its sides', () => {
    const src = blob()
    const full = boxBlur(src, 2)
    const boxed = boxBlur(src, 2, { x0: 7, y0: 5, x1: 33, y1: 24 })
    for (let y = 0; y < 30; y++)
      for (let x = 0; x < 40; x++) {
        const inside = x >= 7 && x <= 33 && y >= 5 && y <= 24
        expect(boxed.data[y * 40 + x]).toBeCloseTo(inside ? full.data[y * 40 + x]! : 0, 5)
      }
  })

  it('a blur within a box reaching the frame clamps at the frame like the full one', () => {
    const src = plane(20, 10)
    src.data.fill(1, 0, 20)
    const full = boxBlur(src, 1)
    const boxed = boxBlur(src, 1, { x0: 0, y0: 0, x1: 19, y1: 5 })
    for (let i = 0; i < 20 * 5; i++) expect(boxed.data[i]).toBeCloseTo(full.data[i]!, 6)
  })

  it("a morph, worked out round the mask's own pixels, is the full frame's mean thresholded (soft values too)", () => {
    const soft = blob()
    const solid = plane(40, 30)
    for (let y = 4; y < 27; y++) for (let x = 0; x < 36; x++) solid.data[y * 40 + x] = x === 20 && y === 15 ? 0.5 : 1
    for (const [src, r] of [[soft, 1], [soft, 2], [soft, 5], [solid, -1], [solid, -2], [solid, -5]] as const) {
      const mean = boxBlur(src, Math.abs(r)).data
      const expected = Array.from(mean, (m) => (r > 0 ? m > 0.01 : m > 0.99) ? 1 : 0)
      expect(Array.from(morph(src, r).data), `radius ${r}`).toEqual(expected)
    }
  })

  it("fills a mask's holes, not the background joined to the frame's edge, and only holes up to maxArea when given", () => {
    // (a 20 x 12 block: a 2 x 2 hole, a 5 x 5 hole, and a notch open to its right side)
    const mask = plane(30, 20)
    for (let y = 4; y < 16; y++) for (let x = 5; x < 25; x++) mask.data[y * 30 + x] = 1
    const cut = (x0: number, y0: number, x1: number, y1: number) => {
      for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) mask.data[y * 30 + x] = 0
    }
    cut(7, 6, 8, 7)
    cut(12, 7, 16, 11)
    cut(20, 9, 24, 10)
    const at = (p: Plane, x: number, y: number) => p.data[y * 30 + x]
    const all = fillHoles(mask)
    expect([at(all, 7, 6), at(all, 14, 9), at(all, 22, 9), at(all, 2, 2)]).toEqual([1, 1, 0, 0])
    const small = fillHoles(mask, 10)
    expect([at(small, 7, 6), at(small, 14, 9), at(small, 22, 9), at(small, 5, 4)]).toEqual([1, 0, 0, 1])
    expect(fillHoles(plane(30, 20)).data.every((v) => v === 0)).toBe(true)
  })

  it('a cached morph is the morph as bits with its box, computed once per mask and radius', () => {
    const src = blob()
    const grown = cachedMorph(src, 2.2)
    expect(Array.from(grown.data)).toEqual(Array.from(morph(src, 2).data))
    expect(grown.box).toEqual({ x0: 8, y0: 6, x1: 32, y1: 23 })
    expect(cachedMorph(src, 1.8)).toBe(grown)
    expect(cachedMorph(src, -1).box).not.toEqual(grown.box)
  })
})

describe('lent planes', () => {
  it('are zeroed frames of the size asked for, each its own while lent, and reused once the work returns', () => {
    const frame = { width: 4, height: 3 }
    const first = withLentPlanes(frame, (take) => {
      const [a, b] = [take(), take()]
      a.data.fill(1)
      expect(b.data).not.toBe(a.data)
      expect([a.width, a.height, a.data.length]).toEqual([4, 3, 12])
      return a.data
    })
    const again = withLentPlanes(frame, (take) => take())
    expect(again.data).toBe(first)
    expect(again.data.every((v) => v === 0)).toBe(true)
  })

  it('are new planes when another size is asked for within work on lent ones', () => {
    withLentPlanes({ width: 4, height: 3 }, (take) => {
      const outer = take()
      const inner = withLentPlanes({ width: 2, height: 2 }, (takeInner) => takeInner())
      expect([inner.width, inner.height, inner.data.length]).toEqual([2, 2, 4])
      expect(withLentPlanes({ width: 2, height: 2 }, (takeInner) => takeInner()).data).not.toBe(inner.data)
      expect(take().data).not.toBe(outer.data)
    })
  })

  it('a blur or morph into a lent plane, one used before, is the one into a new plane', () => {
    const src = blob()
    withLentPlanes(src, (take) => take().data.fill(1))
    withLentPlanes(src, (take) => {
      expect(Array.from(boxBlur(src, 2, undefined, take()).data)).toEqual(Array.from(boxBlur(src, 2).data))
      expect(Array.from(morph(src, 3, undefined, take()).data)).toEqual(Array.from(morph(src, 3).data))
    })
  })
})

describe('raster reads', () => {
  it('a mask is set from 0.5 on, and nothing is set past its ends', () => {
    const mask = plane(2, 1)
    mask.data.set([0.5, 0.49])
    expect([isSet(mask, 0), isSet(mask, 1), isSet(mask, 2), isSet(mask, -1)]).toEqual([true, false, false, false])
  })

  it('an RGB sample is bilinear between pixels, and the last row and column repeat', () => {
    const img: Rgb = { width: 2, height: 2, data: Uint8Array.from([0, 0, 0, 100, 0, 0, 0, 0, 0, 200, 10, 0]) }
    expect(sampleRgb(img, 0.5, 0, 0)).toBe(50)
    expect(sampleRgb(img, 0.5, 0.5, 0)).toBe(75)
    expect(sampleRgb(img, 1, 0.5, 0)).toBe(150)
    expect(sampleRgb(img, 1, 1, 1)).toBe(10)
  })
})

describe('quantile', () => {
  const sortedAt = (values: number[], q: number) => Float64Array.from(values).sort()[Math.floor(values.length * q)] ?? 0

  it('is the value a sort puts at the share, of values with many alike', () => {
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 20
    for (const n of [1, 2, 3, 10, 101, 1000]) {
      const values = Array.from({ length: n }, () => Math.round(random()) / 2)
      for (const q of [0, 0.1, 0.25, 0.5, 0.9, 0.999]) expect(quantile(values, q)).toBe(sortedAt(values, q))
    }
  })

  it('orders NaN and -0 as a sort does, and is 0 of none or past the end', () => {
    expect(Object.is(quantile([0, -0, 0, -0, 1], 0.2), sortedAt([0, -0, 0, -0, 1], 0.2))).toBe(true)
    expect(quantile([3, NaN, 1, 2], 0.5)).toBe(3)
    expect(quantile([], 0.5)).toBe(0)
    expect(quantile([1, 2], 1)).toBe(0)
  })
})
