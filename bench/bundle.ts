// First-load JavaScript of a route, gzipped: the entry chunk, the route's lazy screen chunk and
// everything they import statically, read from Vite's build manifest. Run after `npm run build`.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; css?: string[] }

const root = path.resolve(process.env.WEB_ROOT ?? 'dist/web')
const manifest = JSON.parse(fs.readFileSync(path.join(root, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>

function closure(keys: string[]) {
  const seen = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k)) return
    seen.add(k)
    for (const i of manifest[k]?.imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return [...seen]
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length
const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
const routes: Record<string, string> = {
  '/login': 'src/web/features/auth/LoginPage.tsx',
  '/register': 'src/web/features/auth/RegisterPage.tsx',
  '/feed': 'src/web/features/feed/FeedPage.tsx',
}
const budgetKb = 120
for (const [route, screen] of Object.entries(routes)) {
  if (!manifest[screen]) continue
  const keys = closure([entry, screen])
  const js = keys.reduce((sum, k) => sum + gz(manifest[k]!.file), 0)
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].reduce((sum, f) => sum + gz(f), 0)
  const verdict = route === '/login' ? (js / 1024 < budgetKb ? ` (budget ${budgetKb} KB: ok)` : ` (budget ${budgetKb} KB: OVER)`) : ''
  console.log(`${route.padEnd(10)} first-load JS ${(js / 1024).toFixed(1)} KB gzipped in ${keys.length} chunks, CSS ${(css / 1024).toFixed(1)} KB${verdict}`)
}
