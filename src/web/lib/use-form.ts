import { useState, type FormEvent } from 'react'
import type { z } from 'zod'
import { ApiRequestError } from './api'

type Errors = Record<string, string | undefined>

/**
 * The one form pattern: values in state, the shared zod schema checks them before submit (the
 * server checks them again), server field errors land under their fields, one form-level message.
 */
export function useForm<S extends z.ZodType<unknown, Record<string, unknown>>>(opts: {
  /** Checked before submit; leave it out where the server is the only judge (sign-in). */
  schema?: S
  initial: z.input<S>
  onSubmit: (values: z.output<S>) => Promise<void>
  /** Maps a failure to the form-level message; field errors from the server are shown by field. */
  errorMessage?: (err: unknown) => string
}) {
  const [values, setValues] = useState<z.input<S>>(opts.initial)
  const [errors, setErrors] = useState<Errors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)

  const set = <K extends keyof z.input<S>>(key: K, value: z.input<S>[K]) => {
    setValues((v) => ({ ...v, [key]: value }))
    setErrors((e) => ({ ...e, [key as string]: undefined }))
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    if (pending) return
    setFormError(null)
    const parsed = opts.schema ? opts.schema.safeParse(values) : { success: true as const, data: values as z.output<S> }
    if (!parsed.success) {
      const next: Errors = {}
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? '_')] ??= issue.message
      setErrors(next)
      return
    }
    setErrors({})
    setPending(true)
    try {
      await opts.onSubmit(parsed.data)
    } catch (err) {
      if (err instanceof ApiRequestError && err.fields) {
        setErrors(err.fields)
        if (Object.keys(err.fields).every((k) => k in (values as object))) return
      }
      setFormError(opts.errorMessage ? opts.errorMessage(err) : err instanceof Error ? err.message : 'Something went wrong.')
    } finally {
      setPending(false)
    }
  }

  return { values, set, setValues, errors, formError, setFormError, pending, submit }
}
