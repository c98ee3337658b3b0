import path from 'node:path'
import { z } from 'zod'
import { TRYON_ENGINES } from '~/shared/tryon/schemas'

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional()

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalUrl,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalUrl,
    SMTP_URL: optionalUrl,
    MAIL_FROM: z.string().default('Drape <hello@drape.local>'),
    DEV_MAILBOX: z.enum(['on', 'off']).optional(),
    DEV_MAILBOX_KEY: z.string().trim().min(16, 'DEV_MAILBOX_KEY must be at least 16 characters').optional(),
    TRUST_PROXY: z.coerce.number().int('TRUST_PROXY is a number of proxy hops').min(0).max(10).default(0),
    S3_ENDPOINT: optionalUrl,
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: z.stringbool().default(true),
    AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
    WORKERS: z.enum(['inline', 'off']).default('inline'),
    SEED_DEMO: z.stringbool().default(true),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
    TRYON_ENGINE: z.enum(TRYON_ENGINES).default('local'),
    RUNWARE_API_KEY: z.string().optional(),
    RUNWARE_URL: z.url().default('https://api.runware.ai/v1'),
    TRYON_HTTP_URL: optionalUrl,
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    APPLE_CLIENT_ID: z.string().optional(),
    APPLE_CLIENT_SECRET: z.string().optional(),
    FACEBOOK_CLIENT_ID: z.string().optional(),
    FACEBOOK_CLIENT_SECRET: z.string().optional(),
    TWITTER_CLIENT_ID: z.string().optional(),
    TWITTER_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_CLIENT_ID: z.string().optional(),
    MICROSOFT_CLIENT_SECRET: z.string().optional(),
    RATE_LIMIT: z.stringbool().default(true),
  })
  .superRefine((env, ctx) => {
    if (env.S3_ENDPOINT && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when S3_ENDPOINT is set' })
    }
    if (env.TRYON_ENGINE === 'runware' && !env.RUNWARE_API_KEY) {
      ctx.addIssue({ code: 'custom', path: ['RUNWARE_API_KEY'], message: 'RUNWARE_API_KEY is required when TRYON_ENGINE=runware' })
    }
    if (env.TRYON_ENGINE === 'http' && !env.TRYON_HTTP_URL) {
      ctx.addIssue({ code: 'custom', path: ['TRYON_HTTP_URL'], message: 'TRYON_HTTP_URL is required when TRYON_ENGINE=http' })
    }
  })

export type Config = z.infer<typeof ConfigSchema> & {
  dataDir: string
  publicUrl: string
  /** Mails go to the keyed dev mailbox: no SMTP_URL, and not production unless DEV_MAILBOX=on. */
  devMailbox: boolean
}

export class ConfigError extends Error {}

/** Reads configuration from the environment; throws a readable error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const c = parsed.data
  return {
    ...c,
    dataDir: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    devMailbox: !c.SMTP_URL && (c.DEV_MAILBOX ? c.DEV_MAILBOX === 'on' : c.NODE_ENV !== 'production'),
  }
}
