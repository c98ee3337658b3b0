import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { validValue } from './fuzz'
import { fillPath, label, OpenApiDocSchema, type Operation, operationsOf } from './operations'
import { createOwner, type Owner, renewableSession, signUpUser } from './owner-fixtures'
import { ENDS_SESSION, send, type Sent } from './send'

/**
 * Authorization, generated from /api/openapi.json: every operation is called as anonymous, as the
 * owner of the resources its path names and as another user. Anonymous callers get 401 wherever
 * the document says a session is needed; the other user never sees the owner's private text or
 * private ids, is refused the owner's private resources, and changes none of them.
 */
let t: TestApp
let owner: Owner
let operations: Operation[]
beforeAll(async () => {
  t = await createTestApp()
  owner = await createOwner(t)
  // Requests that end the caller's session go last.
  operations = operationsOf((await t.request('/api/openapi.json', { schema: OpenApiDocSchema })).json).sort((a, b) => Number(ENDS_SESSION.test(a.path)) - Number(ENDS_SESSION.test(b.path)))
})
afterAll(() => t.close())

/** The first value fast-check draws for a schema: the same for every run. */
const example = (schema: Parameters<typeof validValue>[0]) => fc.sample(validValue(schema), { numRuns: 1, seed: 1 })[0]

/** A request for the operation on the owner's resources, every body field filled; fields that name a resource name the owner's. */
function requestFor(op: Operation) {
  const values = owner.pathValues(op.path)
  const path = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, k === '*' ? v : encodeURIComponent(v)]))
  const query = op.query
    .filter((q) => q.required)
    .map((q) => `${q.name}=${encodeURIComponent(String(example(q.schema)))}`)
    .join('&')
  const url = fillPath(op.path, path) + (query ? `?${query}` : '')
  if (!op.body) return { url }
  const photo = { bucket: 'user-photos', path: owner.privateIds.photoPath }
  const ownerResources: Record<string, unknown> = { productId: owner.product.id, generationId: owner.privateIds.generation, resultId: owner.privateIds.result, subject: photo, garment: photo }
  const fields = Object.fromEntries(
    Object.entries(op.body.schema.properties ?? {})
      .map(([name, s]) => [name, ownerResources[name] ?? example(s)]),
  )
  if (op.body.kind === 'json') return { url, body: JSON.stringify(fields), contentType: 'application/json' }
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) if (k !== 'file') form.set(k, String(v))
  form.set('file', new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' }), 'x.jpg')
  return { url, body: form }
}

/** `bare`: without query or body. */
async function call(op: Operation, cookie?: string, opts: { bare?: boolean } = {}): Promise<Sent> {
  const req = opts.bare ? { url: requestFor(op).url.split('?')[0]!, body: undefined, contentType: undefined } : requestFor(op)
  const headers: Record<string, string> = { origin: t.config.publicUrl }
  if (cookie) headers.cookie = cookie
  if (req.contentType) headers['content-type'] = req.contentType
  return send(t.app as never, req.url, { method: op.method, headers, body: req.body })
}

/** Does the operation act on one of the owner's private resources (by id in its path, or a private file)? */
const targetsPrivate = (op: Operation) => {
  const values = owner.pathValues(op.path)
  return (op.pathParams.some((p) => p.name === 'id') && Object.values(owner.privateIds).includes(values.id!)) || op.path.includes('*')
}

/** What only the owner may see: private text and private ids. */
const leaksIn = (text: string) => [...Object.values(owner.secrets), ...Object.values(owner.privateIds)].filter((secret) => text.includes(secret))

/** The owner's private state, read through every GET of a private area. */
const PRIVATE_AREAS = ['/api/addresses', '/api/cart', '/api/orders', '/api/photos', '/api/tryon', '/api/search/recent', '/api/likes', '/api/profile']
async function ownerState() {
  const reads = operations.filter((op) => op.method === 'GET' && PRIVATE_AREAS.some((a) => op.path === a || op.path.startsWith(`${a}/`)))
  const state: Record<string, string> = {}
  for (const op of reads) state[label(op)] = (await call(op, owner.cookie)).text
  return state
}

it('every operation: anonymous 401 where a session is needed, no leak to another user, owner-only resources refused and unchanged', async () => {
  const other = await signUpUser(t, 'other')
  const otherSession = renewableSession(t, other)
  const before = await ownerState()
  const leaks: string[] = []
  const wrongStatus: string[] = []
  for (const op of operations) {
    // Signed out, the answer is 401 whatever the input: valid, or none at all.
    for (const anonymous of [await call(op), await call(op, undefined, { bare: true })]) {
      if (op.auth && anonymous.status !== 401) wrongStatus.push(`${label(op)} anonymous: ${anonymous.status} ${anonymous.text.slice(0, 120)}`)
      for (const secret of leaksIn(anonymous.text)) leaks.push(`${label(op)} anonymous sees ${secret}`)
    }

    const asOther = await call(op, otherSession.cookie())
    for (const secret of leaksIn(asOther.text)) leaks.push(`${label(op)} other user sees ${secret}`)
    if (targetsPrivate(op) && ![403, 404].includes(asOther.status)) wrongStatus.push(`${label(op)} other user: ${asOther.status} ${asOther.text.slice(0, 120)}`)
    if (asOther.status >= 500) wrongStatus.push(`${label(op)} other user: ${asOther.status}`)
    if (ENDS_SESSION.test(op.path)) await otherSession.renew()
  }
  const after = await ownerState()
  const changed = Object.keys(before).filter((k) => before[k] !== after[k])
  console.log(`authorization: ${operations.length} operations, leaks ${leaks.length}, wrong statuses ${wrongStatus.length}, owner state changed ${changed.length}`)
  expect(leaks).toEqual([])
  expect(wrongStatus).toEqual([])
  expect(changed).toEqual([])
}, 180_000)

it('the owner reaches every resource the suite names (so refusals above are not from bad ids)', async () => {
  const failures: string[] = []
  for (const op of operations.filter((o) => o.method === 'GET' && (targetsPrivate(o) || o.pathParams.some((p) => p.name === 'id')))) {
    const res = await call(op, owner.cookie)
    if (res.status !== 200) failures.push(`${label(op)}: ${res.status} ${res.text.slice(0, 120)}`)
  }
  expect(failures).toEqual([])
})
