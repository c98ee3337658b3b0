import type { Context, MiddlewareHandler } from 'hono'
import type { Session, SessionUser } from '~/shared/auth'
import type { SessionResolver } from '../platform/sessions'
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

/** Puts the signed-in user (or null) on the context. */
export function sessionMiddleware(sessions: SessionResolver): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const session = await sessions.resolve(c)
    c.set('user', session?.user ?? null)
    c.set('sessionExpiresAt', session?.expiresAt ?? null)
    await next()
  }
}

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
