import type { z } from 'zod'
import type { ApiError } from '~/shared/api'

/** An API failure with the server's error code, message and per-field messages. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

type Options = Omit<RequestInit, 'body'> & { body?: unknown; query?: Record<string, string | number | boolean | undefined | null> }

/**
 * The one fetch helper: JSON in and out, cookies included, errors as ApiRequestError. Given the
 * shared response schema it returns that schema's type, checked: a mismatch fails loudly in
 * development and is logged in production (where the unchecked answer is still used). Without a
 * schema the answer is not read (an action whose result the caller does not need).
 */
export async function api<S extends z.ZodType>(path: string, options: Options & { schema: S }): Promise<z.output<S>>
export async function api(path: string, options?: Options): Promise<void>
export async function api(path: string, { body, query, headers, schema, ...init }: Options & { schema?: z.ZodType } = {}): Promise<unknown> {
  const qs = query
    ? new URLSearchParams(Object.entries(query).filter((e): e is [string, string | number | boolean] => e[1] !== undefined && e[1] !== null && e[1] !== '').map(([k, v]) => [k, String(v)])).toString()
    : ''
  const isForm = body instanceof FormData
  let res: Response
  try {
    res = await fetch(`/api${path}${qs ? `?${qs}` : ''}`, {
      credentials: 'same-origin',
      ...init,
      method: init.method ?? (body === undefined ? 'GET' : 'POST'),
      headers: { ...(body === undefined || isForm ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
    })
  } catch {
    throw new ApiRequestError(0, 'network', 'You seem to be offline. Check your connection and try again.')
  }
  if (res.status === 204) return undefined
  const data = (await res.json().catch(() => null)) as unknown
  if (!res.ok) {
    const err = (data as ApiError | null)?.error
    throw new ApiRequestError(res.status, err?.code ?? 'unknown', err?.message ?? `Request failed (${res.status}).`, err?.fields)
  }
  return schema ? checked(schema, data, path) : data
}

function checked(schema: z.ZodType, data: unknown, path: string) {
  const parsed = schema.safeParse(data)
  if (parsed.success) return parsed.data
  const problem = `The answer of ${path} does not match its schema: ${parsed.error.message}`
  if (import.meta.env.DEV) throw new Error(problem)
  console.error(problem)
  return data
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.message : fallback)
