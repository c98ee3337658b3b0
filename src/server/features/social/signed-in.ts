import type { MiddlewareHandler } from 'hono'
import { type AppEnv, requireUser } from '../../http/session'

/** Answers 401 before any validator runs, so a signed-out caller never sees validation errors. */
export const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  requireUser(c)
  await next()
}
