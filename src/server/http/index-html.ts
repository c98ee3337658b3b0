import type { Session } from '~/shared/auth'
import { SESSION_ELEMENT_ID } from '~/shared/session-element'

/** JSON for inside a <script> element: `<` escaped so no `</script>` or `<!--` can close it early. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;')

/**
 * The SPA's index.html for one request: the session answer of GET /api/session inline (a JSON data
 * block, which the CSP allows, so the first screen needs no request before it can draw) and
 * modulepreload links for the chunks of the requested route, fetched beside the entry chunk, and
 * preload links for the fonts of the entry stylesheet.
 */
export function renderIndexHtml(template: string, { session, modulePreloads, fonts = [] }: { session: Session | null; modulePreloads: string[]; fonts?: string[] }) {
  const links = [
    ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${attr(href)}">`),
    ...modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
  ].join('')
  const data = `<script type="application/json" id="${SESSION_ELEMENT_ID}">${scriptSafeJson(session)}</script>`
  return template.replace('</head>', `${links}</head>`).replace('<body>', `<body>${data}`)
}
