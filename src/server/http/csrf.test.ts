import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiErrorSchema } from '~/shared/api'
import { AddressListSchema } from '~/shared/marketplace/schemas'
import { OpenApiDocSchema } from '../security/operations'
import { createTestApp, type TestApp } from '../test/harness'

let t: TestApp
let victim: Awaited<ReturnType<TestApp['signUp']>>
beforeAll(async () => {
  t = await createTestApp()
  victim = await t.signUp()
})
afterAll(() => t.close())

const evil = { origin: 'http://evil.example' }
const address = { firstName: 'Ava', lastName: 'Stone', country: 'France', streetName: '1 Rue de Rivoli', city: 'Paris', zipCode: '75001', phoneNumber: '+33 6 12 34 56 78' }

describe('requests from another site', () => {
  it('every state-changing API operation answers 403 to a foreign Origin', async () => {
    const doc = (await t.request('/api/openapi.json', { schema: OpenApiDocSchema })).json
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'get')
        .map((method) => ({ method: method.toUpperCase(), path: path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000') })),
    )
    expect(operations.length).toBeGreaterThan(40)
    const refused = []
    for (const op of operations) {
      const res = await t.request(op.path, { method: op.method, body: op.method === 'DELETE' ? undefined : {}, cookie: victim.cookie, headers: evil })
      if (res.status === 403 && ApiErrorSchema.safeParse(res.json).data?.error.code === 'forbidden') refused.push(op)
    }
    expect(refused).toHaveLength(operations.length)
  })

  it('changes nothing: JSON, multipart and body-less requests with the victim cookie', async () => {
    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(16)], { type: 'image/png' }), 'a.png')
    const attempts = [
      t.request('/api/addresses', { body: address, cookie: victim.cookie, headers: evil }),
      t.request('/api/profile/avatar', { body: form, cookie: victim.cookie, headers: evil }),
      t.request('/api/account/logout', { method: 'POST', cookie: victim.cookie, headers: evil }),
      t.request('/api/activity/read', { method: 'POST', cookie: victim.cookie, headers: { 'sec-fetch-site': 'cross-site', origin: '' } }),
      t.request('/api/addresses', { body: address, cookie: victim.cookie, headers: { origin: 'null' } }),
      t.request('/api/addresses', { body: address, cookie: victim.cookie, headers: { origin: 'https://localhost:3000' } }),
    ]
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(403)
    expect((await t.request('/api/addresses', { cookie: victim.cookie, schema: AddressListSchema })).json.items).toEqual([])
    expect((await t.request('/api/cart', { cookie: victim.cookie })).status).toBe(200)
  })

  it('a browser request without Origin is refused when Sec-Fetch-Site says cross-site', async () => {
    const headers = { origin: '', 'sec-fetch-site': 'cross-site' }
    const res = await t.request('/api/addresses', { body: address, cookie: victim.cookie, headers })
    expect(res.status).toBe(403)
  })
})

describe('requests from Drape itself', () => {
  it('our own Origin, same-origin fetches and non-browser clients pass', async () => {
    expect((await t.request('/api/addresses', { body: address, cookie: victim.cookie })).status).toBe(201)
    expect((await t.request('/api/addresses', { body: address, cookie: victim.cookie, headers: { origin: '', 'sec-fetch-site': 'same-origin' } })).status).toBe(201)
    expect((await t.request('/api/addresses', { body: address, cookie: victim.cookie, headers: { origin: '' } })).status).toBe(201)
  })
})
