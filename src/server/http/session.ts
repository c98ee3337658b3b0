import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import type { SessionUser } from '~/shared/auth'
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

/**
 * Resolves the session cookie to a user. better-auth checks the signed token against the
 * database on every request, with no cache on any side, so that a session signed out or revoked
 * by a password reset is refused at once on every instance. Requests without the session cookie
 * (its name has the `__Secure-` prefix behind an https PUBLIC_URL) never reach the database.
 */
export function createSessionResolver(auth: Auth) {
  const cookieName = auth.$context.then((ctx) => ctx.authCookies.sessionToken.name)
  const resolve = async (c: Context): Promise<ResolvedSession | null> => {
    if (!getCookie(c, await cookieName)) return null
    const session = await auth.api.getSession({ headers: c.req.raw.headers, query: { disableCookieCache: true } }).catch(() => null)
    if (!session) return null
    return { user: toSessionUser(session.user), expiresAt: new Date(session.session.expiresAt) }
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

/** The signed-in user, or a 401 in the error shape. Every query of user data is scoped by its id. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user')
  if (!user) throw unauthorized()
  return user
}
