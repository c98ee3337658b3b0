import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '~/shared/api'
import { SessionSchema } from '~/shared/auth'
import { M } from '~/shared/messages'
import { createApp } from '../../app'
import { startPlatform } from '../../start'
import { closePlatform } from '../../platform'
import { createTestApp, type TestApp } from '../../test/harness'
import { withTestApp } from '../../test/with-test-app'

const login = (t: TestApp, email: string, password: string, where: { ip?: string; socketIp?: string }) =>
  t.request('/api/account/login', { body: { email, password }, ...where })

describe('sign-in behind an https PUBLIC_URL', () => {
  const t = withTestApp({ PUBLIC_URL: 'https://drape.example' })

  it('signs up, verifies, signs in and stays signed in with __Secure- cookies', async () => {
    const u = await t.signUp()
    expect(u.cookie).toMatch(/^__Secure-drape\.session_token=/)
    const session = await t.request('/api/session', { cookie: u.cookie, schema: SessionSchema })
    expect(session.status).toBe(200)
    expect(session.json.user.email).toBe(u.email)
    const set = (await login(t, u.email, u.password, {})).headers.getSetCookie().find((c) => c.startsWith('__Secure-drape.session_token='))
    expect(set).toMatch(/; Secure/)
    expect((await t.request('/api/cart', { cookie: u.cookie })).status).toBe(200)
    expect((await t.request('/api/account/logout', { method: 'POST', cookie: u.cookie })).status).toBe(200)
    expect((await t.request('/api/cart', { cookie: u.cookie })).status).toBe(401)
  })

  it('does not take a session cookie without the __Secure- prefix', async () => {
    const u = await t.signUp()
    const plain = u.cookie.replace('__Secure-', '')
    expect((await t.request('/api/cart', { cookie: plain })).status).toBe(401)
  })
})

describe('sessions end at once on every instance', () => {
  let a: TestApp
  let b: { request: (path: string, cookie: string) => Promise<number>; close: () => Promise<void> }
  beforeAll(async () => {
    a = await createTestApp()
    // A second instance on the same database, with its own session resolver and auth.
    const p = await startPlatform(a.config, { work: false, database: { ...a.platform.database, migrate: async () => {}, close: async () => {} } })
    const app = createApp(p, { webRoot: '/nonexistent' })
    b = {
      request: async (path, cookie) => (await app.request(path, { headers: { cookie } })).status,
      close: () => closePlatform(p),
    }
  })
  afterAll(async () => {
    await b.close()
    await a.close()
  })

  it('a signed-out session is refused on the other instance immediately', async () => {
    const u = await a.signUp()
    expect(await b.request('/api/cart', u.cookie)).toBe(200)
    expect(await b.request('/api/cart', u.cookie)).toBe(200)
    expect((await a.request('/api/account/logout', { method: 'POST', cookie: u.cookie })).status).toBe(200)
    expect(await b.request('/api/cart', u.cookie)).toBe(401)
    expect(await b.request('/api/cart', u.cookie)).toBe(401)
    expect((await a.request('/api/cart', { cookie: u.cookie })).status).toBe(401)
  })

  it('a password reset ends every session of the account at once', async () => {
    const u = await a.signUp()
    const other = (await login(a, u.email, u.password, {})).headers
    const secondCookie = a.cookieFrom(other)
    expect(await b.request('/api/cart', secondCookie)).toBe(200)
    expect(await b.request('/api/cart', u.cookie)).toBe(200)
    await a.request('/api/account/forgot-password', { body: { email: u.email } })
    const token = new URL(await a.mailedLink(u.email, '/reset-password')).searchParams.get('token')!
    expect((await a.request('/api/account/reset-password', { body: { token, password: 'a-new-password', confirmPassword: 'a-new-password' } })).status).toBe(200)
    expect(await b.request('/api/cart', u.cookie)).toBe(401)
    expect(await b.request('/api/cart', secondCookie)).toBe(401)
    expect((await a.request('/api/cart', { cookie: u.cookie })).status).toBe(401)
  })
})

describe('rate limits key on the real client address', () => {
  describe('with no trusted proxy (TRUST_PROXY=0)', () => {
    const t = withTestApp({ TRUST_PROXY: '0' })

    it('ignores X-Forwarded-For: rotating it does not escape the sign-up limit', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 12; i++) {
        const email = `rotate-${i}@example.com`
        const res = await t.request('/api/account/register', { body: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' }, ip: `203.0.113.${i}`, socketIp: '198.51.100.7' })
        statuses.push(res.status)
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true)
      expect(statuses.slice(10)).toEqual([429, 429])
      // Another client (socket address) is not affected.
      const other = await t.request('/api/account/register', { body: { email: 'other@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' }, socketIp: '198.51.100.8' })
      expect(other.status).toBe(201)
    })

    it('ignores X-Forwarded-For for password reset requests', async () => {
      let last = 0
      for (let i = 0; i < 6; i++) {
        last = (await t.request('/api/account/forgot-password', { body: { email: `someone-${i}@example.com` }, ip: `192.0.2.${i}`, socketIp: '198.51.100.20' })).status
      }
      expect(last).toBe(429)
    })
  })

  describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
    const t = withTestApp({ TRUST_PROXY: '1' })

    it('takes the address the proxy saw, not what the client prepended', async () => {
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        const res = await t.request('/api/account/resend', { body: { email: `spoof-${i}@example.com` }, ip: `10.${i}.0.1, 203.0.113.50` })
        statuses.push(res.status)
      }
      expect(statuses.at(-1)).toBe(429)
    })

    it("better-auth's own sign-in and sign-up endpoints are not exposed (they would skip these limits)", async () => {
      const owner = await t.signUp()
      for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/request-password-reset', '/api/auth/change-password']) {
        const res = await t.request(path, { body: { email: owner.email, password: owner.password, name: 'x' } })
        expect(res.status).toBe(404)
        expect(res.headers.getSetCookie()).toEqual([])
      }
    })

    it('slows the guessing address without locking the owner out', async () => {
      const owner = await t.signUp()
      const attacker = { ip: '203.0.113.66' }
      const guesses: number[] = []
      for (let i = 0; i < 25; i++) guesses.push((await login(t, owner.email, `guess-${i}-guess`, attacker)).status)
      expect(guesses.slice(0, 10).every((s) => s === 401)).toBe(true)
      expect(guesses.slice(10).every((s) => s === 429)).toBe(true)
      // The attacker's address is slowed even with the right password...
      const blocked = await t.request('/api/account/login', { body: { email: owner.email, password: owner.password }, ...attacker, schema: ApiErrorSchema })
      expect(blocked.status).toBe(429)
      expect(blocked.json.error.message).toBe(M.signUpRateLimit)
      // ...while the owner, from their own address, signs in at once.
      expect((await login(t, owner.email, owner.password, { ip: '198.51.100.99' })).status).toBe(200)
    })
  })
})
