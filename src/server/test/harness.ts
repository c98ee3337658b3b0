import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { z } from 'zod'
import { SessionSchema } from '~/shared/auth'
import { createApp } from '../app'
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import type { Platform } from '../platform'
import { logger } from '../platform/logger'
import { listDevMail } from '../platform/mail'
import { closePlatform, startPlatform } from '../start'
import { freshPgDatabase } from './postgres'

/**
 * A real app for API tests: PGlite in memory, or — when TEST_DATABASE_URL (or `opts.postgresUrl`)
 * points at a PostgreSQL server — a fresh database created for this test file. Files go to a
 * temporary DATA_DIR.
 */
export type TestApp = Awaited<ReturnType<typeof createTestApp>>

export type RequestOptions = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string>; ip?: string; socketIp?: string }
export type TestResponse<T> = { status: number; headers: Headers; json: T; text: string }

/**
 * Fails the test when a response body does not match the schema the test expects. The body is
 * used as sent (not the parsed copy), so that assertions still see every field the server sent.
 */
function checkBody(schema: z.core.$ZodType, json: unknown, what: string) {
  const parsed = z.safeParse(schema, json)
  if (!parsed.success) throw new Error(`${what} with a body that does not match the expected schema:\n${z.prettifyError(parsed.error)}\nBody: ${JSON.stringify(json)?.slice(0, 2000)}`)
}

export const TEST_MAILBOX_KEY = 'test-dev-mailbox-key-0123456789'

/** The answer of GET /api/dev/mailbox (the dev-only route declares no response schema): the mails, newest first. */
export const DevMailboxSchema = z.array(z.object({ to: z.string(), subject: z.string(), text: z.string(), html: z.string(), links: z.array(z.string()), createdAt: z.string() }))

export async function createTestApp(env: Record<string, string> = {}, opts: { postgresUrl?: string; webRoot?: string } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-test-'))
  const postgresUrl = opts.postgresUrl ?? process.env.TEST_DATABASE_URL
  const pgDb = postgresUrl ? await freshPgDatabase(postgresUrl) : null
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    RATE_LIMIT: 'true',
    // Each test request says it comes from its own address through one trusted proxy (see `request`).
    TRUST_PROXY: '1',
    DEV_MAILBOX_KEY: TEST_MAILBOX_KEY,
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  })
  logger.setLevel(config.LOG_LEVEL)
  const database = pgDb ? undefined : await openDatabase({})
  const p: Platform = await startPlatform(config, { work: true, database })
  const app = createApp(p, { webRoot: opts.webRoot ?? path.join(dataDir, 'no-web') })

  let ipCounter = 0
  /**
   * Calls the app in process. `cookie` is a signed-in session; each call gets its own client IP
   * (in X-Forwarded-For) unless `ip` is given; `socketIp` is the address of the TCP peer. Given
   * the shared response `schema`, the JSON body must match it (else the test fails saying how)
   * and `json` has its type; without one `json` is `unknown`.
   */
  async function request<S extends z.core.$ZodType>(urlPath: string, opts: RequestOptions & { schema: S }): Promise<TestResponse<z.output<S>>>
  async function request(urlPath: string, opts?: RequestOptions): Promise<TestResponse<unknown>>
  async function request(urlPath: string, opts: RequestOptions & { schema?: z.core.$ZodType } = {}): Promise<TestResponse<unknown>> {
    const headers: Record<string, string> = { origin: config.publicUrl, 'x-forwarded-for': opts.ip ?? `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`, ...opts.headers }
    if (opts.cookie) headers.cookie = opts.cookie
    let body: BodyInit | undefined
    if (opts.body instanceof FormData) body = opts.body
    else if (typeof opts.body === 'string') body = opts.body
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers['content-type'] ??= 'application/json'
    }
    const env = { incoming: { socket: { remoteAddress: opts.socketIp ?? '127.0.0.1' } } }
    const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST')
    const res = await app.request(urlPath, { method, headers, body }, env)
    const text = await res.text()
    let json: unknown = undefined
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      /* not JSON */
    }
    if (opts.schema) checkBody(opts.schema, json, `${method} ${urlPath} answered ${res.status}`)
    return { status: res.status, headers: res.headers, json, text }
  }

  const cookieFrom = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c!.endsWith('='))
      .join('; ')

  /** Registers, verifies through the mailed link and signs in; returns the user and session cookie. */
  async function signUp(email = `user-${crypto.randomBytes(4).toString('hex')}@example.com`, password = 'correct-horse-1') {
    const reg = await request('/api/account/register', { body: { email, password, confirmPassword: password } })
    if (reg.status >= 400) throw new Error(`register failed: ${reg.text}`)
    const link = await mailedLink(email, 'verify-email')
    const verified = await app.request(new URL(link).pathname + new URL(link).search)
    if (verified.status >= 400) throw new Error(`verify failed: ${verified.status}`)
    const login = await request('/api/account/login', { body: { email, password } })
    if (login.status !== 200) throw new Error(`login failed: ${login.text}`)
    const { user } = SessionSchema.parse(login.json)
    return { email, password, cookie: cookieFrom(login.headers), user }
  }

  async function mailedLink(to: string, contains: string) {
    const mails = await listDevMail(p.db, to)
    const link = mails.flatMap((m) => m.links).find((l) => l.includes(contains))
    if (!link) throw new Error(`no mail to ${to} with a link containing ${contains}`)
    return link
  }

  async function close() {
    await closePlatform(p)
    await pgDb?.drop().catch(() => {})
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  return { app, platform: p, config, request, signUp, mailedLink, cookieFrom, close }
}

export { loadConfig }
