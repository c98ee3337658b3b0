import { describe, expect, it } from 'vitest'
import { oldDressHem } from './old-dress'
import { plane } from './raster'
import { H, W, fill, standingBody } from './test-figure'

/** The figure's silhouette in a straight dress down to row `hem`, its legs apart below it (or together, 10 px each side of the middle, down to the ankles). */
const inDress = (hem: number, legsApart = true) => {
  const person = fill(fill(plane(W, H), 85, 20, 115, 60), 70, 60, 130, hem)
  return legsApart ? fill(fill(person, 82, hem, 96, H), 104, hem, 118, H) : fill(person, 90, hem, 110, H)
}

describe('oldDressHem', () => {
  it("finds a dress's hem where the gap between the legs shows below it, though the clothing mask may run on down the legs", () => {
    expect(oldDressHem(inDress(265), standingBody, standingBody.hipL.y)).toBe(264)
    expect(oldDressHem(inDress(215), standingBody, standingBody.hipL.y)).toBe(214)
  })

  it('knows no hem where the legs stay together down to the ankles, or without the knees', () => {
    expect(oldDressHem(inDress(265, false), standingBody, standingBody.hipL.y)).toBeNull()
    expect(oldDressHem(inDress(265), { ...standingBody, kneeL: null }, standingBody.hipL.y)).toBeNull()
  })
})
