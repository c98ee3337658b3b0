import path from 'node:path'
import type { Plugin } from 'vite'

/** `.vite/routes.json`: each client route path with the manifest key of its lazy screen module. */
export const ROUTE_TABLE_FILE = '.vite/routes.json'

type Node = { type: string; [key: string]: unknown }
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && typeof (v as Node).type === 'string'

function* walk(node: unknown): Generator<Node> {
  if (Array.isArray(node)) for (const n of node) yield* walk(n)
  else if (isNode(node)) {
    yield node
    for (const [key, value] of Object.entries(node)) if (key !== 'parent') yield* walk(value)
  }
}

/** `lazy(() => import('./X'))` → './X'. */
function lazyImportSource(expr: unknown): string | undefined {
  if (!isNode(expr) || expr.type !== 'CallExpression') return undefined
  const [loader] = expr.arguments as unknown[]
  if (!isNode(loader) || loader.type !== 'ArrowFunctionExpression') return undefined
  const body = loader.body as Node
  const source = body.type === 'ImportExpression' ? (body.source as Node) : undefined
  return source?.type === 'Literal' && typeof source.value === 'string' ? source.value : undefined
}

const propertyValue = (obj: Node, name: string) =>
  (obj.properties as Node[]).find((p) => p.type === 'Property' && isNode(p.key) && p.key.type === 'Identifier' && p.key.name === name)?.value as Node | undefined

/**
 * Reads the route tables of `src/web/features/<area>/routes.ts` (objects with a string `path` and a
 * `Component` that is `lazy(() => import(...))`, inline or through a module-level constant) and
 * writes which screen module each path loads. The server uses it to preload a route's chunks with
 * the HTML; bench/bundle.ts to measure every route's first load.
 */
export function routeTable(): Plugin {
  const routes = new Map<string, string>()
  let root = ''
  return {
    name: 'drape:route-table',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    async transform(code, id) {
      if (!/[\\/]src[\\/]web[\\/]features[\\/][^\\/]+[\\/]routes\.tsx?$/.test(id)) return null
      const program = this.parse(code)
      const constants = new Map<string, unknown>()
      for (const n of walk(program)) if (n.type === 'VariableDeclarator' && isNode(n.id) && n.id.type === 'Identifier') constants.set(n.id.name as string, n.init)
      for (const n of walk(program)) {
        if (n.type !== 'ObjectExpression') continue
        const routePath = propertyValue(n, 'path')
        const component = propertyValue(n, 'Component')
        if (routePath?.type !== 'Literal' || typeof routePath.value !== 'string' || !component) continue
        const source = lazyImportSource(component.type === 'Identifier' ? constants.get(component.name as string) : component)
        const resolved = source && (await this.resolve(source, id))
        if (resolved) routes.set(routePath.value, path.relative(root, resolved.id).split(path.sep).join('/'))
      }
      return null
    },
    generateBundle() {
      const table = [...routes].map(([routePath, screen]) => ({ path: routePath, screen }))
      this.emitFile({ type: 'asset', fileName: ROUTE_TABLE_FILE, source: JSON.stringify(table, null, 1) })
    },
  }
}
