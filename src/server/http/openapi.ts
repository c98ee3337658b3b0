import type { Hono, MiddlewareHandler } from 'hono'
import { z } from 'zod'
import { ApiErrorSchema } from '~/shared/api'
import { type AppEnv, requireUser } from './session'

type RouteDoc = {
  summary?: string
  tags?: string[]
  auth?: boolean
  json?: z.core.$ZodType
  query?: z.core.$ZodType
  param?: z.core.$ZodType
  form?: z.core.$ZodType
  response?: z.core.$ZodType
  responseType?: string
}

const DOC = Symbol('openapi')
type Documented = { [DOC]?: RouteDoc }

export function attachDoc<M>(middleware: M, doc: RouteDoc): M {
  ;(middleware as Documented)[DOC] = doc
  return middleware
}

/**
 * Describes a route in the OpenAPI document. With `auth: true` it also answers 401 to a signed-out
 * caller before any validator runs, so the document and the behaviour cannot disagree and a
 * signed-out caller never sees validation errors.
 */
export function describe(doc: RouteDoc): MiddlewareHandler<AppEnv> {
  return attachDoc(async (c, next) => {
    if (doc.auth) requireUser(c)
    await next()
  }, doc)
}

const toSchema = (s: z.core.$ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>

function parameters(schema: z.core.$ZodType | undefined, where: 'query' | 'path') {
  if (!schema) return []
  const js = toSchema(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] }
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
  }))
}

/** Builds the OpenAPI 3 document from the documented middlewares of every registered route. */
export function buildOpenApi(app: Hono<never>, info: { title: string; version: string }) {
  const merged = new Map<string, RouteDoc>()
  for (const r of app.routes) {
    const doc = (r.handler as Documented)[DOC]
    if (!doc || r.method === 'ALL') continue
    const key = `${r.method.toLowerCase()} ${r.path}`
    merged.set(key, { ...merged.get(key), ...doc })
  }
  const paths: Record<string, Record<string, { summary?: string; tags?: string[] } & Record<string, unknown>>> = {}
  const errorResponse = { description: 'Error', content: { 'application/json': { schema: toSchema(ApiErrorSchema, 'output') } } }
  for (const [key, doc] of merged) {
    const [method, rawPath] = key.split(' ') as [string, string]
    const path = rawPath.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')
    const body = doc.json
      ? { content: { 'application/json': { schema: toSchema(doc.json, 'input') } } }
      : doc.form
        ? { content: { 'multipart/form-data': { schema: toSchema(doc.form, 'input') } } }
        : undefined
    paths[path] ??= {}
    paths[path][method] = {
      summary: doc.summary,
      tags: doc.tags,
      security: doc.auth ? [{ session: [] }] : undefined,
      parameters: [...parameters(doc.param, 'path'), ...parameters(doc.query, 'query')],
      requestBody: body,
      responses: {
        200: doc.response
          ? { description: 'OK', content: { 'application/json': { schema: toSchema(doc.response, 'output') } } }
          : { description: 'OK', content: doc.responseType ? { [doc.responseType]: {} } : undefined },
        default: errorResponse,
      },
    }
  }
  return {
    openapi: '3.0.3',
    info,
    components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'drape.session_token' } } },
    paths,
  }
}
