import sharp from 'sharp'
import type { TryOnInput } from '../../engine'
import { WORKING_SIZE, analysisOf, personAnalysisFrom, rememberAnalysis } from './analysis'
import { type Point, pt } from './geometry'
import { segmentPerson } from './person-segmenter'
import { polygonPixels } from './polygon'
import type { Pose } from './pose'
import { type Plane, type Rgb, plane } from './raster'

type Colour = readonly [number, number, number]
/** A filled polygon, or with `widen` a thick line (two points) or a disc (one). */
type Shape = { points: Point[]; widen: number; colour: Colour }

const { width: W, height: H } = WORKING_SIZE

function paint(backdrop: Colour, shapes: Shape[]): { rgb: Rgb; drawn: Plane } {
  const data = new Uint8Array(W * H * 3)
  for (let i = 0; i < W * H; i++) data.set(backdrop, i * 3)
  const drawn = plane(W, H)
  for (const { points, widen, colour } of shapes)
    polygonPixels(points, W, H, widen, (i) => {
      data.set(colour, i * 3)
      drawn.data[i] = 1
    })
  return { rgb: { width: W, height: H, data }, drawn }
}

// A front-facing figure (its right side on the image's left), in a blue top and dark trousers.
const joints = {
  nose: pt(384, 165),
  rightEye: pt(362, 140),
  leftEye: pt(406, 140),
  rightEar: pt(334, 150),
  leftEar: pt(434, 150),
  rightShoulder: pt(300, 268),
  leftShoulder: pt(468, 268),
  rightElbow: pt(282, 420),
  leftElbow: pt(486, 420),
  rightWrist: pt(274, 555),
  leftWrist: pt(494, 555),
  rightHip: pt(332, 570),
  leftHip: pt(436, 570),
  rightKnee: pt(338, 770),
  leftKnee: pt(430, 770),
  rightAnkle: pt(340, 960),
  leftAnkle: pt(428, 960),
} satisfies Record<keyof Pose, Point>

function drawnFigure(): { rgb: Rgb; person: Plane; pose: Pose } {
  const j = joints
  const skin: Colour = [214, 170, 140]
  const trousers: Colour = [44, 44, 54]
  const { rgb, drawn } = paint([236, 236, 230], [
    { points: [j.rightHip, j.rightKnee, j.rightAnkle], widen: 36, colour: trousers },
    { points: [j.leftHip, j.leftKnee, j.leftAnkle], widen: 36, colour: trousers },
    { points: [pt(372, 200), pt(396, 200), pt(396, 260), pt(372, 260)], widen: 16, colour: skin },
    { points: [j.nose], widen: 62, colour: skin },
    { points: [pt(330, 120), pt(384, 80), pt(438, 120)], widen: 22, colour: [72, 52, 40] },
    { points: [j.rightShoulder, j.rightElbow, j.rightWrist], widen: 26, colour: skin },
    { points: [j.leftShoulder, j.leftElbow, j.leftWrist], widen: 26, colour: skin },
    { points: [pt(274, 600)], widen: 26, colour: skin },
    { points: [pt(494, 600)], widen: 26, colour: skin },
    { points: [pt(276, 252), pt(492, 252), pt(478, 580), pt(290, 580)], widen: 6, colour: [52, 84, 150] },
  ])
  const pose = Object.fromEntries(Object.entries(joints).map(([name, p]) => [name, { ...p, score: 0.9 }])) as Pose
  return { rgb, person: drawn, pose }
}

/** A red tee laid flat on white. */
const drawnTee = (): Rgb =>
  paint([248, 248, 246], [
    {
      points: [pt(250, 200), pt(340, 180), pt(384, 215), pt(428, 180), pt(518, 200), pt(640, 380), pt(560, 430), pt(512, 340), pt(516, 820), pt(252, 820), pt(256, 340), pt(208, 430), pt(128, 380)],
      widen: 0,
      colour: [186, 40, 52],
    },
  ]).rgb

const png = (rgb: Rgb) => sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).png().toBuffer()

/**
 * A try-on of a drawn figure and tee, analysed and held in memory (nothing is stored), for the
 * engine to run once before a shopper's first: V8 compiles and optimises the engine's JavaScript
 * on its first runs, which made the first try-on of a process about 0.4 s slower than the next.
 * The figure's pose is drawn with it (no model reads a drawing as a person); every other stage,
 * the person segmenter's and the garment thread's included, runs as for a photo.
 */
export async function warmUpTryOn(): Promise<TryOnInput> {
  const { rgb, person, pose } = drawnFigure()
  const figure = { key: 'warm-up/figure.png', data: await png(rgb), contentType: 'image/png' }
  const tee = { key: 'warm-up/tee.png', data: await png(drawnTee()), contentType: 'image/png', category: 'top' as const }
  await Promise.all([segmentPerson(rgb), analysisOf(tee, 'garment', undefined, 'top')])
  await rememberAnalysis(figure, await personAnalysisFrom(rgb, person, pose), rgb)
  return { person: figure, garment: tee, ...WORKING_SIZE, numberResults: 1, outputFormat: 'JPG' }
}
