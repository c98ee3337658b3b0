import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ValidationErrorSchema } from '~/shared/api'
import { AddressListSchema, AddressSchema } from '~/shared/marketplace/schemas'
import { MM } from '~/shared/marketplace/messages'
import type { Address } from '~/shared/marketplace/schemas'
import { createTestApp, type TestApp } from '../../test/harness'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())

const fields = (street: string) => ({ firstName: 'Grace', lastName: 'Hopper', country: 'Ireland', streetName: street, city: 'Dublin', state: '', zipCode: 'D02 XY45', phoneNumber: '+353 85 123 4567' })
const create = async (cookie: string, street: string) => (await t.request('/api/addresses', { body: fields(street), cookie, schema: AddressSchema })).json
const list = async (cookie: string) => (await t.request('/api/addresses', { cookie, schema: AddressListSchema })).json.items as Address[]

describe('addresses', () => {
  it('the first is the default; set as default keeps exactly one', async () => {
    const u = await t.signUp()
    const a = await create(u.cookie, '1 First St')
    const b = await create(u.cookie, '2 Second St')
    expect(a.isDefault).toBe(true)
    expect(b.isDefault).toBe(false)
    expect(a).toMatchObject({ name: 'Grace Hopper', address: '1 First St, D02 XY45 Dublin, Ireland', phone: '+353 85 123 4567' })
    const after = (await t.request(`/api/addresses/${b.id}/default`, { method: 'POST', cookie: u.cookie, schema: AddressListSchema })).json.items as Address[]
    expect(after.filter((x) => x.isDefault).map((x) => x.id)).toEqual([b.id])
    expect((await list(u.cookie)).filter((x) => x.isDefault)).toHaveLength(1)
  })

  it('edits and deletes; deleting the default promotes another', async () => {
    const u = await t.signUp()
    const a = await create(u.cookie, '1 First St')
    const b = await create(u.cookie, '2 Second St')
    const edited = await t.request(`/api/addresses/${b.id}`, { method: 'PUT', body: fields('22 Second St'), cookie: u.cookie, schema: AddressSchema })
    expect(edited.json.address).toContain('22 Second St')
    expect((await t.request(`/api/addresses/${a.id}`, { method: 'DELETE', cookie: u.cookie })).status).toBe(204)
    const left = await list(u.cookie)
    expect(left.map((x) => [x.id, x.isDefault])).toEqual([[b.id, true]])
  })

  it('validates with field messages', async () => {
    const u = await t.signUp()
    const res = await t.request('/api/addresses', { body: { ...fields(''), lastName: '  ', phoneNumber: 'call me' }, cookie: u.cookie, schema: ValidationErrorSchema })
    expect(res.status).toBe(400)
    expect(res.json.error.fields).toMatchObject({ lastName: MM.fieldRequired, streetName: MM.fieldRequired })
    expect(res.json.error.fields.phoneNumber).toBeTruthy()
    expect((await t.request('/api/addresses', { body: { ...fields('x'), isDefault: true }, cookie: u.cookie })).status).toBe(400)
  })

  it("one user cannot read, edit, delete or default another user's address", async () => {
    const a = await t.signUp()
    const b = await t.signUp()
    const mine = await create(a.cookie, '1 Private Rd')
    expect(await list(b.cookie)).toEqual([])
    expect((await t.request(`/api/addresses/${mine.id}`, { cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/addresses/${mine.id}`, { method: 'PUT', body: fields('hijacked'), cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/addresses/${mine.id}/default`, { method: 'POST', cookie: b.cookie })).status).toBe(404)
    expect((await t.request(`/api/addresses/${mine.id}`, { method: 'DELETE', cookie: b.cookie })).status).toBe(404)
    expect((await list(a.cookie)).map((x) => x.address)).toEqual([mine.address])
  })
})
