import { z } from 'zod'

/**
 * The operations of the app's OpenAPI document (`/api/openapi.json`) in the form the security
 * suites need: method, path template, whether a session is required, and the JSON schemas of the
 * path and query parameters and of the body.
 */
export type JsonSchema = {
  type?: string
  enum?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  items?: JsonSchema
  minItems?: number
  maxItems?: number
  properties?: Record<string, JsonSchema>
  required?: string[]
  additionalProperties?: boolean | JsonSchema
  anyOf?: JsonSchema[]
  nullable?: boolean
}

export type Parameter = { name: string; required: boolean; schema: JsonSchema }

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** OpenAPI path template, e.g. `/api/posts/{id}`. */
  path: string
  tags: string[]
  auth: boolean
  pathParams: Parameter[]
  query: Parameter[]
  body?: { kind: 'json' | 'form'; schema: JsonSchema }
}

const JsonSchemaSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    enum: z.array(z.unknown()).optional(),
    format: z.string().optional(),
    pattern: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    items: JsonSchemaSchema.optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    properties: z.record(z.string(), JsonSchemaSchema).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.union([z.boolean(), JsonSchemaSchema]).optional(),
    anyOf: z.array(JsonSchemaSchema).optional(),
    nullable: z.boolean().optional(),
  }),
)

/** The parts of the OpenAPI document the suites read. */
export const OpenApiDocSchema = z.object({
  paths: z.record(
    z.string(),
    z.record(
      z.string(),
      z.object({
        tags: z.array(z.string()).optional(),
        security: z.array(z.unknown()).optional(),
        parameters: z.array(z.object({ name: z.string(), in: z.enum(['path', 'query']), required: z.boolean(), schema: JsonSchemaSchema })).optional(),
        requestBody: z.object({ content: z.record(z.string(), z.object({ schema: JsonSchemaSchema })) }).optional(),
      }),
    ),
  ),
})
type OpenApiDoc = z.infer<typeof OpenApiDocSchema>

/** Dev-only routes (the dev mailbox) are out of scope of the security suites. */
const OUT_OF_SCOPE_TAGS = new Set(['dev'])

export function operationsOf(doc: OpenApiDoc): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => !op.tags?.some((t) => OUT_OF_SCOPE_TAGS.has(t)))
      .map(([method, op]) => {
        const params = op.parameters ?? []
        const pick = (where: 'path' | 'query') => params.filter((p) => p.in === where).map(({ name, required, schema }) => ({ name, required, schema }))
        const content = op.requestBody?.content ?? {}
        const body = content['application/json']
          ? { kind: 'json' as const, schema: content['application/json'].schema }
          : content['multipart/form-data']
            ? { kind: 'form' as const, schema: content['multipart/form-data'].schema }
            : undefined
        return { method: method.toUpperCase() as Operation['method'], path, tags: op.tags ?? [], auth: Boolean(op.security?.length), pathParams: pick('path'), query: pick('query'), body }
      }),
  )
}

/** Fills `{name}` placeholders (already encoded values) and `*` (a raw tail, e.g. a file key). */
export const fillPath = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? name).replace('*', values['*'] ?? '')

export const label = (op: Pick<Operation, 'method' | 'path'>) => `${op.method} ${op.path}`
