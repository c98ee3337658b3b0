import { type Point, lerp } from './geometry'

/**
 * MediaPipe face mesh's points (468) and the ones the engine reads by index
 * (human/src/face/facemeshcoords.ts). Kept apart from the model: the analysis thread reads them
 * without loading tfjs.
 */
export type FaceMesh = { score: number; points: Point[] }

/** The face's outline, forehead round to chin (human/src/face/facemeshcoords.ts, `silhouette`). */
export const FACE_OVAL = [
  10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127,
  162, 21, 54, 103, 67, 109,
]
/** Mesh points on bare skin away from eyes, brows and lips: the cheeks and the middle of the forehead. */
export const SKIN_POINTS = { cheeks: [205, 425, 50, 280], forehead: [151] }
const CHIN = 152
const FOREHEAD_TOP = 10
/** The face's widest points, beside the eyes (image left, then right). */
export const FACE_SIDES = [234, 454] as const
/** The outer corners of the eyes (image left, then right for a face looking at the camera). */
export const EYE_CORNERS = [33, 263] as const

/** The face outline of a mesh (36 points). */
export const faceOval = (mesh: FaceMesh) => FACE_OVAL.map((k) => mesh.points[k] ?? mesh.points[0] ?? { x: 0, y: 0 })

/** Below the chin, a fifth of the face's height down: the neck. */
export const neckPoint = (mesh: FaceMesh) => {
  const chin = mesh.points[CHIN]
  const top = mesh.points[FOREHEAD_TOP]
  return chin && top ? lerp(chin, top, -0.2) : null
}
