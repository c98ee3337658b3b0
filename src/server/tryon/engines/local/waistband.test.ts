import { describe, expect, it } from 'vitest'
import { type PersonMasks, waistband } from './person-analysis'
import { type Plane, plane } from './raster'
import { H, W, fill, paintPhoto, standingBody } from './test-figure'

type Colour = [number, number, number]
const SKIN: Colour = [205, 150, 120]
const WHITE: Colour = [235, 235, 232]
const DENIM: Colour = [120, 150, 200]
const BACKDROP: Colour = [200, 200, 200]
const body = standingBody

/** The standing figure in a top down to `hem` and trousers from `band` (skin between), coloured row by row. */
function person(hem: number, band: number, clothing: Plane) {
  const silhouette = fill(fill(plane(W, H), 85, 20, 115, 60), 70, 60, 130, 300)
  const masks: PersonMasks = { person: silhouette, clothing, keep: fill(plane(W, H), 85, 20, 115, 60), bareArms: plane(W, H), hands: plane(W, H) }
  const rgb = paintPhoto((_x, y, i) => (!silhouette.data[i] ? BACKDROP : y < 60 ? SKIN : y < hem ? WHITE : y < band ? SKIN : DENIM))
  return { rgb, masks }
}

describe('waistband', () => {
  it('is the top of the trousers below a bare midriff, though the segmentation took part of their band for clothing', () => {
    // The clothing mask: the top, and most of the trousers' first 10 rows.
    const clothing = fill(fill(plane(W, H), 70, 62, 130, 150), 70, 160, 103, 170)
    const { rgb, masks } = person(150, 160, clothing)
    expect(waistband(rgb, masks, body, SKIN)).toBe(160)
  })

  it("is the top of the trousers below a bare midriff, not the top's hem where it blends into the skin below it (01861: a row of neither, and a long tee was cut off there)", () => {
    const clothing = fill(plane(W, H), 70, 62, 130, 150)
    const { rgb, masks } = person(150, 165, clothing)
    // (the hem's soft edge: a row between the top's red and the skin, outside the clothing mask)
    for (let x = 70; x < 130; x++) rgb.data.set([190, 90, 90], (150 * W + x) * 3)
    expect(waistband(rgb, masks, body, SKIN)).toBe(165)
  })

  it('is where a top turns into trousers of another colour when both read as clothing', () => {
    const clothing = fill(plane(W, H), 70, 62, 130, 300)
    const { rgb, masks } = person(165, 165, clothing)
    expect(waistband(rgb, masks, body, SKIN)).toBe(165)
  })

  it('is none for clothing of one colour all the way down (a dress)', () => {
    const clothing = fill(plane(W, H), 70, 62, 130, 300)
    const { rgb, masks } = person(300, 300, clothing)
    expect(waistband(rgb, masks, body, SKIN)).toBeNull()
  })
})
