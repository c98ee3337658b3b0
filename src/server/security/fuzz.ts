import fc from 'fast-check'
import type { Hono } from 'hono'
import { fillPath, type JsonSchema, label, type Operation } from './operations'
import { ENDS_SESSION, send } from './send'

/**
 * Malformed requests for every operation of the OpenAPI document, generated with fast-check, and
 * a runner that sends them and counts 5xx answers and stack traces. The vitest suite runs a
 * seed-fixed slice; bench/fuzz.ts the full run.
 */
export type FuzzRequest = {
  operation: string
  attack: string
  method: string
  url: string
  headers: Record<string, string>
  body?: string | FormData
  signedIn: boolean
}

/** better-auth's own endpoints under /api/auth/* are not in the OpenAPI document; fuzz them too. */
const str = (maxLength = 254): JsonSchema => ({ type: 'string', maxLength })
const authBody = (properties: Record<string, JsonSchema>): Operation['body'] => ({ kind: 'json', schema: { type: 'object', properties, required: Object.keys(properties) } })
const authOperation = (method: Operation['method'], path: string, body?: Operation['body'], query: Operation['query'] = []): Operation => ({ method, path, tags: ['better-auth'], auth: false, pathParams: [], query, body })
export const AUTH_PASSTHROUGH_OPERATIONS: Operation[] = [
  authOperation('POST', '/api/auth/sign-up/email', authBody({ email: str(), password: str(), name: str() })),
  authOperation('POST', '/api/auth/sign-in/email', authBody({ email: str(), password: str() })),
  authOperation('POST', '/api/auth/request-password-reset', authBody({ email: str(), redirectTo: str() })),
  authOperation('POST', '/api/auth/reset-password', authBody({ newPassword: str(), token: str() })),
  authOperation('POST', '/api/auth/update-user', authBody({ name: str(), image: str() })),
  authOperation('POST', '/api/auth/change-password', authBody({ currentPassword: str(), newPassword: str() })),
  authOperation('GET', '/api/auth/verify-email', undefined, [{ name: 'token', required: true, schema: str() }]),
  authOperation('GET', '/api/auth/get-session'),
]

// ---------------------------------------------------------------------------------------------
// Values

/** Values that satisfy the schema (patterns and lengths loosely), for the fields an attack leaves alone. */
export function validValue(s: JsonSchema): fc.Arbitrary<unknown> {
  const value = ((): fc.Arbitrary<unknown> => {
    if (s.anyOf) return fc.oneof(...s.anyOf.map(validValue))
    if (s.enum) return fc.constantFrom(...s.enum)
    switch (s.type) {
      case 'string':
        if (s.format === 'uuid') return fc.uuid()
        if (s.format === 'date-time') return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString())
        if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity))
        return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) })
      case 'integer':
        return fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1000 })
      case 'number':
        return fc.double({ min: s.minimum ?? -1000, max: s.maximum ?? 1000, noNaN: true })
      case 'boolean':
        return fc.boolean()
      case 'array':
        return fc.array(validValue(s.items ?? {}), { minLength: s.minItems ?? 0, maxLength: Math.min(s.maxItems ?? 3, 3) })
      case 'object':
        if (!s.properties) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })
        return fc.record(Object.fromEntries(Object.entries(s.properties).map(([k, v]) => [k, validValue(v)])), { requiredKeys: s.required ?? [] })
      default:
        return fc.jsonValue({ maxDepth: 1 })
    }
  })()
  return s.nullable ? fc.option(value, { nil: null, freq: 5 }) : value
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\u0007\u0008\u000b\u000c',
  '\t\r\n',
  '%00',
  '%',
  '%E0%A4%A',
  '%zz',
  '../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "' OR '1'='1' --",
  '"; drop table users; --',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Eevil.exe',
  '\uFEFF',
  '👗'.repeat(500),
  'x'.repeat(70_000),
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'not-a-uuid',
  '123e4567-e89b-12d3-a456-42661417400',
  '2024-02-30T25:61:61Z',
  'javascript:alert(1)',
  'http://169.254.169.254/latest/meta-data/',
  '${jndi:ldap://x}',
  '{{7*7}}',
]
const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 60 }))
const hostileNumber = fc.oneof(fc.constantFrom(-1, 0, -0, 1e308, -1e308, 2 ** 53 + 1, 2 ** 31, -(2 ** 63), 0.5, 1e-320), fc.integer(), fc.double())

/** Wrong types, huge and hostile strings, odd numbers, nested and prototype-shaped objects. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: hostileNumber },
  fc.constantFrom(true, false, null, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}'), { constructor: { prototype: {} } }),
  fc.array(hostileString, { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 33, max: 300 }).map((depth) => nested(depth)),
)

function nested(depth: number): unknown {
  let value: unknown = 'deep'
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value }
  return value
}

// ---------------------------------------------------------------------------------------------
// Request parts

/** URL-encoded; lone surrogates become U+FFFD, as on the wire. */
const encode = (value: unknown) =>
  encodeURIComponent((typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'))
const RAW_PATH_SEGMENTS = ['%', '%E0%A4%A', '%zz', '%00', '%C0%AE%C0%AE', '..', '%2e%2e%2f%2e%2e', '%2F', 'a%00b', '%u0041', '%%30%30']
const rawSegment = fc.oneof(fc.constantFrom(...RAW_PATH_SEGMENTS), hostileString.map(encode))
const BUCKETS = ['avatars', 'products', 'posts', 'stories', 'user-photos', 'constructor', '__proto__', 'hasOwnProperty', 'toString', 'valueOf', 'prototype']

const DEEP_JSON = [
  (n: number) => '['.repeat(n) + ']'.repeat(n),
  (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n),
  (n: number) => '['.repeat(n),
]
const BAD_JSON = ['{', '{"a":}', '[1,2', '{"a":1}}', "{'a':1}", '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}', 'null', 'true', '"text"', '1e999999', '-', '\uFEFF{}', '{"__proto__":{"admin":true}}', '{"a":1,"a":2}', 'NaN', '']

const MULTIPART_BOUNDARY = 'fuzzboundary'
const part = (name: string, value: string, filename?: string) =>
  `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${filename === undefined ? '' : `; filename="${filename}"`}\r\n\r\n${value}\r\n`
const BAD_MULTIPART: { contentType: string; body: string }[] = [
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\ntruncated` },
  { contentType: 'multipart/form-data', body: part('file', 'no boundary in the header') },
  { contentType: 'multipart/form-data; boundary=other', body: part('file', 'boundary mismatch') + `--${MULTIPART_BOUNDARY}--` },
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: '' },
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: part('file', 'GIF89a not an image', 'x.jpg') + `--${MULTIPART_BOUNDARY}--\r\n` },
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: part('file', '\u0000\u0001\u0002', 'a\u0000.jpg') + part('photo_type', 'base\u0000') + `--${MULTIPART_BOUNDARY}--\r\n` },
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: part('x'.repeat(5000), 'long name') + `--${MULTIPART_BOUNDARY}--\r\n` },
  { contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, body: `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${MULTIPART_BOUNDARY}--\r\n` },
  { contentType: 'application/x-www-form-urlencoded', body: 'a=%&b=%E0%A4%A&c=%00&file=x' },
]
const WRONG_CONTENT_TYPES = ['text/plain', 'application/xml', 'application/octet-stream', 'application/json; charset=utf-16', 'application/x-www-form-urlencoded', 'multipart/form-data', 'image/jpeg', '']

/** `suffix`: extra path segments for operations without path parameters. */
type Parts = { path: Record<string, string>; suffix?: string; query: string; body?: { contentType?: string; body: string | FormData } }

const jsonBody = (value: unknown) => ({ contentType: 'application/json', body: JSON.stringify(value) ?? 'null' })
const queryString = (values: Record<string, unknown>) =>
  Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encode(k)}=${encode(v)}`)
    .join('&')

function formBody(values: Record<string, unknown>, file: Blob | string | undefined) {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) if (k !== 'file' && v !== undefined) form.set(k, typeof v === 'string' ? v : JSON.stringify(v) ?? '')
  if (file !== undefined) form.set('file', file as Blob)
  return form
}

const FILES = fc.constantFrom<Blob | string | undefined>(
  undefined,
  'not a file',
  new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/jpeg' }),
  new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }),
  new Blob([new Uint8Array(0)], { type: 'image/png' }),
  new Blob(['GIF89a'], { type: 'image/gif' }),
)

/** A value for every property of an object schema: valid, except where the attack strikes. */
function fields(schema: JsonSchema | undefined, params: { name: string; schema: JsonSchema; required?: boolean }[] = []) {
  const props = params.length ? params : Object.entries(schema?.properties ?? {}).map(([name, s]) => ({ name, schema: s, required: schema?.required?.includes(name) }))
  // Optional fields are mostly left out: every field present is one more way to fail validation before the code under attack.
  const optional = (s: JsonSchema) => fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: validValue(s) })
  return fc.record(Object.fromEntries(props.map((p) => [p.name, p.required ? validValue(p.schema) : optional(p.schema)])))
}

/** NUL most often: PostgreSQL refuses it in text and jsonb. */
const controlCharacter = fc.oneof({ weight: 3, arbitrary: fc.constant('\u0000') }, fc.constantFrom('\u0001', '\u0008', '\u000b', '\u001b', '\u001f'))
/** A valid value with a control character slipped in: passes every other check, so it reaches the database. */
const taint = (value: unknown, at: number, char: string) => (typeof value === 'string' ? value.slice(0, at % (value.length + 1)) + char + value.slice(at % (value.length + 1)) : char)

/** Strikes one field: a hostile value, a control character in a valid value, removed, or an extra unknown field. */
const strike = (values: fc.Arbitrary<Record<string, unknown>>, names: string[]) =>
  fc
    .tuple(values, fc.constantFrom('replace', 'taint', 'taint', 'drop', 'extra'), names.length ? fc.constantFrom(...names) : fc.constant('field'), hostileValue, fc.nat(), controlCharacter)
    .map(([v, how, name, hostile, at, char]) => {
      const out = { ...v }
      if (how === 'drop') delete out[name]
      else if (how === 'taint') out[name] = taint(out[name], at, char)
      else out[how === 'extra' ? `${name}_extra` : name] = hostile
      return { values: out, attack: `${how} ${name}` }
    })

function attacks(op: Operation, realPath: Record<string, string>): fc.Arbitrary<Parts & { attack: string }> {
  const pathNames = op.pathParams.map((p) => p.name)
  const validPath = fc.record(Object.fromEntries(op.pathParams.map((p) => [p.name, fc.oneof(fc.constant(realPath[p.name] ?? p.name), validValue(p.schema).map(encode))])))
  const filesPath = fc.oneof(
    fc.constant(realPath['*'] ?? ''),
    fc.tuple(fc.constantFrom(...BUCKETS), fc.array(fc.oneof(rawSegment, fc.constant(realPath['*']?.split('/')[1] ?? 'x')), { minLength: 0, maxLength: 3 })).map(([b, rest]) => [b, ...rest].join('/')),
  )
  const withFilesPath = (path: Record<string, string>) => (op.path.includes('*') ? filesPath.map((tail) => ({ ...path, '*': tail })) : fc.constant(path))
  const path = validPath.chain(withFilesPath)
  const query = fields(undefined, op.query).map(queryString)
  const bodyValues = fields(op.body?.schema)
  const body = (values: Record<string, unknown>, file?: Blob | string) =>
    op.body?.kind === 'form' ? { body: formBody(values, file) } : op.body ? jsonBody(values) : undefined
  const validBody = op.body?.kind === 'form' ? fc.tuple(bodyValues, FILES).map(([v, f]) => body(v, f)) : bodyValues.map((v) => body(v))

  const options: fc.Arbitrary<Parts & { attack: string }>[] = [
    // Path parameters: hostile values (encoded) and raw malformed %-encoding.
    fc.tuple(path, fc.oneof(hostileString.map(encode), rawSegment), fc.constantFrom(...(pathNames.length ? pathNames : ['suffix'])), query, validBody).map(([p, value, name, q, b]) =>
      name === 'suffix' ? { path: p, suffix: `/${value}`, query: q, body: b, attack: 'path suffix' } : { path: { ...p, [name]: value }, query: q, body: b, attack: `path ${name}` },
    ),
    // Query parameters: one struck field, or a raw malformed query string.
    fc.tuple(path, strike(fields(undefined, op.query), op.query.map((q) => q.name)), validBody).map(([p, q, b]) => ({ path: p, query: queryString(q.values), body: b, attack: `query ${q.attack}` })),
    fc.tuple(path, fc.constantFrom('%', '%E0%A4%A=1', 'limit=%00', 'a=1&a=2&a=3', 'limit=1e309&cursor=%FF', 'q[]=1&q[x]=2', '&&&==&', `cursor=${'A'.repeat(5000)}`), validBody).map(([p, q, b]) => ({ path: p, query: q, body: b, attack: 'raw query' })),
  ]
  if (op.method !== 'GET') {
    options.push(
      // Body: one struck field, a wrong top-level type, malformed or too deep JSON, wrong content types, bad multipart.
      fc.tuple(path, query, strike(bodyValues, Object.keys(op.body?.schema.properties ?? {})), FILES).map(([p, q, s, f]) => ({ path: p, query: q, body: op.body?.kind === 'form' ? { body: formBody(s.values, f) } : jsonBody(s.values), attack: `body ${s.attack}` })),
      fc.tuple(path, query, hostileValue).map(([p, q, v]) => ({ path: p, query: q, body: jsonBody(v), attack: 'body of the wrong type' })),
      fc.tuple(path, query, fc.oneof(fc.constantFrom(...BAD_JSON), fc.tuple(fc.constantFrom(...DEEP_JSON), fc.integer({ min: 40, max: 20_000 })).map(([f, n]) => f(n)))).map(([p, q, text]) => ({ path: p, query: q, body: { contentType: 'application/json', body: text }, attack: 'malformed JSON' })),
      fc.tuple(path, query, bodyValues, fc.constantFrom(...WRONG_CONTENT_TYPES)).map(([p, q, v, type]) => ({ path: p, query: q, body: { contentType: type || undefined, body: JSON.stringify(v) }, attack: `content type ${type || 'none'}` })),
      fc.tuple(path, query, fc.constantFrom(...BAD_MULTIPART)).map(([p, q, m]) => ({ path: p, query: q, body: m, attack: 'malformed multipart' })),
    )
  }
  return fc.oneof(...options)
}

/** `perOperation` malformed requests for each operation, the same for the same seed. */
export function fuzzRequests(operations: Operation[], opts: { perOperation: number; seed: number; pathValues: (path: string) => Record<string, string> }): FuzzRequest[] {
  return operations.flatMap((op, i) =>
    fc
      .sample(fc.tuple(attacks(op, opts.pathValues(op.path)), fc.boolean()), { numRuns: opts.perOperation, seed: opts.seed + i })
      .map(([parts, signedIn]) => {
        const query = parts.query ? `?${parts.query}` : ''
        const headers: Record<string, string> = parts.body?.contentType ? { 'content-type': parts.body.contentType } : {}
        return { operation: label(op), attack: parts.attack, method: op.method, url: fillPath(op.path, parts.path) + (parts.suffix ?? '') + query, headers, body: parts.body?.body, signedIn }
      }),
  )
}

// ---------------------------------------------------------------------------------------------
// Running

/** Frames of a JavaScript stack, error class prefixes, database errors and module paths. */
export const STACK_TRACE = /\bat (?:async )?\S+ \(|\bat (?:file|node):|(?:^|[^\w])(?:Type|Range|Syntax|Reference|URI)?Error: |Failed query|node_modules|\.ts:\d+:\d+/

export type FuzzFailure = { request: FuzzRequest; status: number; body: string }
export type FuzzSummary = { requests: number; serverErrors: FuzzFailure[]; stackTraces: FuzzFailure[]; byStatus: Record<number, number> }

type Session = { cookie: () => string; renew: () => Promise<void> }

/** Sends the requests one after another (as `session` when signed in) and sums up the answers. */
export async function runFuzz(app: Hono<never>, requests: FuzzRequest[], opts: { origin: string; session: Session; onProgress?: (done: number) => void }): Promise<FuzzSummary> {
  const summary: FuzzSummary = { requests: 0, serverErrors: [], stackTraces: [], byStatus: {} }
  for (const [i, req] of requests.entries()) {
    const headers: Record<string, string> = { origin: opts.origin, 'x-forwarded-for': `10.9.${(i >> 8) & 255}.${i & 255}`, ...req.headers }
    if (req.signedIn) headers.cookie = opts.session.cookie()
    const res = await send(app, req.url, { method: req.method, headers, body: req.body })
    summary.requests++
    summary.byStatus[res.status] = (summary.byStatus[res.status] ?? 0) + 1
    const failure = { request: req, status: res.status, body: res.text.slice(0, 500) }
    if (res.status >= 500) summary.serverErrors.push(failure)
    if (!/^(image|application\/octet-stream)/.test(res.contentType) && STACK_TRACE.test(res.text)) summary.stackTraces.push(failure)
    if (req.signedIn && ENDS_SESSION.test(req.url)) await opts.session.renew()
    opts.onProgress?.(i + 1)
  }
  return summary
}

/** One line per failure, for test output and the bench. */
export const describeFailure = (f: FuzzFailure) => `${f.status} ${f.request.method} ${f.request.url.slice(0, 200)} [${f.request.attack}] ${f.body.slice(0, 300)}`
