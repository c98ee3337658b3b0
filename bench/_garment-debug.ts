import fs from 'node:fs'
import sharp from 'sharp'
import { decode } from '../src/server/tryon/engines/local/raster'
import { segmentForeground } from '../src/server/tryon/engines/local/segmenter'
import { garmentMask, garmentModel } from '../src/server/tryon/engines/local/garment-analysis'
const dir = '/work/shared/fixtures/tryon/garments/'
for (const f of fs.readdirSync(dir).sort()) {
  const t = Date.now()
  const { rgb } = await decode(fs.readFileSync(dir + f))
  const seg = await segmentForeground(rgb)
  const t1 = Date.now()
  const mask = garmentMask(rgb, seg)
  const m = garmentModel(rgb, mask)
  const L = m.landmarks
  const pts = Object.entries(L).filter(([, v]) => v).map(([k, v]) => `<circle cx="${v!.x}" cy="${v!.y}" r="9" fill="${k.includes('sleeve') ? 'blue' : k.includes('armpit') ? 'red' : k.includes('shoulder') ? 'orange' : 'lime'}"/>`)
  const chest = L.armpitR.x - L.armpitL.x
  console.log(f, m.type, 'seg', t1 - t, 'model', Date.now() - t1, 'ratio', ((m.bbox.y1 - Math.max(L.armpitL.y, L.armpitR.y)) / chest).toFixed(2))
  const shown = Buffer.from(rgb.data.map((v, i) => (mask.data[Math.floor(i / 3)]! ? v : v * 0.4)))
  await sharp(shown, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .composite([{ input: Buffer.from(`<svg width="${rgb.width}" height="${rgb.height}">${pts.join('')}</svg>`) }])
    .png().toBuffer().then((b) => sharp(b).resize(256).png().toFile(`/tmp/drape-engine/out/g-${f}.png`))
}
