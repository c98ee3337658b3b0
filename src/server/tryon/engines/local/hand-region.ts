import type { Hand } from './analysis-schemas'
import { dist } from './geometry'
import { convexHull, polygonPixels } from './polygon'
import { type Plane, isSet, plane } from './raster'

/** Landmarks of the index and middle fingers' knuckles: a finger's width apart. */
const INDEX_KNUCKLE = 5
const MIDDLE_KNUCKLE = 9

/**
 * Calls `visit` with each pixel of the found hands' regions: a hand's landmarks' hull widened by
 * a finger's width (its fingers' flesh beyond their joints).
 */
export function handPixels(hands: readonly Hand[], width: number, height: number, visit: (i: number) => void) {
  for (const hand of hands) {
    const [a, b] = [hand.landmarks[INDEX_KNUCKLE], hand.landmarks[MIDDLE_KNUCKLE]]
    polygonPixels(convexHull(hand.landmarks), width, height, Math.max(2, a && b ? dist(a, b) : 0), visit)
  }
}

/** The bare hands as stored: the found hands' pixels that are always kept. */
export function keptHands(hands: readonly Hand[], keep: Plane): Plane {
  const out = plane(keep.width, keep.height)
  handPixels(hands, keep.width, keep.height, (i) => {
    if (isSet(keep, i)) out.data[i] = 1
  })
  return out
}
