import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'
import { bestRoute } from '~/shared/route-path'

const files = z.array(z.string()).optional()
/** One entry of Vite's build manifest (`.vite/manifest.json`). */
const ManifestChunkSchema = z.object({ file: z.string(), src: z.string().optional(), imports: files, dynamicImports: files, isEntry: z.boolean().optional(), css: files, assets: files })
export type ManifestChunk = z.infer<typeof ManifestChunkSchema>
export const ManifestSchema = z.record(z.string(), ManifestChunkSchema)
export type Manifest = z.infer<typeof ManifestSchema>
/** `.vite/routes.json`, written by scripts/vite/route-table.ts: each client route and its screen module. */
export const RouteTableSchema = z.array(z.object({ path: z.string(), screen: z.string() }))
export type RouteScreen = z.infer<typeof RouteTableSchema>[number]

/** The manifest keys `keys` load statically: themselves and everything they import, transitively. */
export function staticClosure(manifest: Manifest, keys: string[]) {
  const seen = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k) || !manifest[k]) return
    seen.add(k)
    for (const i of manifest[k].imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return [...seen]
}

export const entryKey = (manifest: Manifest) => Object.keys(manifest).find((k) => manifest[k]?.isEntry)

/** A production build of the web app in `webRoot` (index.html, manifest, route table), or null. */
export function readWebBuild(webRoot: string) {
  const read = (file: string) => fs.readFileSync(path.join(webRoot, file), 'utf8')
  if (!fs.existsSync(path.join(webRoot, 'index.html'))) return null
  // A build this server cannot read stops it at start-up, naming what is wrong.
  const manifest = ManifestSchema.parse(JSON.parse(read('.vite/manifest.json')))
  const routes = RouteTableSchema.parse(JSON.parse(read('.vite/routes.json')))
  const entry = entryKey(manifest)
  const inEntry = new Set(entry ? staticClosure(manifest, [entry]) : [])
  // The entry's own imports: without Vite's preload list (build.modulePreload: false) the browser
  // finds them only once the entry has arrived, a round trip later.
  const entryImports = [...inEntry].filter((k) => k !== entry)
  return {
    indexHtml: read('index.html'),
    /** The entry stylesheet's woff2 fonts (the wordmark's serif): preloaded so text does not reflow when they arrive. */
    fonts: (entry ? (manifest[entry]?.assets ?? []) : []).filter((f) => f.endsWith('.woff2')).map((f) => `/${f}`),
    /** The JS files to preload for `pathname`: the entry's imports, then those of its screen beyond them. */
    routeChunks(pathname: string): string[] {
      const match = bestRoute(routes, pathname)
      const screen = match ? staticClosure(manifest, [match.route.screen]).filter((k) => !inEntry.has(k)) : []
      return [...entryImports, ...screen].flatMap((k) => { const chunk = manifest[k]; return chunk ? [`/${chunk.file}`] : [] })
    },
  }
}
export type WebBuild = NonNullable<ReturnType<typeof readWebBuild>>
