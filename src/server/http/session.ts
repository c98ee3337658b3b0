import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { Session, SessionUser } from '~/shared/auth'
import { SESSION_COOKIE_PREFIX, type Auth } from '../features/auth/auth'
import { unauthorized } from './errors'

export type AppEnv = {
  Variables: {
    user: SessionUser | null
    sessionExpiresAt: Date | null
    requestId: string
  }
}

const SESSION_COOKIE = `${SESSION_COOKIE_PREFIX}.session_token`
const CACHE_TTL_MS = 10_000
const CACHE_MAX = 10_000

type Cached = { user: SessionUser; expiresAt: Date; until: number }

/**
 * Resolves the session cookie to a user. better-auth checks the signed token against the
 * database; the answer is kept for 10 s per signed cookie value (only values better-auth accepted
 * are ever cached, so a forged cookie never hits the cache). Sign-out and password reset forget
 * a user's entries at once on this instance.
 */
export function createSessionResolver(auth: Auth) {
  const cache = new Map<string, Cached>()
  const resolve = async (c: Context): Promise<Omit<Cached, 'until'> | null> => {
    const token = getCookie(c, SESSION_COOKIE)
    if (!token) return null
    const hit = cache.get(token)
    if (hit && hit.until > Date.now() && hit.expiresAt.getTime() > Date.now()) return hit
    const session = await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null)
    if (!session) {
      cache.delete(token)
      return null
    }
    const entry = { user: toSessionUser(session.user), expiresAt: new Date(session.session.expiresAt), until: Date.now() + CACHE_TTL_MS }
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!)
    cache.set(token, entry)
    return entry
  }
  const forgetUser = (userId: string) => {
    for (const [k, v] of cache) if (v.user.id === userId) cache.delete(k)
  }
  return { resolve, forgetUser, forgetAll: () => cache.clear() }
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
