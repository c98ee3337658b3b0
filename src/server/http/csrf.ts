import type { MiddlewareHandler } from 'hono'
import { forbidden } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Providers that answer with a cross-site form POST (Apple); better-auth checks their `state`. */
const OAUTH_CALLBACKS = '/api/auth/callback/'

/**
 * Refuses state-changing requests that a browser sent from another site: an `Origin` other than
 * ours, or (where a browser sends no Origin) `Sec-Fetch-Site` other than same-origin or none.
 * Requests with neither header do not come from a browser page and carry no ambient cookie risk.
 */
export function sameOriginOnly(publicUrl: string): MiddlewareHandler {
  const ours = new URL(publicUrl).origin
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith(OAUTH_CALLBACKS)) return next()
    const origin = c.req.header('origin') || undefined
    const site = c.req.header('sec-fetch-site')
    const allowed = origin !== undefined ? origin === ours : site === undefined || site === 'same-origin' || site === 'none'
    if (!allowed) throw forbidden('This request did not come from Drape. Reload the page and try again.')
    await next()
  }
}
