import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema, ValidationErrorSchema } from '~/shared/api'
import { SessionSchema } from '~/shared/auth'
import { M } from '~/shared/messages'
import { createTestApp, DevMailboxSchema, TEST_MAILBOX_KEY, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('registration and verification', () => {
  it('registers, mails a verification link, verifies and signs in', async () => {
    const email = 'new.user@example.com'
    const reg = await t.request('/api/account/register', { body: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    expect(reg.status).toBe(201)
    const login1 = await t.request('/api/account/login', { body: { email, password: 'abcdefgh' }, schema: ApiErrorSchema })
    expect(login1.status).toBe(403)
    expect(login1.json.error.message).toBe(M.emailNotConfirmed)

    const link = await t.mailedLink(email, '/api/auth/verify-email')
    const verified = await t.app.request(new URL(link).pathname + new URL(link).search)
    expect(verified.status).toBe(302)
    expect(verified.headers.get('location')).toBe('/auth/callback?link=verify')
    const cookie = t.cookieFrom(verified.headers)
    const session = await t.request('/api/session', { cookie, schema: z.nullable(SessionSchema) })
    expect(session.status).toBe(200)
    expect(session.json?.user.email).toBe(email)
    expect(session.json?.user.emailVerified).toBe(true)
  })

  it('a bad verification token redirects to the callback with an error', async () => {
    const res = await t.app.request('/api/auth/verify-email?token=nonsense&callbackURL=/auth/callback')
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toMatch(/^\/auth\/callback\?error=/)
  })

  it('applies the sign-up rules of spec part 1 §5 on the server', async () => {
    const cases = [
      [{ email: '', password: '', confirmPassword: '' }, M.enterEmailAndPassword],
      [{ email: 'a@b.co', password: 'short', confirmPassword: 'short' }, M.passwordTooShort],
      [{ email: 'a@b.co', password: 'abcdefgh', confirmPassword: 'abcdefgX' }, M.passwordsDoNotMatch],
    ] as const
    for (const [body, message] of cases) {
      const res = await t.request('/api/account/register', { body, schema: ValidationErrorSchema })
      expect(res.status).toBe(400)
      expect(Object.values(res.json.error.fields)).toContain(message)
    }
  })

  it('signing up again resends the verification mail; a verified account is taken', async () => {
    const email = 'twice@example.com'
    await t.request('/api/account/register', { body: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    const again = await t.request('/api/account/register', { body: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    expect(again.status).toBe(200)
    const mails = await t.request(`/api/dev/mailbox?to=${email}&key=${TEST_MAILBOX_KEY}`, { schema: DevMailboxSchema })
    expect(mails.json).toHaveLength(2)

    const { email: verified } = await t.signUp()
    const taken = await t.request('/api/account/register', { body: { email: verified, password: 'abcdefgh', confirmPassword: 'abcdefgh' }, schema: ApiErrorSchema })
    expect(taken.status).toBe(409)
    expect(taken.json.error.message).toBe(M.accountExists)
  })

  it('resend: empty, unknown or confirmed addresses get the spec messages', async () => {
    expect((await t.request('/api/account/resend', { body: { email: '' }, schema: ApiErrorSchema })).json.error.message).toBe(M.enterYourEmail)
    const unknown = await t.request('/api/account/resend', { body: { email: 'nobody@example.com' }, schema: ApiErrorSchema })
    expect(unknown.status).toBe(400)
    expect(unknown.json.error.message).toBe(M.alreadyConfirmed)
  })
})

describe('sign-in, session and sign-out', () => {
  it('wrong password is invalid credentials; sign-out ends the session', async () => {
    const u = await t.signUp()
    const bad = await t.request('/api/account/login', { body: { email: u.email, password: 'wrong-password' }, schema: ApiErrorSchema })
    expect(bad.status).toBe(401)
    expect(bad.json.error.message).toBe(M.invalidCredentials)

    const cookieHeader = (await t.request('/api/account/logout', { method: 'POST', cookie: u.cookie })).headers.getSetCookie().join(';')
    expect(cookieHeader).toMatch(/drape\.session_token=;/)
    // The token itself is revoked server-side, not only cleared in the browser.
    const token = u.cookie.split('; ').find((c) => c.startsWith('drape.session_token='))!
    const after = await t.request('/api/session', { cookie: token, schema: z.nullable(SessionSchema) })
    expect(after.status).toBe(200)
    expect(after.json).toBeNull()
  })

  it('session cookies are HttpOnly and SameSite', async () => {
    const u = await t.signUp()
    const login = await t.request('/api/account/login', { body: { email: u.email, password: u.password } })
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('drape.session_token='))!
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
  })

  it('rate-limits resends with the spec message', async () => {
    for (let i = 0; i < 5; i++) await t.request('/api/account/resend', { body: { email: 'flood@example.com' }, ip: '9.9.9.9' })
    const res = await t.request('/api/account/resend', { body: { email: 'flood@example.com' }, ip: '9.9.9.9', schema: ApiErrorSchema })
    expect(res.status).toBe(429)
    expect(res.json.error.message).toBe(M.resendRateLimit)
  })
})

describe('password reset', () => {
  it('mails a reset link; the token sets a new password once', async () => {
    const u = await t.signUp()
    expect((await t.request('/api/account/forgot-password', { body: { email: u.email } })).status).toBe(200)
    const link = await t.mailedLink(u.email, '/reset-password')
    const token = new URL(link).searchParams.get('token')!
    const reset = await t.request('/api/account/reset-password', { body: { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' } })
    expect(reset.status).toBe(200)
    expect((await t.request('/api/account/login', { body: { email: u.email, password: u.password } })).status).toBe(401)
    expect((await t.request('/api/account/login', { body: { email: u.email, password: 'brand-new-pass' } })).status).toBe(200)
    const reused = await t.request('/api/account/reset-password', { body: { token, password: 'another-pass', confirmPassword: 'another-pass' } })
    expect(reused.status).toBe(400)
  })

  it('answers the same for an unknown address', async () => {
    expect((await t.request('/api/account/forgot-password', { body: { email: 'ghost@example.com' } })).status).toBe(200)
  })
})
