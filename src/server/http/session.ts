import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Session, SessionUser } from '~/shared/auth'
import type { RawSql } from '../db/client'
import { isDatabaseUnavailable } from '../db/unavailable'
import type { Auth } from '../features/auth/auth'
import { unauthorized } from './errors'

export type AppEnv = {
  Variables: {
    user: SessionUser | null
    sessionExpiresAt: Date | null
    requestId: string
    /** The client's address (see http/client-address.ts). */
    clientIp: string
  }
}

type ResolvedSession = { user: SessionUser; expiresAt: Date }
type Cached = ResolvedSession & { token: string; until: number }

const CACHE_TTL_MS = 10_000
const CACHE_MAX = 10_000

/** A session that cannot be read is no session, unless the database is down: then the request answers 503, not 401. */
function nullUnlessUnavailable(err: unknown): null {
  if (isDatabaseUnavailable(err)) throw err
  return null
}

/**
 * Resolves the session cookie to a user. better-auth checks the signed cookie and loads the
 * session and user; that answer is kept for 10 s per signed cookie value (only values better-auth
 * accepted are ever cached). Every request still checks that the session row exists, one indexed
 * lookup, so that a session signed out or revoked by a password reset is refused at once on every
 * instance. Requests without the session cookie (named with the `__Secure-` prefix behind an
 * https PUBLIC_URL) never reach the database.
 */
export function createSessionResolver(auth: Auth, sql: RawSql) {
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name)
  const cache = new Map<string, Cached>()
  // Raw SQL: this runs on every signed-in request, and the query builder doubles its cost.
  const stillValid = async (token: string) => (await sql.query('select 1 from sessions where token = $1 and expires_at > now()', [token])).length > 0

  const resolve = async (c: Context): Promise<ResolvedSession | null> => {
    const signed = getCookie(c, await cookieName)
    if (!signed) return null
    const hit = cache.get(signed)
    if (hit && hit.until > Date.now()) {
      if (await stillValid(hit.token)) return hit
      cache.delete(signed)
      return null
    }
    const session = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true } }).catch(nullUnlessUnavailable)
    if (!session) {
      cache.delete(signed)
      return null
    }
    const entry = { user: toSessionUser(session.user), expiresAt: new Date(session.session.expiresAt), token: session.session.token, until: Date.now() + CACHE_TTL_MS }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
    cache.set(signed, entry)
    return entry
  }
  return { resolve }
}
export type SessionResolver = ReturnType<typeof createSessionResolver>

/** Puts the signed-in user (or null) on the context. */
export function sessionMiddleware(sessions: SessionResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await sessions.resolve(c)
    c.set('user', session?.user ?? null)
    c.set('sessionExpiresAt', session?.expiresAt ?? null)
    await next()
  }
}

export const toSessionUser = (u: { id: string; email: string; emailVerified: boolean; name: string; image?: string | null }): SessionUser => ({
  id: u.id,
  email: u.email,
  emailVerified: u.emailVerified,
  name: u.name,
  image: u.image ?? null,
})

/** The answer of GET /api/session (also inlined into index.html): the user and the session's end, or null. */
export function currentSession(c: Context<AppEnv>): Session | null {
  const user = c.get('user')
  const expiresAt = c.get('sessionExpiresAt')
  return user && expiresAt ? { user, expiresAt: expiresAt.toISOString() } : null
}

/** The signed-in user, or a 401 in the error shape. Every query of user data is scoped by its id. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user
}
