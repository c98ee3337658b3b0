import type { Context } from 'hono'
import { getCookie } from 'hono/cookie'
import type { SessionUser } from '~/shared/auth'
import type { RawSql } from '../db/client'
import { isDatabaseUnavailable } from '../db/unavailable'
import type { Auth } from './auth'

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
    const [oldest] = cache.size >= CACHE_MAX ? cache.keys() : []
    if (oldest !== undefined) cache.delete(oldest)
    cache.set(signed, entry)
    return entry
  }
  return { resolve }
}
export type SessionResolver = ReturnType<typeof createSessionResolver>

export const toSessionUser = (u: { id: string; email: string; emailVerified: boolean; name: string; image?: string | null }): SessionUser => ({
  id: u.id,
  email: u.email,
  emailVerified: u.emailVerified,
  name: u.name,
  image: u.image ?? null,
})
