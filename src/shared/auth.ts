import { z } from 'zod/mini'
import { M } from './messages'

export const PASSWORD_MIN_LENGTH = 8

/** An email as typed: trimmed, lower-cased, at most 254 characters, then `checks`. */
const email = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, M.invalidEmail), ...checks)
const password = (...checks: z.core.$ZodCheck<string>[]) => z.string().check(...checks, z.maxLength(128, M.passwordTooLong))

/** Sign-up form (spec part 1 §5), checked in this order so the first rule that fails speaks. */
export const SignUpSchema = z
  .strictObject({
    email: email(),
    password: password(),
    confirmPassword: password(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!v.email || !v.password) ctx.addIssue({ code: 'custom', path: ['email'], message: M.enterEmailAndPassword })
      else if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: M.invalidEmail })
      else if (v.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordTooShort })
      else if (v.confirmPassword !== v.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch })
    }),
  )
export type SignUpInput = z.infer<typeof SignUpSchema>

export const SignInSchema = z.strictObject({
  email: email(z.minLength(1, M.enterEmailAndPassword)),
  password: password(z.minLength(1, M.enterEmailAndPassword)),
})
export type SignInInput = z.infer<typeof SignInSchema>

export const ResendSchema = z.strictObject({ email: email(z.minLength(1, M.enterYourEmail)) })

export const ForgotPasswordSchema = z.strictObject({ email: z.pipe(email(z.minLength(1, M.enterYourEmail)), z.email(M.invalidEmail)) })

export const ResetPasswordSchema = z
  .strictObject({
    token: z.string().check(z.minLength(1), z.maxLength(200)),
    password: password(z.minLength(PASSWORD_MIN_LENGTH, M.passwordTooShort)),
    confirmPassword: password(),
  })
  .check(z.refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: M.passwordsDoNotMatch }))

// Without zod, so that the login screen's first load does not carry it (issue #13 first-load budget).
export { SOCIAL_PROVIDERS, type SocialProvider } from './social-providers'

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  image: z.nullable(z.string()),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

export const SessionSchema = z.object({
  user: SessionUserSchema,
  expiresAt: z.string(),
})
export type Session = z.infer<typeof SessionSchema>
/** GET /api/session: the signed-in session, or null. */
export const MaybeSessionSchema = z.nullable(SessionSchema)

/** The answer of an account action (register, resend, logout, password reset): what happened. */
export const StatusSchema = z.object({ status: z.string() })

/** Where the browser goes to sign in with a social provider. */
export const SocialSignInSchema = z.object({ url: z.string() })

export const AuthConfigSchema = z.object({
  providers: z.array(z.object({ id: z.string(), label: z.string(), enabled: z.boolean() })),
})
