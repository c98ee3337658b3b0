import { describe, expect, it } from 'vitest'
import { backdropBehind, backdropBehindPerson } from './backdrop-behind'
import { type Rgb, cachedMorph, plane } from './raster'

const W = 60
const H = 4

describe('backdropBehind', () => {
  it("continues the backdrop across the person, blending the two sides (a studio's fall-off), past their soft edge", () => {
    // A backdrop from grey 100 (left) to 220 (right); the person (colour 30) on columns 20..39, with a
    // one-pixel halo of 180 on each side.
    const data = new Uint8Array(W * H * 3)
    const silhouette = plane(W, H)
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) {
        const i = y * W + x
        const v = x >= 20 && x < 40 ? 30 : x === 19 || x === 40 ? 180 : 100 + (120 * x) / (W - 1)
        data.fill(v, i * 3, i * 3 + 3)
        if (x >= 20 && x < 40) silhouette.data[i] = 1
      }
    const person: Rgb = { width: W, height: H, data }
    const out = backdropBehind(person, silhouette, { x0: 10, y0: 1, x1: 50, y1: 2 })
    const at = (x: number, y = 1) => out.data[(y * W + x) * 3] ?? 0
    const backdrop = (x: number) => 100 + (120 * x) / (W - 1)
    // Inside: between the backdrop just left and just right of the person, never the halo or the person.
    for (let x = 20; x < 40; x++) {
      expect(at(x)).toBeGreaterThan(backdrop(14) - 2)
      expect(at(x)).toBeLessThan(backdrop(46) + 2)
    }
    expect(at(21)).toBeLessThan(at(38))
    // Outside the person the photo's own backdrop; outside the box the photo itself.
    expect(at(12)).toBe(Math.round(backdrop(12)))
    expect(at(30, 0)).toBe(30)
  })

  it("uses one side's backdrop where the person reaches the edge of the photo", () => {
    const data = new Uint8Array(W * H * 3).fill(200)
    const silhouette = plane(W, H)
    for (let y = 0; y < H; y++) for (let x = 0; x < 30; x++) silhouette.data[y * W + x] = 1
    for (let i = 0; i < W * H; i++) if (silhouette.data[i]) data.fill(30, i * 3, i * 3 + 3)
    const out = backdropBehind({ width: W, height: H, data }, silhouette, { x0: 0, y0: 0, x1: W - 1, y1: H - 1 })
    expect(out.data[(W + 5) * 3]).toBe(200)
  })
  it('works out the backdrop behind the whole person once for a photo: every try-on on it reads the same one', () => {
    const data = new Uint8Array(W * H * 3).fill(200)
    const silhouette = plane(W, H)
    for (let y = 1; y < H; y++) for (let x = 20; x < 40; x++) silhouette.data[y * W + x] = 1
    for (let i = 0; i < W * H; i++) if (silhouette.data[i]) data.fill(30, i * 3, i * 3 + 3)
    const person: Rgb = { width: W, height: H, data }
    const bits = cachedMorph(silhouette, 0)
    const behind = backdropBehindPerson(person, bits)
    expect(backdropBehindPerson(person, bits)).toBe(behind)
    // (the person's every row: the backdrop behind them; the photo itself above them)
    for (let y = 1; y < H; y++) expect(behind.data[(y * W + 30) * 3]).toBe(200)
    expect(behind.data[30 * 3]).toBe(200)
    // Another photo with the same silhouette gets its own.
    expect(backdropBehindPerson({ ...person, data: data.slice() }, bits)).not.toBe(behind)
  })
})
