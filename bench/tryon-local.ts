/**
 * The local try-on engine measured on the shared fixtures (../shared/fixtures/tryon, or
 * TRYON_FIXTURES): every person with every garment (`TRYON_BENCH_PERSONS=a.jpg` and
 * `TRYON_BENCH_GARMENTS=a.jpg,b.jpg` pick some; `TRYON_BENCH_CATALOGUE=n` adds the first n demo catalogue dresses, as the cut-outs the
 * app gives the engine). Prints broken results (automatic checks on the returned pictures), refusals, latency
 * (cold: photos not analysed yet; warm: analysed at upload), analysis time, peak memory, and as
 * regression figures the paired SSIM, face/background preservation and garment colour fidelity.
 * Results are encoded as the app asks by default (JPG; TRYON_BENCH_FORMAT picks another).
 * Writes a contact sheet and one strip per person (broken cells framed red, refusals grey).
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp, { type OverlayOptions, type Sharp } from 'sharp'
import { z } from 'zod'
import { buildCatalogue, dressSvg } from '../src/server/features/products'
import { type TryOnInput, TryOnError } from '../src/server/tryon/engine'
import { type GenerationReport, createLocalEngine } from '../src/server/tryon/engines/local'
import { type PersonAnalysis, WORKING_SIZE, analysisOf, decodeImage } from '../src/server/tryon/engines/local/analysis'
import { type Plane, type Rgb, decode, morph } from '../src/server/tryon/engines/local/raster'
import { type Defect, SEEN_DEFECTS, resultDefects, visibleChange } from '../src/server/tryon/engines/local/result-check'
import { FIXTURES, SKIP_REASON, fixture, hasFixtures, memoryStorage } from '../src/server/tryon/engines/local/test-fixtures'
import { ciede2000, meanLab, ssim } from '../src/server/tryon/engines/local/metrics'
import { TRYON_HEIGHT, TRYON_WIDTH } from '../src/shared/tryon/constants'
import { percentile, underServerAllocator } from './lib'

if (!hasFixtures) {
  console.log(SKIP_REASON)
  process.exit(0)
}
// (its peak memory as the server's: under the allocator setting it runs with)
underServerAllocator()
const OUT = process.env.TRYON_BENCH_OUT ?? '/tmp/drape-engine/out'
fs.mkdirSync(path.join(OUT, 'rows'), { recursive: true })

const persons = process.env.TRYON_BENCH_PERSONS?.split(',') ?? fs.readdirSync(path.join(FIXTURES, 'persons')).sort()
// (as the app hands them over: the cut-out, told to be a dress)
const catalogue = new Map<string, TryOnInput['garment']>()
for (const product of buildCatalogue(new Date(0), Number(process.env.TRYON_BENCH_CATALOGUE ?? 0))) {
  const name = `catalogue-${product.id}.png`
  const data = await sharp(Buffer.from(dressSvg(product.style, product.colors[0]!.hex, { width: 480, garmentOnly: true }))).png().toBuffer()
  catalogue.set(name, { key: `catalogue/${name}`, data, contentType: 'image/png', category: 'dress' })
}
const garmentImage = (g: string): TryOnInput['garment'] => catalogue.get(g) ?? fixture('garments', g)
const garments = [...(process.env.TRYON_BENCH_GARMENTS?.split(',') ?? fs.readdirSync(path.join(FIXTURES, 'garments')).sort()), ...catalogue.keys()]
const pairs = persons.flatMap((p) => garments.map((g) => [p, g] as const))

const storage = memoryStorage()
let report: GenerationReport | null = null
const engine = createLocalEngine({ storage, observe: (r) => (report = r) })
const stats = { cold: [] as number[], prepare: [] as number[], total: [] as number[] }
/** Sums of the warm try-ons' stages, for where their time goes. */
const stages = { analysis: 0, warp: 0, compose: 0, check: 0, encode: 0 }
const quality = { paired: [] as number[], face: [] as number[], background: [] as number[], colour: [] as number[] }
const refused = new Map<string, number>()
const broken: string[] = []
const errors: string[] = []
const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN)
const ms = (v: number) => `${Math.round(v)} ms`

const sizeOf = async (p: string) => {
  const meta = await sharp(fixture('persons', p).data).rotate().metadata()
  return { width: meta.autoOrient?.width ?? meta.width!, height: meta.autoOrient?.height ?? meta.height! }
}
// The picture at the person photo's own size, so that it lines up with the photo and its masks.
// (JPG by default, as the app's settings ask for; TRYON_BENCH_FORMAT=PNG or WEBP for the others)
const FORMAT = z.enum(['JPG', 'PNG', 'WEBP']).parse(process.env.TRYON_BENCH_FORMAT ?? 'JPG')
const request = async (p: string, g: string) => ({ person: fixture('persons', p), garment: garmentImage(g), ...(await sizeOf(p)), numberResults: 1, outputFormat: FORMAT })

/**
 * The checks of a returned picture, from its pixels rather than the engine's own account: fabric
 * is what changed against the person photo. (The engine ran the same checks on its coverage
 * before returning; limbs are judged on that coverage, as changed pixels would include them.)
 */
function defectsOf(person: Rgb, result: Rgb, analysis: PersonAnalysis, garmentType: 'top' | 'dress' | 'bottom', coverage: Plane): Defect[] {
  const common = { person, result, masks: analysis.masks, body: analysis.model.body, garmentType }
  const seen = resultDefects({ ...common, fabric: visibleChange(person, result) }, SEEN_DEFECTS)
  const limbs = resultDefects({ ...common, fabric: coverage }, ['limbs'])
  return [...seen, ...limbs]
}

await engine.check()

// Cold: photos never seen before (segmentation and pose run inside the try-on).
// (two pairs, or one when the bench is run on one)
const coldPairs = [pairs[0], pairs[garments.length + 1] ?? pairs[1]].filter((pair) => pair !== undefined)
for (const [p, g] of coldPairs) {
  const t = performance.now()
  await engine.generate(await request(p, g)).catch(() => {})
  stats.cold.push(performance.now() - t)
}

// Upload time: every other photo analysed once and stored.
const analysed = new Set(coldPairs.flatMap(([p, g]) => [`persons:${p}`, `garments:${g}`]))
for (const [kind, names] of [['persons', persons], ['garments', garments]] as const) {
  for (const name of names.filter((n) => !analysed.has(`${kind}:${n}`))) {
    const t = performance.now()
    await engine.prepare!({ ...(kind === 'persons' ? fixture(kind, name) : garmentImage(name)), kind: kind === 'persons' ? 'person' : 'garment' }, storage)
    stats.prepare.push(performance.now() - t)
  }
}

type Cell = { input: Buffer; state: 'ok' | 'broken' | 'refused' }
const TW = 150
const TH = 200
const cells = new Map<string, Cell>()
const blank = await sharp({ create: { width: TW, height: TH, channels: 3, background: '#999' } }).png().toBuffer()
for (const [p, g] of pairs) {
  const input = await request(p, g)
  const t = performance.now()
  let out
  try {
    out = await engine.generate(input)
  } catch (e) {
    if (e instanceof TryOnError) refused.set(e.message, (refused.get(e.message) ?? 0) + 1)
    else errors.push(`${p} x ${g}: ${(e as Error).message}`)
    cells.set(`${p}|${g}`, { input: blank, state: 'refused' })
    continue
  }
  stats.total.push(performance.now() - t)
  const r = report as GenerationReport | null
  for (const stage of Object.keys(stages) as (keyof typeof stages)[]) stages[stage] += r!.timings[stage]
  // (all at the engine's working size, as its masks are)
  const result = (await decode(out.images[0]!.data, WORKING_SIZE)).rgb
  const personImg = (await decodeImage(input.person)).rgb
  const { analysis: person } = await analysisOf(input.person, 'person', storage)
  const { analysis: garment } = await analysisOf(input.garment, 'garment', storage, input.garment.category)
  const coverage = r!.coverage[0]!
  const defects = defectsOf(personImg, result, person, garment.model.type, coverage)
  if (defects.length) broken.push(`${p} x ${g}: ${defects.join(', ')}`)

  if (p === g) quality.paired.push(ssim(result, personImg))
  quality.face.push(ssim(result, personImg, person.masks.keep))
  const around = morph(person.masks.person, 12)
  const background: Plane = { ...around, data: around.data.map((v, i) => (v < 0.5 && coverage.data[i]! < 0.01 ? 1 : 0)) }
  quality.background.push(ssim(result, personImg, background))
  const shown: Plane = { ...coverage, data: coverage.data.map((v) => (v > 0.9 ? 1 : 0)) }
  quality.colour.push(ciede2000(meanLab((await decodeImage(input.garment)).rgb, garment.mask), meanLab(result, shown)))
  cells.set(`${p}|${g}`, { input: await sharp(out.images[0]!.data).resize(TW, TH, { fit: 'cover', position: 'north' }).png().toBuffer(), state: defects.length ? 'broken' : 'ok' })
}

// A photo as the app stores one from a phone (1536 px wide, its largest), analysed at upload and
// tried on at the app's default output size, with the first garments.
const phone = { prepare: [] as number[], total: [] as number[] }
for (const p of persons.slice(0, 2)) {
  const photo = fixture('persons', p)
  const large = { ...photo, key: `phone/${p}`, data: await sharp(photo.data).resize(1536, 2048, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer() }
  let t = performance.now()
  await engine.prepare!({ ...large, kind: 'person' }, storage)
  phone.prepare.push(performance.now() - t)
  for (const g of garments.slice(0, 4)) {
    t = performance.now()
    await engine.generate({ ...(await request(p, g)), person: large, width: TRYON_WIDTH, height: TRYON_HEIGHT }).catch(() => {})
    phone.total.push(performance.now() - t)
  }
}

// (before the contact sheets below are drawn: they are the bench's, not the engine's)
const peakMb = process.resourceUsage().maxRSS / 1024

// Photos of kinds the fixtures do not have, made from them: the person photo mirrored, cut at the
// waist (its top 60%), and the garment photo shrunk to half and padded onto a white canvas as shops
// do. Every fourth person and garment (trousers and skirts not on a photo cut at the waist: the
// engine asks for one from the knees up).
const variants = {
  'person mirrored': async (p: string, g: string) => ({ ...(await request(p, g)), person: await variantPhoto(fixture('persons', p), 'mirrored', (img) => img.flop()) }),
  'person cut at the waist': async (p: string, g: string) => {
    const { width, height } = await sizeOf(p)
    const person = await variantPhoto(fixture('persons', p), 'cut', (img) => img.extract({ left: 0, top: 0, width, height: Math.round(height * 0.6) }))
    return { ...(await request(p, g)), person, width, height: Math.round(height * 0.6) }
  },
  'garment padded onto a canvas': async (p: string, g: string) => {
    const { width, height } = await sharp(garmentImage(g).data).metadata()
    const [w, h] = [Math.round(width / 2), Math.round(height / 2)]
    const pad = { top: Math.round(h / 2), bottom: Math.round(h / 2), left: Math.round(w / 2), right: Math.round(w / 2), background: '#ffffff' }
    return { ...(await request(p, g)), garment: await variantPhoto(garmentImage(g), 'padded', (img) => img.resize(w, h).flatten({ background: '#ffffff' }).extend(pad)) }
  },
} satisfies Record<string, (p: string, g: string) => Promise<TryOnInput>>
async function variantPhoto<T extends TryOnInput['person']>(photo: T, name: string, change: (img: Sharp) => Sharp): Promise<T> {
  return { ...photo, key: `${name}/${photo.key}`, data: await change(sharp(photo.data).rotate()).jpeg({ quality: 92 }).toBuffer(), contentType: 'image/jpeg' }
}
const variantFigures: string[] = []
for (const [name, make] of Object.entries(variants)) {
  let [tried, refusedHere, brokenHere] = [0, 0, 0]
  for (const p of persons.filter((_, k) => k % 4 === 0))
    for (const g of garments.filter((_, k) => k % 4 === 0)) {
      const input = await make(p, g)
      const { analysis: garment } = await analysisOf(input.garment, 'garment', storage, input.garment.category).catch(() => ({ analysis: null }))
      if (name === 'person cut at the waist' && garment?.model.type === 'bottom') continue
      tried++
      const out = await engine.generate(input).catch((e: unknown) => (e instanceof TryOnError ? null : Promise.reject(e)))
      if (!out) {
        refusedHere++
        continue
      }
      const result = (await decode(out.images[0]!.data, WORKING_SIZE)).rgb
      const { analysis: person } = await analysisOf(input.person, 'person', storage)
      if (defectsOf((await decodeImage(input.person)).rgb, result, person, garment!.model.type, (report as GenerationReport | null)!.coverage[0]!).length) brokenHere++
    }
  variantFigures.push(`${name}: broken ${brokenHere} of ${tried - refusedHere}, refused ${refusedHere} of ${tried}`)
}

/** A grid: garments across the top, the given persons down the side; broken cells framed red. */
async function grid(rows: string[], cols: string[], file: string) {
  const frame = (state: Cell['state']) => (state === 'broken' ? '#e00' : state === 'refused' ? '#555' : '#777')
  const tiles: OverlayOptions[] = []
  for (const [k, g] of cols.entries()) tiles.push({ input: await sharp(garmentImage(g).data).resize(TW, TH, { fit: 'contain', background: '#fff' }).png().toBuffer(), left: (k + 1) * (TW + 4) + 2, top: 2 })
  for (const [j, p] of rows.entries()) {
    tiles.push({ input: await sharp(fixture('persons', p).data).resize(TW, TH, { fit: 'cover', position: 'north' }).png().toBuffer(), left: 2, top: (j + 1) * (TH + 4) + 2 })
    for (const [k, g] of cols.entries()) {
      const cell = cells.get(`${p}|${g}`)
      if (!cell) continue
      tiles.push({ input: await sharp({ create: { width: TW + 4, height: TH + 4, channels: 3, background: frame(cell.state) } }).png().toBuffer(), left: (k + 1) * (TW + 4), top: (j + 1) * (TH + 4) })
      tiles.push({ input: cell.input, left: (k + 1) * (TW + 4) + 2, top: (j + 1) * (TH + 4) + 2 })
    }
  }
  await sharp({ create: { width: (cols.length + 1) * (TW + 4), height: (rows.length + 1) * (TH + 4), channels: 3, background: '#bbb' } })
    .composite(tiles)
    .png()
    .toFile(file)
}
const sheet = path.join(OUT, 'contact-sheet.png')
await grid(persons, garments, sheet)
const half = Math.ceil(garments.length / 2)
for (const p of persons) {
  await grid([p], garments.slice(0, half), path.join(OUT, 'rows', `${p}-1.png`))
  await grid([p], garments.slice(half), path.join(OUT, 'rows', `${p}-2.png`))
}

const returned = stats.total.length
const refusals = [...refused.values()].reduce((a, b) => a + b, 0)
console.log(`local try-on engine: ${persons.length} persons x ${garments.length} garments = ${pairs.length} pairs, at each person photo's size, ${FORMAT}`)
console.log(`broken results: ${broken.length} of ${returned}`)
console.log(`refused: ${refusals} of ${pairs.length}`)
console.log(`  warm try-on p50 ${ms(percentile(stats.total, 50))}, p95 ${ms(percentile(stats.total, 95))}   (budget p50 <= 400 ms)`)
console.log(`    mean per stage: ${Object.entries(stages).map(([stage, sum]) => `${stage} ${ms(sum / returned)}`).join(', ')}`)
console.log(`  cold try-on: ${stats.cold.map(ms).join(', ')}   (budget <= 3000 ms)`)
console.log(`  analysis at upload per photo: p50 ${ms(percentile(stats.prepare, 50))}, p95 ${ms(percentile(stats.prepare, 95))}   (budget p50 <= 1500 ms)`)
console.log(`  phone-size person photos (1536 x 2048, to ${TRYON_WIDTH} x ${TRYON_HEIGHT}): analysis p50 ${ms(percentile(phone.prepare, 50))}, warm try-on p50 ${ms(percentile(phone.total, 50))}`)
console.log(`  peak memory during the try-ons (max RSS, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX}): ${Math.round(peakMb)} MB   (budget <= 1024 MB)`)
console.log(`  regression figures: paired SSIM ${mean(quality.paired).toFixed(3)}; face and hair SSIM ${mean(quality.face).toFixed(3)}, background ${mean(quality.background).toFixed(3)}; garment colour CIEDE2000 ${mean(quality.colour).toFixed(2)}`)
if (catalogue.size) {
  // Catalogue parity: the app's drawn dresses against the photos.
  const figures = (drawn: boolean) => {
    const states = [...cells].filter(([key]) => catalogue.has(key.split('|')[1]!) === drawn).map(([, cell]) => cell.state)
    const refusedHere = states.filter((s) => s === 'refused').length
    return `broken ${states.filter((s) => s === 'broken').length} of ${states.length - refusedHere}, refused ${refusedHere} of ${states.length}`
  }
  console.log(`  catalogue drawings: ${figures(true)}; photos: ${figures(false)}`)
}
console.log(`  photos of other kinds: ${variantFigures.join('; ')}`)
for (const [message, n] of refused) console.log(`  refused ${n}x: ${message}`)
for (const b of broken) console.log(`  broken: ${b}`)
if (errors.length) console.log(`  errors: ${errors.join('; ')}`)
console.log(`  contact sheet: ${sheet}; one strip per person in ${path.join(OUT, 'rows')}`)
