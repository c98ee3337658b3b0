import type { Hono } from 'hono'

export type Sent = { status: number; contentType: string; text: string }

/** Calls the app in process; a live stream (server-sent events) is answered by its status alone, as it never ends. */
export async function send(app: Hono<never>, url: string, init: RequestInit): Promise<Sent> {
  const res = await app.request(url, init)
  const contentType = res.headers.get('content-type') ?? ''
  const text = contentType.includes('event-stream') ? (await res.body?.cancel(), '') : await res.text()
  return { status: res.status, contentType, text }
}

/** Requests that end the caller's session when they succeed. */
export const ENDS_SESSION = /logout|sign-out|revoke|reset-password|change-password/
