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
 * The one fetch helper: JSON in and out, cookies included, errors as ApiRequestError. A GET the
 * server already answered inside index.html (the first screen's data) is served from there once.
 */
export async function api<T>(path: string, { body, query, headers, ...init }: Options = {}): Promise<T> {
  const url = apiUrl(path, query)
  const isGet = body === undefined && (init.method ?? 'GET') === 'GET'
  const inlined = isGet ? takeInlinedAnswer(url) : undefined
  if (inlined) return inlined.data as T
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
  if (res.status === 204) return undefined as T
  const data = (await res.json().catch(() => null)) as unknown
  if (!res.ok) {
    const err = (data as ApiError | null)?.error
    throw new ApiRequestError(res.status, err?.code ?? 'unknown', err?.message ?? `Request failed (${res.status}).`, err?.fields)
  }
  return data as T
}

export const errorMessage = (err: unknown, fallback: string) => (err instanceof ApiRequestError ? err.message : fallback)
