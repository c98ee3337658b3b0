import fs from 'node:fs'
import sharp from 'sharp'
import { createLocalEngine } from '../src/server/tryon/engines/local'
const F = '/work/shared/fixtures/tryon/'
const pairs = process.argv.slice(2).map((a) => a.split(':') as [string, string])
const engine = createLocalEngine({ onTimings: (t) => console.log(JSON.stringify(t)) })
const outs: Buffer[] = []
for (const [p, g] of pairs) {
  const t = Date.now()
  try {
    const r = await engine.generate({
      person: { key: `persons/${p}`, data: fs.readFileSync(F + 'persons/' + p), contentType: 'image/jpeg' },
      garment: { key: `garments/${g}`, data: fs.readFileSync(F + 'garments/' + g), contentType: 'image/jpeg' },
      width: 768, height: 1024, numberResults: 1, outputFormat: 'JPG',
    })
    console.log(p, g, Date.now() - t)
    outs.push(await sharp(fs.readFileSync(F + 'persons/' + p)).resize(384, 512).toBuffer(), await sharp(fs.readFileSync(F + 'garments/' + g)).resize(384, 512).toBuffer(), await sharp(r.images[0]!.data).resize(384, 512).toBuffer())
    fs.writeFileSync(`/tmp/drape-engine/out/r-${p}-${g}.jpg`, r.images[0]!.data)
  } catch (e) { console.log(p, g, 'ERR', e) }
}
const cols = 6
await sharp({ create: { width: cols * 384, height: Math.ceil(outs.length / cols) * 512, channels: 3, background: '#888' } })
  .composite(outs.map((b, i) => ({ input: b, left: (i % cols) * 384, top: Math.floor(i / cols) * 512 }))).png().toFile("/tmp/drape-engine/out/sheet.png")
