import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono, MiddlewareHandler } from 'hono'
import { loadFirstScreen } from './first-screen'
import { renderIndexHtml } from './index-html'
import type { SessionResolver } from '../platform/sessions'
import { type AppEnv, currentSession, sessionMiddleware } from './session'
import type { WebBuild } from './web-build'

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE_DAILY = 'public, max-age=86400, stale-while-revalidate=604800'
// The HTML carries the visitor's session: never stored by a shared cache or kept on disk.
const PERSONAL_HTML = 'private, no-store'
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/

/**
 * The built single-page app: hashed assets cached for a year, other files for a day, each sent as
 * the precompressed .br or .gz the build wrote when the client accepts it; every other GET path
 * is a client route and gets index.html with the session, the route's chunks and its first screen's
 * data (the SPA renders its own 404 screen).
 */
export function mountWebApp(app: Hono<AppEnv>, { root, build, sessions }: { root: string; build: WebBuild; sessions: SessionResolver }) {
  const serve = serveStatic({ root, precompressed: true })
  const file =
    (cacheControl: string): MiddlewareHandler =>
    async (c, next) => {
      const res = await serve(c, next)
      if (!res) return
      res.headers.set('cache-control', cacheControl)
      // Also on the uncompressed answer: a cache must not hand it to a client that takes br.
      if (COMPRESSIBLE_FILE.test(c.req.path)) res.headers.set('vary', 'Accept-Encoding')
      return res
    }
  const assets = file(IMMUTABLE)
  const files = file(REVALIDATE_DAILY)
  app.use('/assets/*', assets)
  // Real files only; dot-paths (the build's .vite/ manifest folder) are not served.
  app.use('*', (c, next) => (/\.[a-z0-9]+$/i.test(c.req.path) && !/\/\./.test(c.req.path) ? files(c, next) : next()))
  app.get('*', sessionMiddleware(sessions), async (c) => {
    const firstScreen = await loadFirstScreen(app, c)
    c.header('cache-control', PERSONAL_HTML)
    return c.html(renderIndexHtml(build.indexHtml, { session: currentSession(c), modulePreloads: build.routeChunks(c.req.path), fonts: build.fonts, firstScreen }))
  })
}
