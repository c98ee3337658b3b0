import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { SessionSchema } from '~/shared/auth'
import { present } from '~/shared/lists'
import { CONTROL_CHARACTERS_MESSAGE, TOO_DEEP_MESSAGE } from '../../http/input-guard'
import { listDevMail } from '../../platform/mail'
import { OpenApiDocSchema } from '../../security/operations'
import { createTestApp, DevMailboxSchema, TEST_MAILBOX_KEY, type TestApp } from '../../test/harness'
import { HealthSchema } from './routes'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health, OpenAPI and docs', () => {
  it('reports db, storage, queue, live updates and engine', async () => {
    const res = await t.request('/api/health', { schema: HealthSchema })
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('ok')
    expect(Object.keys(res.json.checks)).toEqual(['db', 'storage', 'queue', 'events', 'engine'])
  })

  it('publishes an OpenAPI document with the account routes and a reference page', async () => {
    const doc = (await t.request('/api/openapi.json', { schema: OpenApiDocSchema.extend({ openapi: z.string() }) })).json
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.paths['/api/account/register']?.post?.requestBody?.content['application/json']?.schema.properties).toHaveProperty('confirmPassword')
    expect(doc.paths['/api/cart']?.get?.security).toEqual([{ session: [] }])
    expect(present(doc.paths['/api/session']?.get, 'GET /api/session in the document').security).toBeUndefined()
    const page = await t.request('/api/docs')
    expect(page.text).toContain('/api/account/login')
  })

  it('sets security headers', async () => {
    const res = await t.request('/api/health')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })
})

describe('bad input always gets the error shape, never a 500', () => {
  const shape = expect.objectContaining({ error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }) })

  it('malformed JSON is a 400', async () => {
    const res = await t.request('/api/account/login', { body: '{"email": "x', headers: { 'content-type': 'application/json' }, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
  })

  it('wrong types name the field', async () => {
    const res = await t.request('/api/account/login', { body: { email: 42, password: ['x'] }, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('validation_failed')
    expect(res.json.error.fields).toHaveProperty('email')
  })

  it('unknown fields are refused', async () => {
    const res = await t.request('/api/account/login', { body: { email: 'a@b.co', password: 'abcdefgh', admin: true }, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
  })

  it('oversized bodies are a 413', async () => {
    const res = await t.request('/api/account/login', { body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) }, schema: ApiErrorSchema })
    expect(res.status).toBe(413)
    expect(res.json.error.code).toBe('payload_too_large')
  })

  it('a missing cookie is a 401 on signed-in routes', async () => {
    for (const path of ['/api/cart', '/api/events']) {
      const res = await t.request(path, { schema: ApiErrorSchema })
      expect(res.status).toBe(401)
      expect(res.json).toEqual(shape)
    }
  })

  it('a forged cookie is a 401', async () => {
    const res = await t.request('/api/cart', { cookie: 'drape.session_token=forged.value' })
    expect(res.status).toBe(401)
  })

  it('the session of a forged cookie is null, as when signed out', async () => {
    for (const cookie of [undefined, 'drape.session_token=forged.value']) {
      const res = await t.request('/api/session', { cookie, schema: z.nullable(SessionSchema) })
      expect(res.status).toBe(200)
      expect(res.json).toBeNull()
    }
  })

  it('unknown API routes are a 404 in the error shape', async () => {
    const res = await t.request('/api/nope', { schema: ApiErrorSchema })
    expect(res.status).toBe(404)
    expect(res.json).toEqual(shape)
  })

  it('text with NUL or other control characters is a 400 naming the field, in queries, paths, JSON and forms', async () => {
    const me = await t.signUp()
    const invalid = (field: string) => ({ code: 'validation_failed', message: CONTROL_CHARACTERS_MESSAGE, fields: { [field]: CONTROL_CHARACTERS_MESSAGE } })
    expect((await t.request('/api/products?q=%00', { schema: ApiErrorSchema })).json.error).toEqual(invalid('q'))
    expect((await t.request('/api/search?q=a%1Bb', { cookie: me.cookie, schema: ApiErrorSchema })).json.error).toEqual(invalid('q'))
    expect((await t.request('/api/products/%00', { schema: ApiErrorSchema })).json.error).toEqual(invalid('path'))
    const put = await t.request('/api/profile', { method: 'PUT', cookie: me.cookie, body: { bio: 'hello\u0000' }, schema: ApiErrorSchema })
    expect(put.status).toBe(400)
    expect(put.json.error).toEqual(invalid('bio'))
    const form = new FormData()
    form.set('photo_type', 'base\u0000')
    expect((await t.request('/api/photos', { cookie: me.cookie, body: form, schema: ApiErrorSchema })).json.error).toEqual(invalid('photo_type'))
    // better-auth's own endpoints too.
    const signUp = await t.request('/api/auth/sign-up/email', { body: { email: 'nul@example.com', password: 'abcdefgh1', name: 'x\u0000' }, schema: ApiErrorSchema })
    expect(signUp.json.error).toEqual(invalid('name'))
    // Line breaks and tabs are text.
    expect((await t.request('/api/profile', { method: 'PUT', cookie: me.cookie, body: { bio: 'two\nlines\tand a tab' } })).status).not.toBe(400)
  })

  it('better-auth still reads a body the guard has checked (a provider posting its callback)', async () => {
    const form = new URLSearchParams({ state: 'unknown-state', code: 'abc' }).toString()
    const res = await t.request('/api/auth/callback/apple', { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(res.status).toBeLessThan(500)
    expect(res.text).not.toMatch(/unusable|already been read/i)
  })

  it('JSON nested too deeply is a 400, not a stack overflow', async () => {
    const me = await t.signUp()
    const deep = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)
    const settings = JSON.stringify({ model: 'bfl:4@1', width: 1024, height: 1024, number_results: 1, output_format: 'JPG', prompt_template: 'x' })
    const res = await t.request('/api/tryon/settings', { method: 'PUT', cookie: me.cookie, body: `${settings.slice(0, -1)},"custom_json":${deep}}`, headers: { 'content-type': 'application/json' }, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json.error).toEqual({ code: 'validation_failed', message: TOO_DEEP_MESSAGE, fields: { custom_json: TOO_DEEP_MESSAGE } })
  })

  it('malformed multipart is a 400 on every upload route', async () => {
    const me = await t.signUp()
    for (const path of ['/api/photos', '/api/posts/images', '/api/library/photos', '/api/profile/avatar', '/api/stories']) {
      const res = await t.request(path, { cookie: me.cookie, body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\ntruncated', headers: { 'content-type': 'multipart/form-data; boundary=x' }, schema: ApiErrorSchema })
      expect(res.status, path).toBe(400)
      expect(res.json, path).toEqual(shape)
    }
  })

  it('a non-JSON body on a JSON route is refused', async () => {
    const res = await t.request('/api/account/login', { body: 'email=a', headers: { 'content-type': 'text/plain' }, schema: ApiErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
  })
})

describe('stored files', () => {
  it('malformed percent-encoding is a 404', async () => {
    const res = await t.request('/api/files/avatars/%E0%A4%A', { schema: ApiErrorSchema })
    expect(res.status).toBe(404)
    expect(res.json.error.code).toBe('not_found')
  })

  it('buckets named like Object.prototype members are owner-only', async () => {
    const owner = await t.signUp()
    const other = await t.signUp()
    for (const bucket of ['constructor', '__proto__', 'hasOwnProperty', 'toString']) {
      const key = `${bucket}/${owner.user.id}/x.png`
      await t.platform.storage.put(key, Buffer.from('private'), 'image/png')
      expect((await t.request(`/api/files/${key}`, { cookie: other.cookie })).status, bucket).toBe(404)
      expect((await t.request(`/api/files/${key}`)).status, bucket).toBe(404)
      expect((await t.request(`/api/files/${key}`, { cookie: owner.cookie })).status, bucket).toBe(200)
    }
  })
})

describe('live events', () => {
  it('delivers an event published for a user to that user only', async () => {
    const a = await t.signUp()
    const b = await t.signUp()
    const streamA = await t.app.request('/api/events', { headers: { cookie: a.cookie } })
    const streamB = await t.app.request('/api/events', { headers: { cookie: b.cookie } })
    expect(streamA.headers.get('content-type')).toContain('text/event-stream')
    const readerA = streamA.body!.getReader()
    const readerB = streamB.body!.getReader()
    const decoder = new TextDecoder()
    const readUntil = async (reader: ReadableStreamDefaultReader<Uint8Array>, needle: string, ms: number) => {
      let text = ''
      const deadline = Date.now() + ms
      while (Date.now() < deadline && !text.includes(needle)) {
        const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))])
        if (!chunk || chunk.done) break
        text += decoder.decode(chunk.value)
      }
      return text
    }
    await readUntil(readerA, 'event: ready', 2000)
    await readUntil(readerB, 'event: ready', 2000)
    await t.platform.events.publish(a.user.id, { type: 'generation', data: { id: 'g1', status: 'processing' } })
    const gotA = await readUntil(readerA, 'g1', 3000)
    expect(gotA).toContain('event: generation')
    expect(gotA).toContain('"status":"processing"')
    const gotB = await readUntil(readerB, 'g1', 500)
    expect(gotB).not.toContain('g1')
    await readerA.cancel()
    await readerB.cancel()
  })
})

describe('dev mailbox', () => {
  it('lists mails as JSON newest first with links, and as a page, with its key', async () => {
    await t.request('/api/account/register', { body: { email: 'mailbox@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    const mails = (await t.request(`/api/dev/mailbox?to=mailbox@example.com&key=${TEST_MAILBOX_KEY}`, { schema: DevMailboxSchema })).json
    expect(mails[0]).toEqual(expect.objectContaining({ to: 'mailbox@example.com', subject: expect.any(String), text: expect.any(String), html: expect.any(String), createdAt: expect.any(String) }))
    expect(mails[0]?.links[0]).toContain('/api/auth/verify-email?token=')
    expect((await t.request(`/dev/mailbox?key=${TEST_MAILBOX_KEY}`)).text).toContain('mailbox@example.com')
  })

  it('does not exist without its key: nobody reads a reset link sent to someone else', async () => {
    const { email } = await t.signUp()
    expect((await t.request('/api/account/forgot-password', { body: { email } })).status).toBe(200)
    for (const query of ['', `?to=${email}`, `?to=${email}&key=`, `?to=${email}&key=wrong-key-wrong-key-wrong`, `?key=${TEST_MAILBOX_KEY.slice(0, -1)}`]) {
      const api = await t.request(`/api/dev/mailbox${query}`)
      expect(api.status).toBe(404)
      expect(api.text).not.toContain('reset-password')
      const page = await t.request(`/dev/mailbox${query}`)
      expect(page.status).toBe(404)
      expect(page.text).not.toContain(email)
    }
  })
})

describe('dev mailbox in production', () => {
  it('is off without DEV_MAILBOX=on: mails go nowhere, even with the key', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' })
    try {
      expect(prod.platform.mailer.kind).toBe('off')
      const email = 'prod@example.com'
      expect((await prod.request('/api/account/register', { body: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })).status).toBe(201)
      expect((await prod.request(`/api/dev/mailbox?to=${email}&key=${TEST_MAILBOX_KEY}`)).status).toBe(404)
      expect((await prod.request(`/dev/mailbox?key=${TEST_MAILBOX_KEY}`)).status).toBe(404)
      expect(await listDevMail(prod.platform.db, email)).toEqual([])
    } finally {
      await prod.close()
    }
  })

  it('is kept behind its key with DEV_MAILBOX=on', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', DEV_MAILBOX: 'on' })
    try {
      expect(prod.platform.mailer.kind).toBe('dev')
      expect((await prod.request('/api/dev/mailbox')).status).toBe(404)
      expect((await prod.request(`/api/dev/mailbox?key=${TEST_MAILBOX_KEY}`)).status).toBe(200)
    } finally {
      await prod.close()
    }
  })
})
