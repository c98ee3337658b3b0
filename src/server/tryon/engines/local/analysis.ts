import type { z } from 'zod'
import type { GarmentCategory, StoredImage } from '../../engine'
import { TryOnError } from '../../engine'
import { TRYON_HEIGHT, TRYON_WIDTH } from '~/shared/tryon/constants'
import type { Storage } from '../../../platform/storage'
import { analysisKeys, createAnalysisStore } from '../../analysis-store'
import { GarmentModelSchema, PersonModelSchema, storedAnalysisSchema } from './analysis-schemas'
import { type GarmentAnalysis, garmentAnalysis, garmentModel } from './garment-analysis'
import { analyseGarmentOffThread } from './garment-thread'
import { ENGINE_ERRORS } from './messages'
import { type PersonMasks, type PersonModel, bodyFrame, checkSinglePerson, personMasks, personModel, waistband } from './person-analysis'
import { segmentDistance } from './geometry'
import { seenUpperArms } from './arm-outline'
import { type Pose, detectPose } from './pose'
import { detectFace } from './face-mesh'
import { detectHands } from './hand-landmarks'
import { keptHands } from './hand-region'
import { type Plane, type Rgb, decode, maskToPng, maxPlane, pngChannels, pngToMasks, rgbToPng } from './raster'
import { type Plate, personPlate, plateToPng, pngToPlate } from './plate'
import { segmentPerson } from './person-segmenter'

/** Bumped whenever what is stored changes meaning: older analyses are then recomputed. */
const VERSION = 78

export type PersonAnalysis = { kind: 'person'; model: PersonModel; masks: PersonMasks; plate: Plate }
const StoredPersonSchema = storedAnalysisSchema(VERSION, PersonModelSchema)
const StoredGarmentSchema = storedAnalysisSchema(VERSION, GarmentModelSchema)

export type { GarmentAnalysis }

/**
 * The size the engine works at: a photo is scaled down to the smallest size that covers the try-on's
 * default output (a phone photo stored at 1536 x 2048 would cost four times the work, for a picture
 * made at 768 x 1024 in the end).
 */
export const WORKING_SIZE = { width: TRYON_WIDTH, height: TRYON_HEIGHT }

/** A stored photo decoded at the working size. */
export async function decodeImage(image: StoredImage): Promise<{ rgb: Rgb; alpha: Plane | null }> {
  try {
    return await decode(image.data, WORKING_SIZE)
  } catch {
    throw new TryOnError(ENGINE_ERRORS.unreadable)
  }
}

export async function analysePerson(rgb: Rgb): Promise<PersonAnalysis> {
  const [person, pose] = await Promise.all([segmentPerson(rgb), detectPose(rgb)])
  return personAnalysisFrom(rgb, person, pose)
}

/** The rest of a person's analysis once the person's mask and pose are known: hands, face, skin, masks, waistband and plate. */
export async function personAnalysisFrom(rgb: Rgb, person: Plane, pose: Pose): Promise<PersonAnalysis> {
  checkSinglePerson(person)
  const frame = bodyFrame(pose, rgb.width, rgb.height)
  // (one after the other: both run on the same tfjs backend)
  const hands = await detectHands(rgb, frame.body)
  const face = await detectFace(rgb, pose)
  const found = personModel(rgb, frame, hands, face)
  const { armOutlines, ...masks } = personMasks(rgb, person, found.body, found.skin, found)
  const band = waistband(rgb, masks, found.body, found.skin)
  // Below the waistband it is the trousers or skirt, whatever their colour (but sleeves go on).
  if (band !== null) {
    const { body } = found
    const w = rgb.width
    for (let i = Math.ceil(band) * w; i < masks.clothing.data.length; i++) {
      if (!masks.clothing.data[i]) continue
      const x = i % w
      const y = (i - x) / w
      const onArm = Math.min(segmentDistance(x, y, body.elbowL, body.wristL), segmentDistance(x, y, body.elbowR, body.wristR)) < body.shoulderWidth * 0.15
      if (!onArm) masks.clothing.data[i] = 0
    }
  }
  const upperArms = seenUpperArms(rgb, masks, found.body)
  // (the arms' outlines are filled as the old clothing: beside a new sleeve they go with it)
  const plateMasks = { ...masks, clothing: maxPlane(masks.clothing, armOutlines) }
  const model = { ...found, waistband: band, upperArms }
  return { kind: 'person', model, masks, plate: personPlate(rgb, plateMasks, model) }
}

type Analysis = PersonAnalysis | GarmentAnalysis

/** A garment's parts (labels, see PART) stored as a mask channel's bytes. (Loops: a typed array's `from` with a mapping costs 100 ms here.) */
function partsAsPlane(parts: Uint8Array, { width, height }: Plane): Plane {
  const data = new Float32Array(parts.length)
  for (let i = 0; i < parts.length; i++) data[i] = parts[i]! / 255
  return { width, height, data }
}

async function save(storage: Storage, key: string, source: string, result: Analysis | string) {
  const keys = analysisKeys(key)
  if (typeof result === 'string') {
    await storage.put(keys.json, Buffer.from(JSON.stringify({ version: VERSION, source, failure: result })), 'application/json')
    return
  }
  if (result.kind === 'person') {
    const { person, clothing, keep, bareArms } = result.masks
    await storage.put(keys.masks, await maskToPng(person, clothing, keep, bareArms), 'image/png')
    await storage.put(keys.plate, await plateToPng(result.plate), 'image/png')
  } else {
    const { mask, drawn } = result
    await storage.put(keys.masks, await maskToPng(mask, drawn.mask, partsAsPlane(drawn.parts, mask)), 'image/png')
    await storage.put(keys.drawn, await rgbToPng(drawn.rgb), 'image/png')
  }
  // Last: a complete JSON means the images beside it are complete too.
  await storage.put(keys.json, Buffer.from(JSON.stringify({ version: VERSION, source, model: result.model })), 'application/json')
}

/**
 * The stored model of this photo (or the reason it cannot be used); null when there is none, or it
 * was written for other bytes, by another VERSION or is not an analysis (then it is computed again).
 */
async function loadStored<M>(storage: Storage, key: string, source: string, schema: z.ZodType<{ source: string } & ({ failure: string } | { model: M })>): Promise<M | string | null> {
  const json = await storage.get(analysisKeys(key).json)
  if (!json) return null
  let raw: unknown
  try {
    raw = JSON.parse(json.body.toString('utf8'))
  } catch {
    return null
  }
  const stored = schema.safeParse(raw)
  if (!stored.success || stored.data.source !== source) return null
  return 'failure' in stored.data ? stored.data.failure : stored.data.model
}

async function load(storage: Storage, key: string, kind: Analysis['kind'], source: string): Promise<Analysis | string | null> {
  const keys = analysisKeys(key)
  if (kind === 'person') {
    const model = await loadStored(storage, key, source, StoredPersonSchema)
    if (model === null || typeof model === 'string') return model
    const [png, plate] = [await storage.get(keys.masks), await storage.get(keys.plate)]
    if (!png || !plate) return null
    const [person, clothing, keep, bareArms] = await pngToMasks(png.body, 4)
    if (!person || !clothing || !keep || !bareArms) return null
    return { kind, model, masks: { person, clothing, keep, bareArms, hands: keptHands(model.hands, keep) }, plate: await pngToPlate(plate.body) }
  }
  const model = await loadStored(storage, key, source, StoredGarmentSchema)
  if (model === null || typeof model === 'string') return model
  const [png, drawnPng] = await Promise.all([storage.get(keys.masks), storage.get(keys.drawn)])
  if (!png || !drawnPng) return null
  const [masks, { rgb }] = await Promise.all([pngChannels(png.body), decode(drawnPng.body)])
  return { kind, model, mask: masks.mask(0), drawn: { rgb, mask: masks.mask(1), parts: masks.bytes(2) } }
}

/**
 * Analyses per kind, each computed once per photo (a failure is kept as the user-facing reason).
 * A person's analysis holds five masks and a plate (about 21 MB), a garment's its mask and the
 * garment as drawn (about 9 MB): fewer persons are kept in memory.
 */
const stores = {
  person: createAnalysisStore<Analysis | string>({ load: (storage, key, source) => load(storage, key, 'person', source), save }, { memory: 4 }),
  garment: createAnalysisStore<Analysis | string>({ load: (storage, key, source) => load(storage, key, 'garment', source), save }, { memory: 8 }),
}

/**
 * Each analysis's photo at the working size, kept as long as the analysis is in memory: decoding a
 * photo again costs a warm try-on 20-35 ms.
 */
const decoded = new WeakMap<Analysis, Promise<Rgb>>()

/** The photo an analysis was made of, at the working size. */
export function workingImage(analysis: Analysis, image: StoredImage): Promise<Rgb> {
  let rgb = decoded.get(analysis)
  if (!rgb) {
    rgb = decodeImage(image).then((d) => d.rgb)
    decoded.set(analysis, rgb)
    rgb.catch(() => decoded.delete(analysis))
  }
  return rgb
}

/** An analysis just made of this photo, with the photo kept beside it. */
function withImage<A extends Analysis>(analysis: A, rgb: Rgb): A {
  decoded.set(analysis, Promise.resolve(rgb))
  return analysis
}

async function compute(image: StoredImage, kind: Analysis['kind'], category?: GarmentCategory): Promise<Analysis | string> {
  const { rgb, alpha } = await decodeImage(image)
  try {
    return withImage(kind === 'person' ? await analysePerson(rgb) : await analyseGarmentOffThread(rgb, alpha, category), rgb)
  } catch (error) {
    if (error instanceof TryOnError) return error.message
    throw error
  }
}

/**
 * The analysis of a stored photo: from memory, from storage (`<key>.analysis.json` and
 * `<key>.analysis.png`, checked against the photo's bytes), or computed now; computed once however
 * many callers ask at the same time. `saved` settles once it is stored (its PNG encoding runs off
 * the main thread, while the try-on composes).
 * A garment analysed as another category than asked for is re-modelled from its stored mask (the
 * mask it is drawn with: its outline, but for a print's peeled rim).
 */
export async function analysisOf(
  image: StoredImage,
  kind: 'person',
  storage: Storage | undefined,
): Promise<{ analysis: PersonAnalysis; cached: boolean; saved: Promise<void> }>
export async function analysisOf(
  image: StoredImage,
  kind: 'garment',
  storage: Storage | undefined,
  category?: GarmentCategory,
): Promise<{ analysis: GarmentAnalysis; cached: boolean; saved: Promise<void> }>
export async function analysisOf(image: StoredImage, kind: Analysis['kind'], storage: Storage | undefined, category?: GarmentCategory) {
  const { value: result, cached, saved } = await stores[kind].get(image, () => compute(image, kind, category), storage)
  if (typeof result === 'string') throw new TryOnError(result)
  if (result.kind === 'garment' && category && result.model.type !== category) {
    const rgb = await workingImage(result, image)
    return { analysis: withImage(garmentAnalysis(rgb, result.mask, garmentModel(rgb, result.mask, category)), rgb), cached, saved }
  }
  return { analysis: result, cached, saved }
}

/**
 * Keeps an analysis made without the models (the engine's warm-up figure: a drawing they cannot
 * read) as the analysis of `image`, in memory only.
 */
export async function rememberAnalysis(image: StoredImage, analysis: PersonAnalysis, rgb: Rgb) {
  await stores.person.get(image, () => Promise.resolve(withImage(analysis, rgb)))
}

/** Analyses a photo at upload time (or joins the try-on already analysing it) and stores the result next to it. */
export async function prepareAnalysis(image: StoredImage, kind: Analysis['kind'], storage: Storage, category?: GarmentCategory) {
  const { saved } = await stores[kind].get(image, () => compute(image, kind, category), storage)
  await saved
}
