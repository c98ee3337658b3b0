import { useState, type FormEvent } from 'react'
import type { z } from 'zod/mini'
import { fieldErrors, firstFieldError, type FieldErrors } from '~/shared/field-errors'
import { ApiRequestError } from './api'

type Errors = Record<string, string | undefined>
type Values = Record<string, unknown>

/**
 * The one form pattern: values in state, the shared zod schema checks them before submit (the
 * server checks them again), field errors (the schema's or the server's) land under their fields,
 * one form-level message for the rest.
 */
export function useForm<I extends Values, O = I>(opts: {
  /** Checked before submit; leave it out where the server is the only judge (sign-in). */
  schema?: z.ZodMiniType<O, I>
  initial: I
  onSubmit: (values: O) => Promise<void> | void
  /** Maps a failure to the form-level message; field errors from the server are shown by field. */
  errorMessage?: (err: unknown) => string
  /** Also told when the schema rejects the values (a composer that reports by toast). */
  onInvalid?: (fields: FieldErrors, values: I) => void
}) {
  const [values, setValues] = useState<I>(opts.initial)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const set = <K extends keyof I>(key: K, value: I[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key]: undefined }))
  }

  /** Shows each message under its top-level field; answers whether every message found a field. */
  const showErrors = (fields: FieldErrors) => {
    const next: Errors = {}
    let allShown = true
    for (const [path, message] of Object.entries(fields)) {
      const field = path.split('.')[0] ?? path
      if (field in values) next[field] ??= message
      else allShown = false
    }
    setErrors(next)
    return allShown
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (pending) return
    setFormError(null)
    const parsed = opts.schema ? opts.schema.safeParse(values) : { success: true as const, data: values as unknown as O }
    if (!parsed.success) {
      const fields = fieldErrors(parsed.error.issues)
      if (!showErrors(fields)) setFormError(firstFieldError(fields) ?? null)
      opts.onInvalid?.(fields, values)
      return
    }
    setErrors({})
    setPending(true)
    try {
      await opts.onSubmit(parsed.data)
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields && showErrors(err.fields)) return
      setFormError(opts.errorMessage ? opts.errorMessage(err) : err instanceof Error ? err.message : 'Something went wrong.')
    } finally {
      setPending(false)
    }
  }

  const reset = (next: I = opts.initial) => {
    setValues(next)
    setErrors({})
    setFormError(null)
  }

  return { values, set, setValues, reset, errors, showErrors, formError, setFormError, pending, submit }
}
