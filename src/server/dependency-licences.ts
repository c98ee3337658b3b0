import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

/**
 * Licences a production dependency may not carry: copyleft that would reach the app (or its users
 * over the network). LGPL is not among them: sharp loads libvips (LGPL-3.0) as a separate shared
 * library, which the LGPL permits without touching our code's licence.
 */
const DENIED = /\bA?GPL\b|\bSSPL\b|GNU (AFFERO )?GENERAL PUBLIC LICENSE|SERVER SIDE PUBLIC LICENSE/i

type LsNode = { version?: string; path?: string; missing?: boolean; dependencies?: Record<string, LsNode> }
/** A node of `npm ls --json --long`: the parts read here. */
const LsNodeSchema: z.ZodType<LsNode> = z.lazy(() =>
  z.object({ version: z.string().optional(), path: z.string().optional(), missing: z.boolean().optional(), dependencies: z.record(z.string(), LsNodeSchema).optional() }),
)
/** The licence fields of a package.json: SPDX text, the old `{ type }` object, or the older `licenses` list. */
const PackageLicenceSchema = z.object({
  license: z.union([z.string(), z.object({ type: z.string().optional() })]).optional(),
  licenses: z.array(z.object({ type: z.string().optional() })).optional(),
})
export type DeniedPackage = { name: string; version: string; licence: string; via: string[] }

/** The licence of an installed package: its package.json field, or the text of the file it points to. */
function licenceOf(dir: string): string {
  // Fields of another shape count as not declared: the licence file's text decides.
  const pkg = PackageLicenceSchema.safeParse(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'))).data ?? {}
  const declared = typeof pkg.license === 'string' ? pkg.license : (pkg.license?.type ?? pkg.licenses?.map((l) => l.type).join(' OR '))
  const file = declared?.match(/^SEE LICEN[CS]E IN (.+)$/i)?.[1]
  if (declared && !file) return declared
  const candidates = file ? [file] : fs.readdirSync(dir).filter((f) => /^(licen[cs]e|copying)/i.test(f))
  const text = candidates.map((f) => fs.readFileSync(path.join(dir, f), 'utf8').slice(0, 4000)).join('\n')
  return text.match(DENIED)?.[0] ?? (text ? `${candidates.join(', ')} (text)` : 'UNKNOWN')
}

/** An SPDX expression is allowed when one alternative of an OR is, and every part of an AND. */
export function allowed(licence: string): boolean {
  return licence
    .replace(/[()]/g, ' ')
    .split(/\s+OR\s+/i)
    .some((alternative) => alternative.split(/\s+AND\s+/i).every((part) => !DENIED.test(part)))
}

/** Every package of `npm ls --omit=dev --all` under `root` whose licence is denied, with the chain that pulls it in. */
export function deniedProductionPackages(root: string): DeniedPackage[] {
  // (npm ls exits non-zero on problems such as unmet optional peers; its JSON is complete all the same)
  const run = spawnSync('npm', ['ls', '--omit=dev', '--all', '--json', '--long'], { cwd: root, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 })
  if (!run.stdout) throw new Error(`npm ls failed: ${run.stderr}`)
  const tree = LsNodeSchema.parse(JSON.parse(run.stdout))
  const denied: DeniedPackage[] = []
  const seen = new Set<string>()
  const walk = (node: LsNode, via: string[]) => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (child.missing || !child.path || !fs.existsSync(child.path) || seen.has(child.path)) continue
      seen.add(child.path)
      const licence = licenceOf(child.path)
      if (!allowed(licence)) denied.push({ name, version: child.version ?? '?', licence, via })
      walk(child, [...via, name])
    }
  }
  walk(tree, [])
  return denied
}
