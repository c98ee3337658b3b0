import { z } from 'zod'
import { badRequest } from './errors'

/** An opaque page cursor: the keyset position as base64url JSON. */
export const encodeCursor = (position: unknown) => Buffer.from(JSON.stringify(position)).toString('base64url')

/** The keyset position a cursor carries, checked by `schema`; a 400 on the `cursor` field otherwise. */
export function decodeCursor<S extends z.core.$ZodType>(raw: string, schema: S): z.infer<S> {
  let position: unknown
  try {
    position = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
  } catch {
    position = undefined
  }
  const parsed = z.safeParse(schema, position)
  if (!parsed.success) throw badRequest('That page link is no longer valid.', { cursor: 'Invalid cursor' })
  return parsed.data
}
