import type { MiddlewareHandler } from 'hono'
import { tryDecodeURIComponent } from 'hono/utils/url'
import { badRequest } from './errors'

/**
 * One check of every text a request carries — path, query, JSON and form bodies — before any
 * route (or better-auth) sees it, so a route cannot forget it:
 * - NUL, which PostgreSQL text and jsonb cannot hold, and the other C0 control characters no
 *   field needs (tab, line feed and carriage return are allowed);
 * - JSON nested deeper than MAX_JSON_DEPTH, which would overflow the stack of whatever walks it
 *   later (zod, JSON.stringify of a jsonb column, the database).
 * The body is read through Hono's body cache, so validators and `parseBody` reuse it.
 */
export const MAX_JSON_DEPTH = 32
export const CONTROL_CHARACTERS_MESSAGE = 'Text cannot contain control characters.'
export const TOO_DEEP_MESSAGE = `The request is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`

const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/ // eslint-disable-line no-control-regex
// Wider than Hono's JSON validator (`application/*+json`), so every body a validator parses is checked.
const JSON_TYPE = /json/i
const FORM_TYPES = new Set(['multipart/form-data', 'application/x-www-form-urlencoded'])

const fieldName = (path: readonly (string | number)[]) => (path.length ? path.join('.') : '_')

function checkText(text: string, path: readonly (string | number)[]) {
  if (CONTROL_CHARACTERS.test(text)) throw badRequest(CONTROL_CHARACTERS_MESSAGE, { [fieldName(path)]: CONTROL_CHARACTERS_MESSAGE })
}

/** Throws a 400 naming the first field with a control character, or when nesting exceeds MAX_JSON_DEPTH. */
export function checkInput(value: unknown, path: readonly (string | number)[] = [], depth = 0): void {
  if (typeof value === 'string') return checkText(value, path)
  if (typeof value !== 'object' || value === null || value instanceof Blob) return
  if (depth >= MAX_JSON_DEPTH) throw badRequest(TOO_DEEP_MESSAGE, { [fieldName(path.slice(0, 1))]: TOO_DEEP_MESSAGE })
  for (const [key, item] of Object.entries(value)) {
    const at = [...path, Array.isArray(value) ? Number(key) : key]
    checkText(key, at)
    checkInput(item, at, depth + 1)
  }
}

const mediaType = (contentType: string) => (contentType.split(';')[0] ?? '').trim().toLowerCase()

async function checkBody(req: Parameters<MiddlewareHandler>[0]['req']) {
  const contentType = req.header('content-type')
  if (!contentType || req.method === 'GET' || req.method === 'HEAD') return
  const type = mediaType(contentType)
  if (JSON_TYPE.test(type)) {
    const text = await req.text()
    if (!text.trim()) return
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      throw badRequest('The request body is not valid JSON.')
    }
    return checkInput(value)
  }
  if (FORM_TYPES.has(type)) {
    const buffer = await req.arrayBuffer()
    let form: FormData
    try {
      form = await new Response(buffer, { headers: { 'content-type': contentType } }).formData()
    } catch {
      throw badRequest('The form data is malformed.')
    }
    req.bodyCache.formData = form as never
    for (const [key, item] of form) {
      checkText(key, [key])
      if (typeof item === 'string') checkText(item, [key])
    }
  }
}

export const inputGuard: MiddlewareHandler = async (c, next) => {
  checkText(tryDecodeURIComponent(c.req.path), ['path'])
  for (const [key, values] of Object.entries(c.req.queries())) {
    checkText(key, [key])
    for (const v of values) checkText(v, [key])
  }
  await checkBody(c.req)
  await next()
}
