import fs from 'node:fs'
import { analysisOf, decodeImage } from '../src/server/tryon/engines/local/analysis'
import { fitGarment } from '../src/server/tryon/engines/local/fit'
import { garmentParts } from '../src/server/tryon/engines/local/garment-analysis'
import { composeTryOn } from '../src/server/tryon/engines/local/compose'
import { memoryStorage } from '../src/server/tryon/engines/local/test-fixtures'
import sharp from 'sharp'
const F = '/work/shared/fixtures/tryon/'
const storage = memoryStorage()
const pairs = process.argv.slice(2).map((a) => a.split(':') as [string, string])
const outs: Buffer[] = []
for (const [p, g] of pairs) {
  const pi = { key: 'p/' + p, data: fs.readFileSync(F + 'persons/' + p), contentType: 'image/jpeg' }
  const gi = { key: 'g/' + g, data: fs.readFileSync(F + 'garments/' + g), contentType: 'image/jpeg' }
  const cacheFile = (k: string) => '/tmp/drape-engine/cache/' + k.replace(/\//g, '_')
  fs.mkdirSync('/tmp/drape-engine/cache', { recursive: true })
  for (const k of [pi.key, gi.key]) for (const suf of ['.analysis.json', '.analysis.png']) if (fs.existsSync(cacheFile(k + suf))) await storage.put(k + suf, fs.readFileSync(cacheFile(k + suf)), 'x')
  const person = await analysisOf(pi, 'person', storage)
  const garment = await analysisOf(gi, 'garment', storage)
  for (const k of storage.keys()) fs.writeFileSync(cacheFile(k), (await storage.get(k))!.body)
  const [a, b] = await Promise.all([decodeImage(pi), decodeImage(gi)])
  let t = performance.now()
  const parts = garmentParts(garment.analysis.mask, garment.analysis.model)
  const m = fitGarment(garment.analysis.model, person.analysis.model.body, { ease: 1, lengthShift: 0 })
  const t1 = performance.now()
  const { image: r } = composeTryOn({ person: a.rgb, masks: person.analysis.masks, body: person.analysis.model.body, skin: person.analysis.model.skin, waistband: person.analysis.model.waistband, garment: b.rgb, garmentMask: garment.analysis.mask, parts, garmentModel: garment.analysis.model, mappings: m, shading: 0.8 })
  console.log(p, g, garment.analysis.model.type, 'parts+fit', Math.round(t1 - t), 'compose', Math.round(performance.now() - t1))
  const enc = await sharp(Buffer.from(r.data), { raw: { width: r.width, height: r.height, channels: 3 } }).png().toBuffer()
  outs.push(await sharp(pi.data).resize(384, 512).toBuffer(), await sharp(gi.data).resize(384, 512).toBuffer(), await sharp(enc).resize(384, 512).toBuffer())
}
const cols = 6
await sharp({ create: { width: cols * 384, height: Math.ceil(outs.length / cols) * 512, channels: 3, background: '#888' } })
  .composite(outs.map((b, i) => ({ input: b, left: (i % cols) * 384, top: Math.floor(i / cols) * 512 }))).png().toFile('/tmp/drape-engine/out/sheet2.png')
