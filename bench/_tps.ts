import { thinPlateSpline } from '../src/server/tryon/engines/local/warp'
import { pt } from '../src/server/tryon/engines/local/geometry'
const from = [pt(100, 100), pt(300, 100), pt(100, 400), pt(300, 400), pt(200, 250)]
const to = from.map((p) => pt(p.x * 2 + 10, p.y * 2.5 - 5))
const m = thinPlateSpline(from, to, 0.01)
for (const p of [...from, pt(0, 0), pt(150, 300)]) console.log(p, m(p.x, p.y))
