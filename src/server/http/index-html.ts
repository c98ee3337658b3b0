import type { Session } from '~/shared/auth'
import { FIRST_SCREEN_ELEMENT_ID, SESSION_ELEMENT_ID } from '~/shared/html-data'
import type { FirstScreenData } from './first-screen'

/** JSON for inside a <script> element: `<` escaped so no `</script>` or `<!--` can close it early. */
export const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

type Page = { session: Session | null; modulePreloads: string[]; fonts?: string[]; firstScreen?: FirstScreenData }

const dataBlock = (id: string, value: unknown) => `<script type="application/json" id="${id}">${scriptSafeJson(value)}</script>`

/**
 * The SPA's index.html for one request: the session answer of GET /api/session and the first
 * screen's API answers inline (JSON data blocks, which the CSP allows, so the first screen needs no
 * request before it can draw); a high-priority preload of the first screen's largest image, so it
 * loads beside the scripts; modulepreload links for the chunks of the requested route, fetched
 * beside the entry chunk; and preload links for the fonts of the entry stylesheet.
 */
export function renderIndexHtml(template: string, { session, modulePreloads, fonts = [], firstScreen }: Page) {
  const links = [
    ...(firstScreen?.images ?? []).map(
      (img) => `<link rel="preload" as="image" fetchpriority="high" href="${attr(img.href)}"${img.srcset ? ` imagesrcset="${attr(img.srcset)}"` : ''}${img.sizes ? ` imagesizes="${attr(img.sizes)}"` : ''}>`,
    ),
    ...fonts.map((href) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${attr(href)}">`),
    ...modulePreloads.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
  ].join('')
  const answers = firstScreen && Object.keys(firstScreen.answers).length ? dataBlock(FIRST_SCREEN_ELEMENT_ID, firstScreen.answers) : ''
  return template.replace('</head>', `${links}</head>`).replace('<body>', `<body>${dataBlock(SESSION_ELEMENT_ID, session)}${answers}`)
}
