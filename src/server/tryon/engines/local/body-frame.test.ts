import { describe, expect, it } from 'vitest'
import { ENGINE_ERRORS } from './messages'
import { bodyFrame } from './person-analysis'
import { KEYPOINTS, type Pose } from './pose'

/** A standing person's pose on a 400 x 1000 photo, shoulders 100 apart: every joint at `score` but those given. */
function standing(score: number, joints: Partial<Pose> = {}): Pose {
  const at: Record<string, [number, number]> = {
    nose: [200, 60], leftEye: [210, 50], rightEye: [190, 50], leftEar: [220, 55], rightEar: [180, 55],
    leftShoulder: [250, 150], rightShoulder: [150, 150], leftElbow: [260, 260], rightElbow: [140, 260],
    leftWrist: [265, 360], rightWrist: [135, 360], leftHip: [230, 400], rightHip: [170, 400],
    leftKnee: [232, 640], rightKnee: [168, 640], leftAnkle: [234, 880], rightAnkle: [166, 880],
  }
  return Object.fromEntries(KEYPOINTS.map((k) => [k, joints[k] ?? { x: at[k]![0], y: at[k]![1], score }])) as Pose
}

describe('body frame', () => {
  it("keeps the ankles the pose model is sure of, below the knees as a standing person's are", () => {
    const { body } = bodyFrame(standing(0.9), 400, 1000)
    // (L and R are the image's: the person's right ankle is on its left)
    expect(body.ankleL).toEqual({ x: 166, y: 880 })
    expect(body.ankleR).toEqual({ x: 234, y: 880 })
  })

  it('drops an ankle the pose model is unsure of, or places too near the hips (a photo cut above the knees: at its bottom edge)', () => {
    const unsure = bodyFrame(standing(0.9, { leftAnkle: { x: 234, y: 880, score: 0.3 } }), 400, 1000).body
    expect(unsure.ankleR).toBeNull()
    expect(unsure.ankleL).not.toBeNull()
    const cut = standing(0.9, { leftKnee: { x: 232, y: 600, score: 0.1 }, rightKnee: { x: 168, y: 600, score: 0.1 }, leftAnkle: { x: 234, y: 560, score: 0.6 }, rightAnkle: { x: 166, y: 560, score: 0.6 } })
    const { body } = bodyFrame(cut, 400, 600)
    expect([body.ankleL, body.ankleR, body.kneeL, body.kneeR]).toEqual([null, null, null, null])
  })
})

describe('body frame on a photo cut at the waist', () => {
  it('keeps the hips the pose model places just below the bottom edge (up to 0.3 shoulder widths), and refuses the photo when they lie further down', () => {
    // (the hips at y 400, shoulders 100 apart: cut at 380 the hips are 20 below the edge, cut at 360, 40)
    expect(bodyFrame(standing(0.9), 400, 380).body.hipL).toEqual({ x: 170, y: 400 })
    expect(() => bodyFrame(standing(0.9), 400, 360)).toThrow(ENGINE_ERRORS.outOfFrame)
    // (nor when the model is unsure of them)
    expect(() => bodyFrame(standing(0.9, { leftHip: { x: 230, y: 400, score: 0.2 } }), 400, 380)).toThrow(ENGINE_ERRORS.outOfFrame)
  })
})
