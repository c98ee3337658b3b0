import path from 'node:path'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { features } from './features'
import { compressAnswers } from './http/compression'
import { errorBody, handleError, notFound, tooLarge } from './http/errors'
import { clientAddressMiddleware, headersWithClientAddress } from './http/client-address'
import { sameOriginOnly } from './http/csrf'
import { buildOpenApi } from './http/openapi'
import { inputGuard } from './http/input-guard'
import { apiDocsPage, mailboxPage } from './http/pages'
import { type AppEnv, sessionMiddleware } from './http/session'
import { mountWebApp } from './http/static'
import { readWebBuild } from './http/web-build'
import type { Platform } from './platform'
import { logger } from './platform/logger'
import { readDevMailbox } from './platform/mail'

export const JSON_BODY_LIMIT = 1024 * 1024
export const UPLOAD_BODY_LIMIT = 15 * 1024 * 1024

const isUpload = (contentType: string | undefined) => Boolean(contentType?.startsWith('multipart/form-data'))

/** The whole HTTP app: API under /api, the dev mailbox, and the built single-page app. */
export function createApp(p: Platform, opts: { webRoot?: string } = {}) {
  const app = new Hono<AppEnv>()
  app.onError(handleError)

  app.use('*', async (c, next) => {
    const start = performance.now()
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || crypto.randomUUID()
    c.set('requestId', requestId)
    c.header('x-request-id', requestId)
    await next()
    if (c.req.path.startsWith('/api/')) {
      logger.info('request', { requestId, method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - start) })
    }
  })
  app.use('*', compressAnswers())
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      crossOriginEmbedderPolicy: false,
      permissionsPolicy: { camera: ['self'], microphone: [], geolocation: [] },
    }),
  )

  app.use('*', clientAddressMiddleware(p.config.TRUST_PROXY))
  app.use('/api/*', sameOriginOnly(p.config.publicUrl))
  app.use('/api/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next()
    const limit = isUpload(c.req.header('content-type')) ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT
    return bodyLimit({ maxSize: limit, onError: () => { throw tooLarge(`The request is larger than ${Math.round(limit / 1024 / 1024)} MB.`) } })(c, next)
  })
  app.use('/api/*', inputGuard)

  // better-auth's own endpoints that a browser reaches directly: the verification link and the
  // social sign-in callbacks. Everything else goes through our account routes (their rate limits,
  // messages and error shape); better-auth's sign-in, sign-up and other endpoints are not exposed.
  const authPassthrough = async (c: Context<AppEnv>) => {
    const init: RequestInit = { headers: headersWithClientAddress(c.req.raw.headers, c.get('clientIp')) }
    // The input guard may have read the body already; better-auth gets it from Hono's cache then.
    if (c.req.raw.bodyUsed) init.body = await c.req.arrayBuffer()
    const res = await p.auth.handler(new Request(c.req.raw, init))
    if (res.ok || res.status < 400 || !res.headers.get('content-type')?.includes('json')) return res
    const body = (await res.json().catch(() => ({}))) as { code?: string; message?: string }
    return c.json(errorBody(body.code?.toLowerCase() ?? 'bad_request', body.message ?? 'Request failed.'), res.status as 400)
  }
  app.get('/api/auth/verify-email', authPassthrough)
  app.on(['GET', 'POST'], '/api/auth/callback/:provider', authPassthrough)

  const api = new Hono<AppEnv>()
  api.use('*', sessionMiddleware(p.sessions))
  for (const feature of features) if (feature.routes) api.route('/', feature.routes(p))
  app.route('/api', api)

  const openapi = buildOpenApi(app as never, { title: 'Drape', version: '1.0.0' })
  app.get('/api/openapi.json', (c) => c.json(openapi))
  app.get('/api/docs', (c) => c.html(apiDocsPage(openapi)))
  if (p.mailer.kind === 'dev') {
    app.get('/dev/mailbox', async (c) => {
      const mails = await readDevMailbox(p.mailer, p.db, c.req.query('key'), c.req.query('to'))
      if (!mails) throw notFound()
      c.header('cache-control', 'no-store')
      return c.html(mailboxPage(mails))
    })
  }
  app.all('/api/*', () => {
    throw notFound('No such API route.')
  })

  const webRoot = opts.webRoot ?? path.resolve(process.env.WEB_ROOT ?? 'dist/web')
  const build = readWebBuild(webRoot)
  if (build) mountWebApp(app, { root: webRoot, build, sessions: p.sessions })
  return app
}
