import { betterAuth } from 'better-auth'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Config } from '../config'
import type { Db } from '../db/client'
import * as schema from '../db/schema'
import { CLIENT_ADDRESS_HEADER } from '../http/client-address'
import { logger as log } from './logger'
import type { Mailer } from './mail'
import { resetPasswordMail, verificationMail } from './auth-mails'

const SESSION_COOKIE_PREFIX = 'drape'

const socialProviders = (config: Config) => {
  const pairs = {
    google: [config.GOOGLE_CLIENT_ID, config.GOOGLE_CLIENT_SECRET],
    apple: [config.APPLE_CLIENT_ID, config.APPLE_CLIENT_SECRET],
    facebook: [config.FACEBOOK_CLIENT_ID, config.FACEBOOK_CLIENT_SECRET],
    twitter: [config.TWITTER_CLIENT_ID, config.TWITTER_CLIENT_SECRET],
    microsoft: [config.MICROSOFT_CLIENT_ID, config.MICROSOFT_CLIENT_SECRET],
  } as const
  return Object.fromEntries(Object.entries(pairs).flatMap(([name, [clientId, clientSecret]]) => (clientId && clientSecret ? [[name, { clientId, clientSecret }]] : [])))
}

/** better-auth over our drizzle tables: e-mail + password with verification, reset, social sign-in. */
export function createAuth(opts: { config: Config; db: Db; mailer: Mailer; secret: string }) {
  const { config, db, mailer } = opts
  return betterAuth({
    appName: 'Drape',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: opts.secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users: schema.users, sessions: schema.sessions, accounts: schema.accounts, verifications: schema.verifications },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No signed session cache in a cookie: a signed-out or reset session must be refused at once.
      cookieCache: { enabled: false },
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send(resetPasswordMail(user.email, `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`))
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await mailer.send(verificationMail(user.email, url))
      },
    },
    socialProviders: socialProviders(config),
    // Our own per-IP and per-e-mail limits live in the account routes (shared across instances).
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: SESSION_COOKIE_PREFIX,
      useSecureCookies: config.publicUrl.startsWith('https://'),
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
    },
    telemetry: { enabled: false },
    // Errors only, through our logger, without the extra arguments: better-auth's warnings quote
    // user input and its error arguments can carry query parameters.
    logger: { level: 'error', log: (level, message) => log[level](`better-auth: ${message.slice(0, 200)}`) },
  })
}

export type Auth = ReturnType<typeof createAuth>
export const enabledSocialProviders = (config: Config) => Object.keys(socialProviders(config))
