import type { Context, MiddlewareHandler } from 'hono'
import type { SessionUser } from '~/shared/auth'
import type { Auth } from '../features/auth/auth'
import { unauthorized } from './errors'

export type AppEnv = {
  Variables: {
    user: SessionUser | null
    sessionExpiresAt: Date | null
    requestId: string
  }
}

/** Reads the session cookie once per request and puts the user (or null) on the context. */
export function sessionMiddleware(auth: Auth): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = c.req.header('cookie') ? await auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null) : null
    c.set('user', session ? toSessionUser(session.user) : null)
    c.set('sessionExpiresAt', session ? new Date(session.session.expiresAt) : null)
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
