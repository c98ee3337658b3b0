// First-load JavaScript of every route, gzipped (level 9, each file on its own): the entry chunk,
// the route's lazy screen chunk and everything they import statically, read from Vite's build
// manifest and the route table the build writes. Budgets (issue #13, decision 0002): /login 90 KB,
// every other route 130 KB. Run after `npm run build`; exits 1 when a route is over.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { entryKey, ManifestSchema, RouteTableSchema, staticClosure } from '../src/server/http/web-build'

const root = path.resolve(process.env.WEB_ROOT ?? 'dist/web')
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'))
const manifest = ManifestSchema.parse(read('.vite/manifest.json'))
const routes = RouteTableSchema.parse(read('.vite/routes.json'))

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(root, file)), { level: 9 }).length
const kb = (bytes: number) => (bytes / 1024).toFixed(1)
const budgetKb = (route: string) => (route === '/login' ? 90 : 130)
const entry = entryKey(manifest)!

let over = 0
for (const { path: route, screen } of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
  const keys = staticClosure(manifest, [entry, screen])
  const js = keys.reduce((sum, k) => sum + gz(manifest[k]!.file), 0)
  const css = [...new Set(keys.flatMap((k) => manifest[k]!.css ?? []))].reduce((sum, f) => sum + gz(f), 0)
  const ok = js / 1024 <= budgetKb(route)
  if (!ok) over++
  console.log(`${route.padEnd(28)} first-load JS ${kb(js).padStart(5)} KB gzipped in ${String(keys.length).padStart(2)} chunks, CSS ${kb(css)} KB (budget ${budgetKb(route)} KB: ${ok ? 'ok' : 'OVER'})`)
}
if (over) process.exitCode = 1
