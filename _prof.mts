import { fixture } from './src/server/tryon/engines/local/test-fixtures.ts'
import { decodeImage, analysePerson } from './src/server/tryon/engines/local/analysis.ts'
import { luminance, isSet } from './src/server/tryon/engines/local/raster.ts'
for (const n of process.argv.slice(2)) {
  const { rgb } = await decodeImage(fixture('persons', n))
  const a = await analysePerson(rgb)
  const L = luminance(rgb)
  const { body } = a.model
  const w = rgb.width, h = rgb.height
  for (const [e, wr] of [[body.elbowL, body.wristL], [body.elbowR, body.wristR]] as const) {
    const along = { x: wr.x - e.x, y: wr.y - e.y }; const len = Math.hypot(along.x, along.y)
    let across = { x: -along.y / len, y: along.x / len }; if (across.x < 0) across = { x: -across.x, y: -across.y }
    const bins = Array.from({ length: 11 }, () => [] as number[])
    const skinAt = (x: number, y: number) => x >= 0 && y >= 0 && x < w && y < h && isSet(a.masks.bareArms, Math.round(y) * w + Math.round(x))
    let rows = 0
    for (let t = 0.2; t <= 0.8; t += 0.02) {
      const c = { x: e.x + along.x * t, y: e.y + along.y * t }
      if (!skinAt(c.x, c.y)) continue
      const ext = (k: number) => { let d = 0; while (d < len && skinAt(c.x + across.x * k * (d + 1), c.y + across.y * k * (d + 1))) d++; return d }
      const [p, m] = [ext(1), ext(-1)]; const half = (p + m) / 2; const mid = (p - m) / 2
      if (half < 5) continue
      rows++
      const centre = { x: c.x + across.x * mid, y: c.y + across.y * mid }
      const Lc = L.data[Math.round(centre.y) * w + Math.round(centre.x)]!
      for (let b = 0; b < 11; b++) { const u = (b - 5) / 5 * 0.95; const q = { x: centre.x + across.x * u * half, y: centre.y + across.y * u * half }; bins[b]!.push(L.data[Math.round(q.y) * w + Math.round(q.x)]!) }
    }
    const med = (v: number[]) => v.sort((a, b) => a - b)[v.length >> 1]!
    const prof = bins.map(med); const c = prof[5]!
    console.log(n, 'rows', rows, prof.map((v) => (v / c).toFixed(2)).join(' '))
  }
}
process.exit(0)
