import type { z } from 'zod/mini'

/** Per-field messages, keyed by the dotted path of the field ('_' for the whole input). */
export type FieldErrors = Record<string, string>

/**
 * The one mapping from zod issues to field messages, used by the server's 400 answers and by the
 * web forms: the first issue of each field wins.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const fields: FieldErrors = {}
  for (const issue of issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_'
    fields[key] ??= issue.message
  }
  return fields
}

/** The message to show when only one fits (a composer, a toast): the first field's. */
export const firstFieldError = (fields: FieldErrors): string | undefined => Object.values(fields)[0]

/** The messages of the fields under `prefix` ('shipping' -> 'shipping.city' as 'city'), or null if none. */
export function fieldsUnder(prefix: string, fields: FieldErrors | undefined): FieldErrors | null {
  const under = Object.entries(fields ?? {}).filter(([path]) => path.startsWith(`${prefix}.`))
  return under.length ? Object.fromEntries(under.map(([path, message]) => [path.slice(prefix.length + 1), message])) : null
}
