import { RECOMMENDED_MODEL, isSupportedModel } from './schemas'
import { boundVtoSize, snapKontextSize } from './sizes'

/** How a Runware model takes the two images. */
export type ModelFamily = 'kontext' | 'vto' | 'img2img'

/** A model we know, or the recommended one for anything else (the setup page warns about it). */
export const effectiveModel = (model: string) => (isSupportedModel(model) ? model : RECOMMENDED_MODEL)

export function modelFamily(model: string): ModelFamily {
  const m = effectiveModel(model)
  if (m === 'bfl:flux@vto') return 'vto'
  if (m === 'runware:100@1') return 'img2img'
  return 'kontext'
}

/** Keys of the task that the server always sets itself; custom JSON cannot change them. */
export const PROTECTED_TASK_KEYS = ['taskType', 'taskUUID', 'positivePrompt', 'referenceImages', 'seedImage', 'outputType', 'deliveryMethod', 'webhookURL'] as const

export type RunwareTaskInput = {
  taskUUID: string
  model: string
  prompt: string
  width: number
  height: number
  numberResults: number
  outputFormat: string
  /** Data URIs (or placeholders in the setup preview) of the person and the garment. */
  person: string
  garment: string
  customJson?: Record<string, unknown> | null
}

const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? Math.round(v) : fallback)

/**
 * The `imageInference` task sent to Runware's `POST /v1`. Custom JSON is merged into the settings,
 * except for the keys the server owns; then the model is resolved and the size made valid for it:
 * FLUX Kontext (snapped to its sizes) and FLUX Virtual Try-On (at most 2 MP) get `referenceImages`
 * [person, garment]; the image-to-image model gets the person as `seedImage`.
 */
export function runwareTask(o: RunwareTaskInput): Record<string, unknown> {
  const custom = Object.fromEntries(Object.entries(o.customJson ?? {}).filter(([k]) => !(PROTECTED_TASK_KEYS as readonly string[]).includes(k)))
  const merged: Record<string, unknown> = { model: o.model, width: o.width, height: o.height, numberResults: o.numberResults, outputFormat: o.outputFormat, ...custom }
  const model = effectiveModel(String(merged.model))
  const family = modelFamily(model)
  const width = Math.min(2048, Math.max(256, int(merged.width, o.width)))
  const height = Math.min(2048, Math.max(256, int(merged.height, o.height)))
  const size = family === 'kontext' ? snapKontextSize(width, height) : family === 'vto' ? boundVtoSize(width, height) : { width: Math.round(width / 64) * 64, height: Math.round(height / 64) * 64 }
  const images = family === 'img2img' ? { seedImage: o.person, strength: 0.75 } : { referenceImages: [o.person, o.garment] }
  return {
    ...merged,
    model,
    ...size,
    numberResults: Math.min(4, Math.max(1, int(merged.numberResults, o.numberResults))),
    taskType: 'imageInference',
    taskUUID: o.taskUUID,
    positivePrompt: o.prompt,
    outputType: 'base64Data',
    deliveryMethod: 'async',
    ...images,
  }
}
