import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

describe('health, OpenAPI and docs', () => {
  it('reports db, storage, queue and engine', async () => {
    const res = await t.request('/api/health')
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('ok')
    expect(Object.keys(res.json.checks)).toEqual(['db', 'storage', 'queue', 'engine'])
  })

  it('publishes an OpenAPI document with the account routes and a reference page', async () => {
    const doc = (await t.request('/api/openapi.json')).json
    expect(doc.openapi).toMatch(/^3\./)
    expect(doc.paths['/api/account/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('confirmPassword')
    expect(doc.paths['/api/cart'].get.security).toEqual([{ session: [] }])
    expect(doc.paths['/api/session'].get.security).toBeUndefined()
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
    const res = await t.request('/api/account/login', { body: '{"email": "x', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
  })

  it('wrong types name the field', async () => {
    const res = await t.request('/api/account/login', { body: { email: 42, password: ['x'] } })
    expect(res.status).toBe(400)
    expect(res.json.error.code).toBe('validation_failed')
    expect(res.json.error.fields).toHaveProperty('email')
  })

  it('unknown fields are refused', async () => {
    const res = await t.request('/api/account/login', { body: { email: 'a@b.co', password: 'abcdefgh', admin: true } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
  })

  it('oversized bodies are a 413', async () => {
    const res = await t.request('/api/account/login', { body: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) } })
    expect(res.status).toBe(413)
    expect(res.json.error.code).toBe('payload_too_large')
  })

  it('a missing cookie is a 401 on signed-in routes', async () => {
    for (const path of ['/api/cart', '/api/events']) {
      const res = await t.request(path)
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
      const res = await t.request('/api/session', { cookie })
      expect(res.status).toBe(200)
      expect(res.json).toBeNull()
    }
  })

  it('unknown API routes are a 404 in the error shape', async () => {
    const res = await t.request('/api/nope')
    expect(res.status).toBe(404)
    expect(res.json).toEqual(shape)
  })

  it('a non-JSON body on a JSON route is refused', async () => {
    const res = await t.request('/api/account/login', { body: 'email=a', headers: { 'content-type': 'text/plain' } })
    expect(res.status).toBe(400)
    expect(res.json).toEqual(shape)
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
  it('lists mails as JSON newest first with links, and as a page', async () => {
    await t.request('/api/account/register', { body: { email: 'mailbox@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    const mails = (await t.request('/api/dev/mailbox?to=mailbox@example.com')).json
    expect(mails[0]).toEqual(expect.objectContaining({ to: 'mailbox@example.com', subject: expect.any(String), text: expect.any(String), html: expect.any(String), createdAt: expect.any(String) }))
    expect(mails[0].links[0]).toContain('/api/auth/verify-email?token=')
    expect((await t.request('/dev/mailbox')).text).toContain('mailbox@example.com')
  })
})
