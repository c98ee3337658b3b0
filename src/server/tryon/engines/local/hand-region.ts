import type { Hand } from './analysis-schemas'
import { dist } from './geometry'
import { convexHull, polygonPlane } from './polygon'
import { type Plane, isSet, mapPlane, plane } from './raster'

/** Landmarks of the index and middle fingers' knuckles: a finger's width apart. */
const INDEX_KNUCKLE = 5
const MIDDLE_KNUCKLE = 9

/** Where a found hand is: its landmarks' hull widened by a finger's width (its fingers' flesh beyond their joints). */
export function handRegion(hand: Hand, width: number, height: number): Plane {
  const [a, b] = [hand.landmarks[INDEX_KNUCKLE], hand.landmarks[MIDDLE_KNUCKLE]]
  const finger = a && b ? dist(a, b) : 0
  return polygonPlane(convexHull(hand.landmarks), width, height, Math.max(2, finger))
}

/** The pixels of the found hands that pass `test` (0 elsewhere). */
export function handPixels(hands: readonly Hand[], width: number, height: number, test: (i: number) => boolean): Plane {
  const out = plane(width, height)
  for (const hand of hands) {
    const region = handRegion(hand, width, height)
    for (let i = 0; i < region.data.length; i++) if (isSet(region, i) && test(i)) out.data[i] = 1
  }
  return out
}

/** The bare hands as stored: the found hands' pixels that are always kept. */
export const keptHands = (hands: readonly Hand[], keep: Plane) => handPixels(hands, keep.width, keep.height, (i) => isSet(keep, i))

/** `keep` with `extra` added. */
export const withKept = (keep: Plane, extra: Plane) => mapPlane(keep, (v, i) => Math.max(v, extra.data[i] ?? 0))
