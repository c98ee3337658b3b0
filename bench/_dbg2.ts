import fs from 'node:fs'
import { fitGarment } from '../src/server/tryon/engines/local/fit'
const p = JSON.parse(fs.readFileSync('/tmp/drape-engine/cache/p_01861_00.jpg.analysis.json', 'utf8')).model
const g = JSON.parse(fs.readFileSync('/tmp/drape-engine/cache/g_00126_00.jpg.analysis.json', 'utf8')).model
console.log(JSON.stringify(p.body), p.waistband)
console.log(JSON.stringify(g.landmarks))
const m = fitGarment(g, p.body, { ease: 1, lengthShift: 0 })
console.log('scale', m.scale)
const b = p.body
for (const [x, y] of [[b.shoulderL.x, b.shoulderL.y + 20], [b.shoulderL.x - 30, b.shoulderL.y + 20], [b.shoulderL.x, b.shoulderL.y + 80], [b.elbowL.x, b.elbowL.y], [b.shoulderL.x - 60, b.shoulderL.y + 10]]) console.log(x.toFixed(0), y.toFixed(0), JSON.stringify(m.sleeveL!(x, y)))
