import type { SignInInput, SignUpInput } from '~/shared/auth'
import { M } from '~/shared/messages'
import { api, ApiRequestError } from '../../lib/api'

// The answers' schemas load with the first call, not with the screen: the login screen's first
// load carries no zod (issue #13, a 90 KB budget).
const schemas = () => import('~/shared/auth')

export const signIn = async (body: SignInInput) => api('/account/login', { body, schema: (await schemas()).SessionSchema })
export const register = async (body: SignUpInput) => api('/account/register', { body, schema: (await schemas()).StatusSchema })
export const resendVerification = async (email: string) => api('/account/resend', { body: { email }, schema: (await schemas()).StatusSchema })
export const requestPasswordReset = async (email: string) => api('/account/forgot-password', { body: { email }, schema: (await schemas()).StatusSchema })
export const resetPassword = async (body: { token: string; password: string; confirmPassword: string }) =>
  api('/account/reset-password', { body, schema: (await schemas()).StatusSchema })
/** Which providers are configured (the server inlines this answer into /login's HTML). */
export const socialProviders = async () => api('/account/providers', { schema: (await schemas()).AuthConfigSchema })
export const startSocialSignIn = async (provider: string) => api(`/account/social/${provider}`, { method: 'POST', schema: (await schemas()).SocialSignInSchema })

/** Spec part 1 §8: the message shown for a failed sign-in. */
export function signInError(err: unknown) {
  if (!(err instanceof ApiRequestError)) return M.couldNotSignIn
  if (err.code === 'email_not_confirmed' || /email not confirmed/i.test(err.message)) return M.emailNotConfirmed
  if (err.code === 'invalid_credentials' || /invalid/i.test(err.message)) return M.invalidCredentials
  return err.message || M.couldNotSignIn
}

/** Spec part 1 §8: the message shown for a failed sign-up. */
export function signUpError(err: unknown) {
  if (!(err instanceof ApiRequestError)) return M.couldNotRegister
  if (err.code === 'account_exists') return M.accountExists
  if (err.status === 429 || /rate limit/i.test(err.message)) return M.signUpRateLimit
  return err.message || M.couldNotRegister
}

/** Spec part 1 §8: the message shown for a failed resend. */
export function resendError(err: unknown) {
  if (!(err instanceof ApiRequestError) || err.status === 0) return M.unexpectedError
  if (err.status === 429 || /rate limit/i.test(err.message)) return M.resendRateLimit
  if (err.code === 'already_confirmed' || /signup/i.test(err.message)) return M.alreadyConfirmed
  return err.message || M.couldNotResend
}
