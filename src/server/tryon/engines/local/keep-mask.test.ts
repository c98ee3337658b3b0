import { describe, expect, it } from 'vitest'
import { personMasks } from './person-analysis'
import { isSet, plane } from './raster'
import { H, W, fill, paintPhoto, standingBody } from './test-figure'

type Colour = [number, number, number]
const SKIN: Colour = [205, 150, 120]
const WHITE: Colour = [240, 240, 236]
const BACKDROP: Colour = [120, 160, 120]
const BROWN: Colour = [150, 108, 92]
const SHADED_SKIN: Colour = [160, 112, 86]
const HAIR: Colour = [60, 40, 30]
const HIGHLIGHT: Colour = [150, 112, 80]
const body = standingBody

/** The standing figure's masks, its head, neck and torso painted by `paint` (the backdrop beyond them). */
function figureMasks(paint: (x: number, y: number) => Colour) {
  const person = fill(fill(fill(plane(W, H), 85, 20, 115, 60), 94, 55, 106, 70), 70, 56, 130, 300)
  const rgb = paintPhoto((x, y, i) => (!person.data[i] ? BACKDROP : paint(x, y)))
  return personMasks(rgb, person, body, SKIN, { hands: [], face: null })
}

/** The standing figure in a top of `colour` whose straps rise over the shoulders to y 56, beside the neck; where `shaded`, its skin is in shadow. */
function inStrappyTop(colour: Colour, shaded: (x: number, y: number) => boolean = () => false) {
  const top = (x: number, y: number) => (y >= 70 && y < 190 && x >= 70 && x < 130) || (y >= 56 && y < 70 && ((x >= 76 && x < 88) || (x >= 112 && x < 124)))
  return figureMasks((x, y) => (top(x, y) ? colour : shaded(x, y) ? SHADED_SKIN : SKIN))
}

describe('what is always kept', () => {
  it("keeps the face and neck but not an old top's straps over the shoulders", () => {
    const masks = inStrappyTop(WHITE)
    expect(isSet(masks.clothing, 60 * W + 80)).toBe(true)
    expect(isSet(masks.keep, 60 * W + 80)).toBe(false)
    expect(isSet(masks.keep, 60 * W + 118)).toBe(false)
    expect(isSet(masks.keep, 40 * W + 100)).toBe(true)
    expect(isSet(masks.keep, 60 * W + 100)).toBe(true)
  })

  it("keeps the neck's side in shadow though it has the old top's tone; the top's straps still go", () => {
    // (the skin beside the neck on the right in shadow: darker, the top's tone)
    const masks = inStrappyTop(BROWN, (x, y) => y >= 56 && y < 64 && x >= 107 && x < 112)
    expect(isSet(masks.clothing, 60 * W + 109)).toBe(true)
    expect(isSet(masks.keep, 60 * W + 109)).toBe(true)
    expect(isSet(masks.keep, 60 * W + 80)).toBe(false)
    expect(isSet(masks.keep, 60 * W + 118)).toBe(false)
  })

  it("keeps bare shoulders beside the neck out, but not hair lying on them, and rounds the neck off at its base (kept, they cut a new top's shoulders off along one flat line, square at the neck)", () => {
    // (a tube top from y 70: the shoulders bare; dark hair on the head's top and a lock of it on the right shoulder)
    const hair = (x: number, y: number) => y < 28 || (x >= 116 && x < 124 && y >= 56 && y < 64)
    const masks = figureMasks((x, y) => (hair(x, y) ? HAIR : y >= 70 && y < 190 ? WHITE : SKIN))
    for (const x of [76, 82, 88, 112]) expect(isSet(masks.keep, 60 * W + x), `x ${x}`).toBe(false)
    expect(isSet(masks.keep, 60 * W + 120)).toBe(true)
    expect(isSet(masks.keep, 60 * W + 100)).toBe(true)
    // (the neck's base: its middle kept, its corners not)
    expect(isSet(masks.keep, 63 * W + 100)).toBe(true)
    expect(isSet(masks.keep, 63 * W + 95)).toBe(false)
    expect(isSet(masks.keep, 63 * W + 105)).toBe(false)
  })

  it('keeps a lock of hair hanging over the shoulder whole, its highlight between darker strands too (left out, it was filled and the strands floated as specks)', () => {
    const lock = (x: number, y: number) => x >= 112 && x < 124 && y >= 20 && y < 90
    const highlight = (x: number, y: number) => x >= 117 && x < 120 && y >= 66 && y < 86
    const masks = figureMasks((x, y) => (highlight(x, y) ? HIGHLIGHT : y < 28 || lock(x, y) ? HAIR : y >= 100 && y < 190 ? WHITE : SKIN))
    expect(isSet(masks.keep, 80 * W + 114)).toBe(true)
    expect(isSet(masks.keep, 80 * W + 118)).toBe(true)
    expect(isSet(masks.keep, 80 * W + 100)).toBe(false)
  })
})
