import { APIError } from 'better-auth/api'
import { eq } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  AuthConfigSchema,
  ForgotPasswordSchema,
  ResendSchema,
  ResetPasswordSchema,
  MaybeSessionSchema,
  SessionSchema,
  SignInSchema,
  SignUpSchema,
  SocialSignInSchema,
  SOCIAL_PROVIDERS,
  StatusSchema,
} from '~/shared/auth'
import { M } from '~/shared/messages'
import { users } from '../../db/schema'
import { AppError, badRequest, conflict, unauthorized } from '../../http/errors'
import { describe } from '../../http/openapi'
import { type AppEnv, currentSession } from '../../http/session'
import { headersWithClientAddress } from '../../http/client-address'
import { json } from '../../http/validate'
import type { Platform } from '../../platform'
import { hit, record, refuseOver } from '../../platform/rate-limit'
import { enabledSocialProviders } from '../../platform/auth'

/** `link=verify` tells the callback screen it was reached from a mailed link (a reused one lands signed out). */
const CALLBACK_PATH = '/auth/callback?link=verify'

/** Sign-in attempts one address may make in 10 minutes, whatever the account. */
const LOGIN_ATTEMPTS_PER_ADDRESS = 60
/**
 * Wrong passwords one address may send for one account in 15 minutes. The count is per address,
 * so a guesser slows down without locking the owner (signing in from elsewhere) out.
 */
const LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT = 10
const LOGIN_FAILURE_WINDOW_SECONDS = 900

/** Copies better-auth's Set-Cookie headers onto our response. */
function forwardCookies(c: Context, headers: Headers | null | undefined) {
  for (const cookie of headers?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true })
}

const authErrorCode = (err: unknown) => (err instanceof APIError ? String((err.body as { code?: string } | undefined)?.code ?? '') : '')

export function accountRoutes(p: Platform) {
  const { auth, db, config } = p
  const limit = async (scope: string, keys: string[], max: number, windowSeconds: number, message: string) => {
    if (!config.RATE_LIMIT) return
    for (const key of keys) await hit(db, `${scope}:${key}`, max, windowSeconds, message)
  }
  const authHeaders = (c: Context<AppEnv>) => headersWithClientAddress(c.req.raw.headers, c.get('clientIp'))
  const findUser = async (email: string) =>
    (await db.select({ id: users.id, emailVerified: users.emailVerified }).from(users).where(eq(users.email, email)).limit(1))[0]
  const sendVerification = (email: string) => auth.api.sendVerificationEmail({ body: { email, callbackURL: CALLBACK_PATH } })

  return new Hono<AppEnv>()
    // null (not a 401) when signed out: asking whether anyone is signed in is not an error.
    .get('/session', describe({ summary: 'The signed-in session, or null', tags: ['account'], response: MaybeSessionSchema }), (c) => c.json(currentSession(c)))
    .get('/account/providers', describe({ summary: 'Social sign-in providers and whether each is configured', tags: ['account'], response: AuthConfigSchema }), (c) => {
      const enabled = new Set(enabledSocialProviders(config))
      return c.json({ providers: SOCIAL_PROVIDERS.map((s) => ({ ...s, enabled: enabled.has(s.id) })) })
    })
    .post('/account/register', describe({ summary: 'Create an account and send the verification mail', tags: ['account'], response: StatusSchema }), json(SignUpSchema), async (c) => {
      const { email, password } = c.req.valid('json')
      await limit('register', [c.get('clientIp'), email], 10, 600, M.signUpRateLimit)
      const existing = await findUser(email)
      if (existing) {
        // The spec: signing up again resends the verification mail; a verified account is taken.
        if (existing.emailVerified) throw conflict(M.accountExists, 'account_exists')
        await sendVerification(email)
        return c.json({ status: 'verification_sent' })
      }
      try {
        await auth.api.signUpEmail({ body: { email, password, name: email.split('@')[0] ?? '', callbackURL: CALLBACK_PATH } })
      } catch (err) {
        if (err instanceof APIError) throw badRequest(err.message || M.couldNotRegister)
        throw err
      }
      return c.json({ status: 'verification_sent' }, 201)
    })
    .post('/account/resend', describe({ summary: 'Send the verification mail again', tags: ['account'], response: StatusSchema }), json(ResendSchema), async (c) => {
      const { email } = c.req.valid('json')
      await limit('resend', [c.get('clientIp'), email], 5, 300, M.resendRateLimit)
      const existing = await findUser(email)
      if (!existing || existing.emailVerified) throw new AppError(400, 'already_confirmed', M.alreadyConfirmed)
      await sendVerification(email)
      return c.json({ status: 'verification_sent' })
    })
    .post('/account/login', describe({ summary: 'Sign in with e-mail and password', tags: ['account'], response: SessionSchema }), json(SignInSchema), async (c) => {
      const { email, password } = c.req.valid('json')
      const failures = `login-failed:${c.get('clientIp')}:${email}`
      await limit('login', [c.get('clientIp')], LOGIN_ATTEMPTS_PER_ADDRESS, 600, M.signUpRateLimit)
      if (config.RATE_LIMIT) await refuseOver(db, failures, LOGIN_FAILURES_PER_ADDRESS_AND_ACCOUNT, LOGIN_FAILURE_WINDOW_SECONDS, M.signUpRateLimit)
      try {
        const { headers, response } = await auth.api.signInEmail({ body: { email, password }, headers: authHeaders(c), returnHeaders: true })
        forwardCookies(c, headers)
        const session = await auth.api.getSession({ headers: new Headers({ cookie: headers.getSetCookie().map((s) => s.split(';')[0]).join('; ') }) })
        return c.json({ user: response.user, expiresAt: session?.session.expiresAt ?? new Date(Date.now() + 864e5).toISOString() })
      } catch (err) {
        const code = authErrorCode(err)
        if (code === 'EMAIL_NOT_VERIFIED') throw new AppError(403, 'email_not_confirmed', M.emailNotConfirmed)
        if (code === 'INVALID_EMAIL_OR_PASSWORD' || code === 'INVALID_EMAIL' || code === 'INVALID_PASSWORD') {
          if (config.RATE_LIMIT) await record(db, failures, LOGIN_FAILURE_WINDOW_SECONDS)
          throw new AppError(401, 'invalid_credentials', M.invalidCredentials)
        }
        if (err instanceof APIError) throw badRequest(err.message || M.couldNotSignIn)
        throw err
      }
    })
    .post('/account/logout', describe({ summary: 'Sign out', tags: ['account'], response: StatusSchema }), async (c) => {
      const user = c.get('user')
      if (!user) return c.json({ status: 'signed_out' })
      const { headers } = await auth.api.signOut({ headers: authHeaders(c), returnHeaders: true })
      forwardCookies(c, headers)
      return c.json({ status: 'signed_out' })
    })
    .post('/account/forgot-password', describe({ summary: 'Mail a password reset link', tags: ['account'], response: StatusSchema }), json(ForgotPasswordSchema), async (c) => {
      const { email } = c.req.valid('json')
      await limit('forgot', [c.get('clientIp'), email], 5, 600, M.resendRateLimit)
      // Same answer whether or not the account exists.
      await auth.api.requestPasswordReset({ body: { email, redirectTo: '/reset-password' } })
      return c.json({ status: 'reset_sent' })
    })
    .post('/account/reset-password', describe({ summary: 'Set a new password with a reset token', tags: ['account'], response: StatusSchema }), json(ResetPasswordSchema), async (c) => {
      const { token, password } = c.req.valid('json')
      await limit('reset', [c.get('clientIp')], 10, 600, M.signUpRateLimit)
      try {
        await auth.api.resetPassword({ body: { token, newPassword: password } })
      } catch (err) {
        if (err instanceof APIError) throw new AppError(400, 'invalid_token', 'This reset link is invalid or has expired. Ask for a new one.')
        throw err
      }
      return c.json({ status: 'password_reset' })
    })
    .post(
      '/account/social/:provider',
      describe({ summary: 'Start signing in with a social provider', tags: ['account'], response: SocialSignInSchema }),
      async (c) => {
        const provider = c.req.param('provider')
        if (!enabledSocialProviders(config).includes(provider)) throw badRequest('This sign-in option is not available.')
        const { headers, response } = await auth.api.signInSocial({
          body: { provider: provider as 'google', callbackURL: '/feed', errorCallbackURL: '/login' },
          headers: authHeaders(c),
          returnHeaders: true,
        })
        forwardCookies(c, headers)
        if (!response.url) throw unauthorized(M.couldNotSignIn)
        return c.json({ url: response.url })
      },
    )
}
