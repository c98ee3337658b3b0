import fs from 'node:fs'
import { analysisOf } from '../src/server/tryon/engines/local/analysis'
import { fitGarment } from '../src/server/tryon/engines/local/fit'
const F = '/work/shared/fixtures/tryon/'
const [p, g] = process.argv.slice(2)
const person = await analysisOf({ key: 'p', data: fs.readFileSync(F + 'persons/' + p), contentType: 'image/jpeg' }, 'person', undefined)
const garment = await analysisOf({ key: 'g', data: fs.readFileSync(F + 'garments/' + g), contentType: 'image/jpeg' }, 'garment', undefined)
console.log(JSON.stringify(person.analysis.model, null, 0))
console.log(JSON.stringify(garment.analysis.model, null, 0))
const m = fitGarment(garment.analysis.model, person.analysis.model.body, { ease: 1, lengthShift: 0 })
const b = person.analysis.model.body
for (const q of [b.shoulderL, b.shoulderR, b.hipL, b.hipR]) console.log(q, m.body(q.x, q.y))
console.log('scale', m.scale, 'hemY', m.hemY)
