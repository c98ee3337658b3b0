import { type Point, lerp } from './geometry'
import type { BodyFrame } from './person-analysis'
import { type Plane, isSet } from './raster'

/** How many rows the gap between the legs must run on for the old dress to have ended above it. */
const GAP_ROWS = 3

/** A leg's ankle as the pose saw it or, unseen, as far below the knee as the hip is above it. */
export const ankleOrGuess = (hip: Point, knee: Point, ankle: Point | null): Point => ankle ?? lerp(hip, knee, 2)

/**
 * The last row of a dress the person wears, from `from` (below the hips) down: the row above the
 * first where the gap between the legs shows, between the knees and down to the ankles (the two
 * legs' lines' middle off the person for GAP_ROWS rows). The clothing mask cannot tell: on bare
 * legs of the dress's tone it runs on down them. Null (not known) without both knees, or with the
 * legs together down to the ankles or the photo's edge.
 */
export function oldDressHem(person: Plane, body: BodyFrame, from: number): number | null {
  const { kneeL, kneeR } = body
  if (!kneeL || !kneeR) return null
  const { width: w, height: h } = person
  const ankleL = ankleOrGuess(body.hipL, kneeL, body.ankleL)
  const ankleR = ankleOrGuess(body.hipR, kneeR, body.ankleR)
  const lines = [
    [body.hipL, kneeL, ankleL],
    [body.hipR, kneeR, ankleR],
  ] as const
  /** Where a leg's line crosses row y. */
  const xOn = (line: (typeof lines)[number], y: number) => {
    const [a, b] = y <= line[1].y ? [line[0], line[1]] : [line[1], line[2]]
    return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y || 1)
  }
  const end = Math.min(h - 1, Math.round(Math.max(ankleL.y, ankleR.y)))
  let gap = 0
  for (let y = Math.max(0, Math.ceil(from)); y <= end; y++) {
    const x = Math.round((xOn(lines[0], y) + xOn(lines[1], y)) / 2)
    gap = x >= 0 && x < w && !isSet(person, y * w + x) ? gap + 1 : 0
    if (gap === GAP_ROWS) return y - GAP_ROWS
  }
  return null
}
