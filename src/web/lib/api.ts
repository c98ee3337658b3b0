import type { z } from 'zod/mini'
import type { ApiError } from '~/shared/api'
import { type ApiQuery, apiUrl } from '~/shared/api-url'
import { takeInlinedAnswer } from './inlined-answers'

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

type Options = Omit<RequestInit, 'body'> & { body?: unknown; query?: ApiQuery }

/**
 * The one fetch helper: JSON in and out, cookies included, errors as ApiRequestError. Given the
 * shared response schema it returns that schema's type, checked: a mismatch fails loudly in
 * development and is logged in production (where the unchecked answer is still used). Without a
 * schema the answer is not read (an action whose result the caller does not need). A GET the
 * server already answered inside index.html (the first screen's data) is served from there once,
 * checked by the same schema.
 */
export async function api<S extends z.ZodMiniType>(path: string, options: Options & { schema: S }): Promise<z.output<S>>
export async function api(path: string, options?: Options): Promise<void>
export async function api(path: string, { body, query, headers, schema, ...init }: Options & { schema?: z.ZodMiniType } = {}): Promise<unknown> {
  const url = apiUrl(path, query)
  const isGet = body === undefined && (init.method ?? 'GET') === 'GET'
  const inlined = isGet ? takeInlinedAnswer(url) : undefined
  if (inlined) return schema ? checked(schema, inlined.data, path) : inlined.data
  const isForm = body instanceof FormData
  let res: Response
  try {
    res = await fetch(url, {
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

function checked(schema: z.ZodMiniType, data: unknown, path: string) {
  const parsed = schema.safeParse(data)
  if (parsed.success) return parsed.data
  const problem = `The answer of ${path} does not match its schema: ${parsed.error.message}`
  if (import.meta.env.DEV) throw new Error(problem)
  console.error(problem)
  return data
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.message : fallback)
