import { AuthConfigSchema, SessionSchema, SocialSignInSchema, StatusSchema, type SignInInput, type SignUpInput } from '~/shared/auth'
import { M } from '~/shared/messages'
import { api, ApiRequestError, inlinedAnswer } from '../../lib/api'

export const signIn = (body: SignInInput) => api('/account/login', { body, schema: SessionSchema })
export const register = (body: SignUpInput) => api('/account/register', { body, schema: StatusSchema })
export const resendVerification = (email: string) => api('/account/resend', { body: { email }, schema: StatusSchema })
export const requestPasswordReset = (email: string) => api('/account/forgot-password', { body: { email }, schema: StatusSchema })
export const resetPassword = (body: { token: string; password: string; confirmPassword: string }) => api('/account/reset-password', { body, schema: StatusSchema })
export const socialProviders = () => api('/account/providers', { schema: AuthConfigSchema })
/** The providers the server inlined into /login's HTML: the buttons draw with the form, not one task later (a layout shift). */
export const inlinedProviders = () => inlinedAnswer('/account/providers', { schema: AuthConfigSchema })
export const startSocialSignIn = (provider: string) => api(`/account/social/${provider}`, { method: 'POST', schema: SocialSignInSchema })

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
