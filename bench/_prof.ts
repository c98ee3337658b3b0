import fs from 'node:fs'
import { decode } from '../src/server/tryon/engines/local/raster'
import { segmentForeground } from '../src/server/tryon/engines/local/segmenter'
import { detectPose } from '../src/server/tryon/engines/local/pose'
import { personModel, personMasks, waistband } from '../src/server/tryon/engines/local/person-analysis'
const F = '/work/shared/fixtures/tryon/persons/' + process.argv[2]
let t = performance.now()
const lap = (m: string) => { const n = performance.now(); console.log(m, Math.round(n - t)); t = n }
const { rgb } = await decode(fs.readFileSync(F)); lap('decode')
const seg = await segmentForeground(rgb); lap('seg')
const pose = await detectPose(rgb); lap('pose')
const m = personModel(rgb, pose); lap('model')
const masks = personMasks(rgb, seg, m.body, m.skin); lap('masks')
console.log('waistband', waistband(rgb, masks, m.body, m.skin)); lap('waistband')
import sharp from 'sharp'
const vis = Buffer.alloc(rgb.width * rgb.height * 3)
for (let i = 0; i < rgb.width * rgb.height; i++) {
  vis[i * 3] = masks.clothing.data[i]! * 255
  vis[i * 3 + 1] = masks.keep.data[i]! * 255
  vis[i * 3 + 2] = masks.person.data[i]! * 120
}
await sharp(vis, { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).resize(384).png().toFile('/tmp/drape-engine/out/masks-' + process.argv[2] + '.png')
console.log(JSON.stringify(m))
