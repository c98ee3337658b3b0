export type ApiQuery = Record<string, string | number | boolean | undefined | null>

/**
 * The URL of an API request as the web app's `api()` sends it: `/api<path>` and the query in the
 * given order, empty values left out. The server spells the first screen's inlined answers with it,
 * so that they are found under the very URL the screen asks for.
 */
export function apiUrl(path: string, query?: ApiQuery) {
  const entries = Object.entries(query ?? {}).filter((e): e is [string, string | number | boolean] => e[1] !== undefined && e[1] !== null && e[1] !== '')
  const qs = new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()
  return `/api${path}${qs ? `?${qs}` : ''}`
}
