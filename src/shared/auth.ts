import { z } from 'zod'
import { M } from './messages'

export const PASSWORD_MIN_LENGTH = 8

const email = z.string().trim().toLowerCase().max(254)

/** Sign-up form (spec part 1 §5), checked in this order so the first rule that fails speaks. */
export const SignUpSchema = z
  .strictObject({
    email: email,
    password: z.string().max(128),
    confirmPassword: z.string().max(128),
  })
  .superRefine((v, ctx) => {
    if (!v.email || !v.password) ctx.addIssue({ code: 'custom', path: ['email'], message: M.enterEmailAndPassword })
    else if (!z.email().safeParse(v.email).success) ctx.addIssue({ code: 'custom', path: ['email'], message: 'Please enter a valid email address.' })
    else if (v.password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['password'], message: M.passwordTooShort })
    else if (v.confirmPassword !== v.password) ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: M.passwordsDoNotMatch })
  })
export type SignUpInput = z.infer<typeof SignUpSchema>

export const SignInSchema = z.strictObject({
  email: email.min(1, M.enterEmailAndPassword),
  password: z.string().min(1, M.enterEmailAndPassword).max(128),
})
export type SignInInput = z.infer<typeof SignInSchema>

export const ResendSchema = z.strictObject({ email: email.min(1, M.enterYourEmail) })

export const ForgotPasswordSchema = z.strictObject({ email: email.min(1, M.enterYourEmail).pipe(z.email('Please enter a valid email address.')) })

export const ResetPasswordSchema = z
  .strictObject({
    token: z.string().min(1).max(200),
    password: z.string().min(PASSWORD_MIN_LENGTH, M.passwordTooShort).max(128),
    confirmPassword: z.string().max(128),
  })
  .refine((v) => v.password === v.confirmPassword, { path: ['confirmPassword'], message: M.passwordsDoNotMatch })

export const SOCIAL_PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'apple', label: 'Apple' },
  { id: 'facebook', label: 'Facebook' },
  { id: 'twitter', label: 'X' },
  { id: 'microsoft', label: 'Microsoft' },
] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]['id']

export const SessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  name: z.string(),
  image: z.string().nullable(),
})
export type SessionUser = z.infer<typeof SessionUserSchema>

export const SessionSchema = z.object({
  user: SessionUserSchema,
  expiresAt: z.string(),
})
export type Session = z.infer<typeof SessionSchema>

/** The answer of an account action (register, resend, logout, password reset): what happened. */
export const StatusSchema = z.object({ status: z.string() })

/** Where the browser goes to sign in with a social provider. */
export const SocialSignInSchema = z.object({ url: z.string() })

export const AuthConfigSchema = z.object({
  providers: z.array(z.object({ id: z.string(), label: z.string(), enabled: z.boolean() })),
})
