import type { BodyMeasurements } from '../../engine'
import type { GarmentModel } from './garment-analysis'
import { type Point, add, dist, mid, pt, scale, sub } from './geometry'
import { type BodyFrame, bodyAxes } from './person-analysis'
import { type Mapping, limbWarp, thinPlateSpline } from './warp'

/** How loosely the garment sits: >1 wider, <1 narrower; and a length change (fraction of its length). */
export type Fit = { ease: number; lengthShift: number }

/** Chest (cm) of each letter size on the demo size chart. */
const SIZE_CHEST: Record<string, number> = { XXS: 78, XS: 82, S: 88, M: 94, L: 100, XL: 106, XXL: 112, '3XL': 118 }

/** The chosen size against the person's chest makes the garment looser or tighter (bounded). */
export function fitFromSize(size?: string, measurements?: BodyMeasurements): Fit {
  const chart = size ? SIZE_CHEST[size.trim().toUpperCase()] : undefined
  const chest = measurements?.chestCm
  const ease = chart && chest ? Math.min(1.15, Math.max(0.92, chart / chest)) : 1
  return { ease, lengthShift: 0 }
}

export type PartMappings = {
  /** person -> garment for the torso and skirt */
  body: Mapping
  sleeveL: Mapping | null
  sleeveR: Mapping | null
  /** garment px -> person px */
  scale: number
  /** Where the garment ends on the person (its hem's height), for the length of the old clothing to remove. */
  hemY: number
}

/**
 * Places each part of the garment on the person: the torso by a thin-plate spline through its
 * landmarks (neck, shoulders, armpits, waist, hem) moved to the body, each sleeve along the arm.
 */
export function fitGarment(g: GarmentModel, body: BodyFrame, fit: Fit): PartMappings {
  const L = g.landmarks
  const sw = body.shoulderWidth
  const { neck, hips, down, across } = bodyAxes(body)
  const gShoulderWidth = Math.max(1, dist(L.shoulderL, L.shoulderR))
  // Garment shoulders sit just outside the shoulder joints.
  const s = (sw * 1.12) / gShoulderWidth
  const gShoulderY = (L.shoulderL.y + L.shoulderR.y) / 2
  const gCentre = (L.shoulderL.x + L.shoulderR.x) / 2
  const torsoLength = dist(neck, hips)
  const lengthScale = 1 + fit.lengthShift
  // A level of the garment (its y) on the body axis, measured from the shoulder line.
  const level = (gy: number) => add(add(neck, scale(down, -sw * 0.05)), scale(down, (gy - gShoulderY) * s * (gy > gShoulderY ? lengthScale : 1)))
  // The body's half width at a point of the torso axis (chest, waist, hips), from the joints.
  const bodyHalf = (p: Point) => {
    const t = Math.max(0, Math.min(1.4, ((p.x - neck.x) * down.x + (p.y - neck.y) * down.y) / torsoLength))
    const chest = sw * 0.47
    const hip = Math.max(sw * 0.47, dist(body.hipL, body.hipR) * 0.8)
    return t < 0.6 ? chest + (sw * 0.42 - chest) * (t / 0.6) : sw * 0.42 + (hip - sw * 0.42) * Math.min(1, (t - 0.6) / 0.4)
  }
  const place = (gp: Point, minHalf: (c: Point) => number) => {
    const c = level(gp.y)
    const off = (gp.x - gCentre) * s * fit.ease
    const half = Math.max(Math.abs(off), minHalf(c) * 1.04)
    return add(c, scale(across, Math.sign(off || 1) * half))
  }
  const pairs: [Point, Point][] = [
    [add(body.shoulderL, add(scale(across, -sw * 0.06), scale(down, -sw * 0.05))), L.shoulderL],
    [add(body.shoulderR, add(scale(across, sw * 0.06), scale(down, -sw * 0.05))), L.shoulderR],
    [add(neck, scale(down, (L.neck.y - gShoulderY) * s - sw * 0.05)), L.neck],
    [place(L.armpitL, bodyHalf), L.armpitL],
    [place(L.armpitR, bodyHalf), L.armpitR],
    [level(L.armpitL.y / 2 + L.armpitR.y / 2), pt(gCentre, (L.armpitL.y + L.armpitR.y) / 2)],
    [place(L.waistL, bodyHalf), L.waistL],
    [place(L.waistR, bodyHalf), L.waistR],
    [place(L.hemL, bodyHalf), L.hemL],
    [place(L.hemR, bodyHalf), L.hemR],
    [level(L.hemL.y / 2 + L.hemR.y / 2), pt(gCentre, (L.hemL.y + L.hemR.y) / 2)],
  ]
  const bodyMap = thinPlateSpline(
    pairs.map(([p]) => p),
    pairs.map(([, q]) => q),
    0.01,
  )
  const sleeve = (end: Point | null, gShoulder: Point, gArmpit: Point, shoulder: Point, elbow: Point, wrist: Point, outwardX: number) => {
    if (!end) return null
    const root = mid(gShoulder, gArmpit)
    const pRoot = add(shoulder, add(scale(down, sw * 0.1), scale(across, outwardX * sw * 0.02)))
    const forearm = sub(wrist, elbow)
    const hand = add(wrist, scale(forearm, 0.6))
    return limbWarp({ root, end, outward: pt(outwardX, -1) }, [pRoot, elbow, wrist, hand], pt(outwardX * across.x, outwardX * across.y), s * fit.ease ** 0.5)
  }
  return {
    body: bodyMap,
    sleeveL: sleeve(L.sleeveEndL, L.shoulderL, L.armpitL, body.shoulderL, body.elbowL, body.wristL, -1),
    sleeveR: sleeve(L.sleeveEndR, L.shoulderR, L.armpitR, body.shoulderR, body.elbowR, body.wristR, 1),
    scale: s,
    hemY: level((L.hemL.y + L.hemR.y) / 2).y,
  }
}
