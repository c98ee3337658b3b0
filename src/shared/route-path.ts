/** The route patterns of the web app: static segments, `:param` segments and a final `*`. */
export type RouteParams = Record<string, string>

const segments = (path: string) => path.split('/').filter(Boolean)

const decode = (s: string) => {
  try {
    return decodeURIComponent(s)
  } catch {
    return s
  }
}

/** The params of `pathname` under `pattern` (case-insensitive, trailing slash optional), or null. */
export function matchRoutePath(pattern: string, pathname: string): RouteParams | null {
  const want = segments(pattern)
  const have = segments(pathname)
  const params: RouteParams = {}
  for (const [i, w] of want.entries()) {
    if (w === '*') {
      params['*'] = have.slice(i).map(decode).join('/')
      return params
    }
    const h = have[i]
    if (h === undefined) return null
    if (w.startsWith(':')) params[w.slice(1)] = decode(h)
    else if (w.toLowerCase() !== h.toLowerCase()) return null
  }
  return have.length === want.length ? params : null
}

// Static segments outrank params, which outrank the catch-all, whatever the order of the table.
const score = (pattern: string) => segments(pattern).reduce((s, seg) => s + (seg === '*' ? -2 : seg.startsWith(':') ? 3 : 10), 0)

/** The most specific route whose pattern matches `pathname`, with its params. */
export function bestRoute<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: RouteParams } | null {
  let best: { route: R; params: RouteParams; score: number } | null = null
  for (const route of routes) {
    const params = matchRoutePath(route.path, pathname)
    if (!params) continue
    const s = score(route.path)
    if (!best || s > best.score) best = { route, params, score: s }
  }
  return best && { route: best.route, params: best.params }
}
