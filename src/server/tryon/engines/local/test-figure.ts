import { type Point, pt } from './geometry'
import type { BodyFrame } from './person-analysis'
import { polygonPixels } from './polygon'
import { type Plane, type Rgb, plane } from './raster'

/** The size of the synthetic photos the engine's unit tests draw. */
export const W = 200
export const H = 300

/** Sets the rectangle [x0, x1) × [y0, y1) of `p` to `v`. */
export const fill = (p: Plane, x0: number, y0: number, x1: number, y1: number, v = 1) => {
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) p.data[y * W + x] = v
  return p
}

/** A standing figure: head 85..115 x 20..60, torso 70..130 x 60..190, legs below, hands by the hips. */
export const standingBody: BodyFrame = {
  shoulderL: pt(75, 70),
  shoulderR: pt(125, 70),
  elbowL: pt(68, 120),
  elbowR: pt(132, 120),
  wristL: pt(66, 160),
  wristR: pt(134, 160),
  hipL: pt(85, 180),
  hipR: pt(115, 180),
  kneeL: pt(88, 240),
  kneeR: pt(112, 240),
  ankleL: null,
  ankleR: null,
  nose: pt(100, 40),
  shoulderWidth: 50,
}

/** A synthetic photo of the figure's size: each pixel's colour from where it is. */
export function paintPhoto(colourAt: (x: number, y: number, i: number) => readonly number[]): Rgb {
  const data = new Uint8Array(W * H * 3)
  for (let i = 0; i < W * H; i++) data.set(colourAt(i % W, Math.floor(i / W), i), i * 3)
  return { width: W, height: H, data }
}

/** A polygon's pixels as a plane, grown by `widen` pixels beyond its outline. */
export function polygonPlane(polygon: readonly Point[], width: number, height: number, widen = 0): Plane {
  const out = plane(width, height)
  polygonPixels(polygon, width, height, widen, (i) => (out.data[i] = 1))
  return out
}
