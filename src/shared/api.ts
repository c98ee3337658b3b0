import { z } from 'zod'

/** The one error shape every API answer uses. */
export const ApiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
})
export type ApiError = z.infer<typeof ApiErrorSchema>

/** A 400 of invalid input: the error names the fields. */
export const ValidationErrorSchema = z.object({ error: ApiErrorSchema.shape.error.required({ fields: true }) })

/** The answer of an action that has nothing else to say. */
export const OkSchema = z.object({ ok: z.literal(true) })

export const PageQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
})

export const IdParamSchema = z.object({ id: z.string().min(1).max(64) })
