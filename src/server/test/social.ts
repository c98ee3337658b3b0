import type { TestApp } from './harness'
import { ensureProfile } from '../features/profiles'

/** A signed-up, verified user with a profile (username from the e-mail). */
export async function socialUser(t: TestApp, name: string) {
  const { cookie, user } = await t.signUp(`${name}-${crypto.randomUUID().slice(0, 6)}@example.com`)
  const profile = await ensureProfile(t.platform.db, user.id)
  return { cookie, id: user.id, username: profile.username! }
}

/**
 * Opens a server-sent-events stream of the app and collects its events; `next(type)` resolves
 * with the data of the next event of that type (or rejects after `timeoutMs`).
 */
export async function openStream(t: TestApp, path: string, cookie: string) {
  const res = await t.app.request(path, { headers: { cookie } })
  if (res.status !== 200 || !res.body) throw new Error(`stream ${path} answered ${res.status}`)
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  const events: { type: string; data: unknown }[] = []
  let buffer = ''
  const pump = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += decoder.decode(value, { stream: true })
      let at: number
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, at)
        buffer = buffer.slice(at + 2)
        const type = /^event: ?(.*)$/m.exec(chunk)?.[1] ?? 'message'
        const data = /^data: ?(.*)$/m.exec(chunk)?.[1] ?? ''
        events.push({ type, data: data ? JSON.parse(data) : null })
      }
    }
  })()
  let seen = 0
  async function next(type: string, timeoutMs = 3000): Promise<unknown> {
    const deadline = Date.now() + timeoutMs
    while (Date.now() < deadline) {
      const i = events.findIndex((e, idx) => idx >= seen && e.type === type)
      if (i >= 0) {
        seen = i + 1
        return events[i]!.data
      }
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no '${type}' event on ${path} within ${timeoutMs} ms`)
  }
  const close = async () => {
    await reader.cancel().catch(() => {})
    await pump
  }
  await next('ready')
  return { next, events, close }
}
