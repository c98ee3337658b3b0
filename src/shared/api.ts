import { z } from 'zod/mini'

/** The one error shape every API answer uses. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** A 400 of invalid input: the error names the fields. */
export const ValidationErrorSchema = z.object({ error: z.required(ApiErrorSchema.shape.error, { fields: true }) })

/** The answer of an action that has nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) })

export const PageQuerySchema = z.object({
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
})

export const IdParamSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) })
