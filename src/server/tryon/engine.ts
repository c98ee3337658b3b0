import type { GarmentCategory } from '~/shared/tryon/schemas'
import type { Storage } from '../platform/storage'

export type { GarmentCategory }
export type OutputFormat = 'JPG' | 'PNG' | 'WEBP'

/** Body measurements in cm / kg from the profile; any may be missing. */
export type BodyMeasurements = Partial<Record<'heightCm' | 'weightKg' | 'chestCm' | 'waistCm' | 'hipCm' | 'inseamCm' | 'shoulderCm', number>>

/** An image in our own storage (never a client-supplied URL). */
export type StoredImage = { key: string; data: Buffer; contentType: string }

export type TryOnInput = {
  person: StoredImage
  garment: StoredImage & { category?: GarmentCategory; productId?: string }
  measurements?: BodyMeasurements
  size?: string
  width: number
  height: number
  numberResults: number
  outputFormat: OutputFormat
  model?: string
  prompt?: string
  customJson?: Record<string, unknown>
  signal?: AbortSignal
}

export type TryOnImage = { data: Buffer; contentType: string }
export type TryOnOutput = { images: TryOnImage[]; model: string }

/** A failure the user can act on; its message is shown as is. */
export class TryOnError extends Error {
  constructor(
    message: string,
    readonly retryable = false,
  ) {
    super(message)
  }
}

/**
 * One try-on engine (`local`, `runware`, `http`), chosen by TRYON_ENGINE. `prepare` (optional)
 * runs in a background job when a photo is stored, so that `generate` only warps and composes.
 */
export interface TryOnEngine {
  readonly name: 'local' | 'runware' | 'http'
  generate(input: TryOnInput, onProgress?: (stage: string) => void): Promise<TryOnOutput>
  prepare?(image: StoredImage & { kind: 'person' | 'garment'; category?: GarmentCategory }, storage: Storage): Promise<void>
  check(): Promise<void>
}
