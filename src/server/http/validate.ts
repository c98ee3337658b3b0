import { validator } from 'hono/validator'
import { z } from 'zod'
import { fromZodError } from './errors'
import { attachDoc } from './openapi'

/**
 * Request validators: each checks one part of the request with a zod schema, turns failures into
 * the 400 error shape with a message per field, and publishes the schema in the OpenAPI document.
 * Use strict objects so that unknown fields are refused rather than silently dropped.
 */
function parse<S extends z.core.$ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = z.safeParse(schema, value)
  if (!parsed.success) throw fromZodError(parsed.error)
  return parsed.data
}

export const json = <S extends z.core.$ZodType>(schema: S) => attachDoc(validator('json', (v) => parse(schema, v)), { json: schema })
export const query = <S extends z.core.$ZodType>(schema: S) => attachDoc(validator('query', (v) => parse(schema, v)), { query: schema })
export const params = <S extends z.core.$ZodType>(schema: S) => attachDoc(validator('param', (v) => parse(schema, v)), { param: schema })
export const form = <S extends z.core.$ZodType>(schema: S) => attachDoc(validator('form', (v) => parse(schema, v)), { form: schema })
