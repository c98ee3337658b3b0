/**
 * The local try-on engine measured on the shared fixtures (../shared/fixtures/tryon):
 * latency per stage and in total (cold: photos not analysed yet; warm: analysed at upload),
 * paired reconstruction SSIM (persons/X wearing garments/X), face and background preservation
 * SSIM, garment colour fidelity (CIEDE2000), coverage of the torso, peak memory; and a contact
 * sheet of every pair for eyes. `TRYON_BENCH_GARMENTS=a.jpg,b.jpg` picks the garments.
 */
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { type GenerationReport, createLocalEngine } from '../src/server/tryon/engines/local'
import { analysisOf } from '../src/server/tryon/engines/local/analysis'
import { bodyAxes } from '../src/server/tryon/engines/local/person-analysis'
import { type Plane, decode, morph } from '../src/server/tryon/engines/local/raster'
import { FIXTURES, SKIP_REASON, fixture, hasFixtures, memoryStorage } from '../src/server/tryon/engines/local/test-fixtures'
import { ciede2000, meanLab, ssim } from '../src/server/tryon/engines/local/metrics'
import { percentile } from './lib'

if (!hasFixtures) {
  console.log(SKIP_REASON)
  process.exit(0)
}
const OUT = process.env.TRYON_BENCH_OUT ?? '/tmp/drape-engine/out'
fs.mkdirSync(OUT, { recursive: true })

const persons = fs.readdirSync(path.join(FIXTURES, 'persons')).sort()
const allGarments = fs.readdirSync(path.join(FIXTURES, 'garments')).sort()
const garments = process.env.TRYON_BENCH_GARMENTS?.split(',') ?? ['00055_00.jpg', '00151_00.jpg', '050191_1.jpg', '053790_1.jpg']
const paired = persons.filter((p) => allGarments.includes(p))
const pairs = [...new Set([...paired.map((p) => `${p}|${p}`), ...persons.flatMap((p) => garments.map((g) => `${p}|${g}`))])].map((s) => s.split('|') as [string, string])

const storage = memoryStorage()
let report: GenerationReport | null = null
const engine = createLocalEngine({ storage, observe: (r) => (report = r) })
const stats = { cold: [] as number[], prepare: [] as number[], total: [] as number[], analysis: [] as number[], warp: [] as number[], compose: [] as number[], encode: [] as number[] }
const quality = { paired: [] as number[], face: [] as number[], background: [] as number[], colour: [] as number[], coverage: [] as number[] }
const failures: string[] = []
const mean = (v: number[]) => (v.length ? v.reduce((a, b) => a + b, 0) / v.length : NaN)
const ms = (v: number) => `${Math.round(v)} ms`

const request = (p: string, g: string) => ({
  person: fixture('persons', p),
  garment: fixture('garments', g),
  width: 768,
  height: 1024,
  numberResults: 1,
  outputFormat: 'PNG' as const,
})

await engine.check()

// Cold: photos never seen before (segmentation and pose run inside the try-on).
for (const [p, g] of pairs.filter(([p, g]) => p === g).concat([[persons[1]!, garments[1]!]]).slice(0, 2)) {
  const t = performance.now()
  await engine.generate(request(p, g)).catch((e: Error) => failures.push(`${p} x ${g}: ${e.message}`))
  stats.cold.push(performance.now() - t)
}

// Upload time: every photo analysed once and stored.
for (const [kind, names] of [
  ['persons', persons],
  ['garments', [...new Set(pairs.map(([, g]) => g))]],
] as const) {
  for (const name of names) {
    const t = performance.now()
    await engine.prepare!({ ...fixture(kind, name), kind: kind === 'persons' ? 'person' : 'garment' }, storage)
    stats.prepare.push(performance.now() - t)
  }
}

const thumbs: { input: Buffer; left: number; top: number }[] = []
const TW = 192
const TH = 256
for (const [p, g] of pairs) {
  const input = request(p, g)
  const t = performance.now()
  let out
  try {
    out = await engine.generate(input)
  } catch (e) {
    failures.push(`${p} x ${g}: ${(e as Error).message}`)
    continue
  }
  stats.total.push(performance.now() - t)
  const r = report as GenerationReport | null
  if (!r) continue
  stats.analysis.push(r.timings.analysis)
  stats.warp.push(r.timings.warp)
  stats.compose.push(r.timings.compose)
  stats.encode.push(r.timings.encode)

  const result = (await decode(out.images[0]!.data)).rgb
  const personImg = (await decode(input.person.data)).rgb
  const coverage = r.coverage[0]!
  const { analysis: person } = await analysisOf(input.person, 'person', storage)
  const { analysis: garment } = await analysisOf(input.garment, 'garment', storage)
  if (p === g) quality.paired.push(ssim(result, personImg))
  quality.face.push(ssim(result, personImg, person.masks.keep))
  const around = morph(person.masks.person, 12)
  const background: Plane = { ...around, data: around.data.map((v, i) => (v < 0.5 && coverage.data[i]! < 0.01 ? 1 : 0)) }
  quality.background.push(ssim(result, personImg, background))
  const shown: Plane = { ...coverage, data: coverage.data.map((v) => (v > 0.9 ? 1 : 0)) }
  quality.colour.push(ciede2000(meanLab((await decode(input.garment.data)).rgb, garment.mask), meanLab(result, shown)))
  // Coverage: the torso between the shoulders and the waist (or waistband) that the garment should cover.
  const { body } = person.model
  const { neck, hips } = bodyAxes(body)
  const bottom = Math.min(hips.y, person.model.waistband ?? hips.y) - body.shoulderWidth * 0.05
  let want = 0
  let got = 0
  for (let y = Math.round(neck.y + body.shoulderWidth * 0.25); y < bottom; y++)
    for (let x = Math.round(body.shoulderL.x + body.shoulderWidth * 0.15); x < body.shoulderR.x - body.shoulderWidth * 0.15; x++) {
      const i = y * result.width + x
      if (person.masks.person.data[i]! < 0.5 || person.masks.keep.data[i]! > 0.5) continue
      want++
      if (coverage.data[i]! > 0.5) got++
    }
  if (want) quality.coverage.push(got / want)

  const row = persons.indexOf(p)
  const col = p === g && !garments.includes(g) ? garments.length : garments.indexOf(g)
  thumbs.push({ input: await sharp(out.images[0]!.data).resize(TW, TH).png().toBuffer(), left: (col + 1) * TW, top: (row + 1) * TH })
}

// Contact sheet: garments across the top, persons down the side.
const headers = await Promise.all([
  ...garments.map(async (g, k) => ({ input: await sharp(fixture('garments', g).data).resize(TW, TH).png().toBuffer(), left: (k + 1) * TW, top: 0 })),
  ...persons.map(async (p, k) => ({ input: await sharp(fixture('persons', p).data).resize(TW, TH, { fit: 'cover' }).png().toBuffer(), left: 0, top: (k + 1) * TH })),
])
const sheet = path.join(OUT, 'contact-sheet.png')
await sharp({ create: { width: (garments.length + 2) * TW, height: (persons.length + 1) * TH, channels: 3, background: '#777' } })
  .composite([...headers, ...thumbs])
  .png()
  .toFile(sheet)

const peakMb = process.resourceUsage().maxRSS / 1024
console.log(`local try-on engine: ${pairs.length} pairs (${persons.length} persons x ${garments.length} garments + paired), 768x1024`)
console.log(`  analysis at upload (segmentation + pose + model) per photo: p50 ${ms(percentile(stats.prepare, 50))}, p95 ${ms(percentile(stats.prepare, 95))}`)
console.log(`  per stage (analysed photos): analysis ${ms(mean(stats.analysis))}, warp ${ms(mean(stats.warp))}, compose ${ms(mean(stats.compose))}, encode ${ms(mean(stats.encode))}`)
console.log(`  try-on latency, analysed at upload: p50 ${ms(percentile(stats.total, 50))}, p95 ${ms(percentile(stats.total, 95))}   (budget p50 < 1000 ms)`)
console.log(`  try-on latency, cold: ${stats.cold.map(ms).join(', ')}   (budget < 5000 ms)`)
console.log(`  paired reconstruction SSIM (${paired.join(', ')}): mean ${mean(quality.paired).toFixed(3)}   (budget >= 0.80)`)
console.log(`  preservation SSIM: face and hair ${mean(quality.face).toFixed(3)}, background ${mean(quality.background).toFixed(3)}   (budget >= 0.98)`)
console.log(`  garment colour CIEDE2000 (product vs rendered): mean ${mean(quality.colour).toFixed(2)}   (budget < 8)`)
console.log(`  torso coverage by the garment: mean ${(mean(quality.coverage) * 100).toFixed(1)}%`)
console.log(`  peak memory (max RSS): ${Math.round(peakMb)} MB   (budget < 1536 MB)`)
console.log(`  failures: ${failures.length ? failures.join('; ') : 'none'}`)
console.log(`  contact sheet: ${sheet}`)
