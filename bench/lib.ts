import { spawn, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

/** The dev mailbox key every bench server gets (`GET /api/dev/mailbox?key=`). */
export const MAILBOX_KEY = 'bench-dev-mailbox-key-0123456789'

/**
 * Starts the real server; resolves once /login (unless `waitForPage` is false: no production build
 * needed) and then /api/health answer 200. Its stderr goes to `logFile` when given.
 */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string>; waitForPage?: boolean; logFile?: string }) {
  const started = performance.now()
  const stderr = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'inherit'
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${opts.port}`, DEV_MAILBOX_KEY: MAILBOX_KEY, ...opts.env },
    stdio: ['ignore', 'ignore', stderr],
  })
  if (typeof stderr === 'number') fs.closeSync(stderr)
  const url = `http://localhost:${opts.port}`
  const ok = async (path: string) => {
    try {
      return (await fetch(`${url}${path}`)).status === 200
    } catch {
      return false
    }
  }
  let firstPageMs: number | undefined
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up')
    if (firstPageMs === undefined && (opts.waitForPage === false || (await ok('/login')))) firstPageMs = performance.now() - started
    if (firstPageMs !== undefined && (await ok('/api/health'))) break
    await new Promise((r) => setTimeout(r, 25))
  }
  /** Until /api/health answers 200: start-up work (demo seeding) done. */
  const ms = performance.now() - started
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill(name)
    })
  return {
    url,
    ms,
    firstPageMs: firstPageMs!,
    /** Whether the process is still running (it has not crashed). */
    running: () => child.exitCode === null && child.signalCode === null,
    stop: () => signal('SIGTERM'),
    /** kill -9: no shutdown work at all. */
    kill: () => signal('SIGKILL'),
  }
}

/** Registers, verifies through the dev mailbox and signs in on the server at `url`; answers the session cookie and username. */
export async function signedInUser(url: string, name: string) {
  const origin = { origin: url }
  const email = `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`
  const password = 'bench-password-1'
  await fetch(`${url}/api/account/register`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password, confirmPassword: password }) })
  const mails = (await (await fetch(`${url}/api/dev/mailbox?to=${encodeURIComponent(email)}&key=${MAILBOX_KEY}`)).json()) as { links: string[] }[]
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('verify-email'))
  if (!link) throw new Error(`no verification mail for ${email}`)
  await fetch(`${url}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' })
  const login = await fetch(`${url}/api/account/login`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const profile = (await (await fetch(`${url}/api/profile`, { headers: { cookie } })).json()) as { username: string }
  return { cookie, username: profile.username }
}

/**
 * Opens the event stream (GET /api/events) of the user with `cookie`; `arrival(id)` resolves with
 * the moment (performance.now()) the `message` event with that id arrived, or rejects after `timeoutMs`.
 */
export async function messageStream(url: string, cookie: string) {
  const arrivals = new Map<string, number>()
  const waiting = new Map<string, (at: number) => void>()
  const res = await fetch(`${url}/api/events`, { headers: { cookie } })
  if (res.status !== 200 || !res.body) throw new Error(`/api/events answered ${res.status}`)
  const reader = res.body.getReader()
  let open = true
  void (async () => {
    const decoder = new TextDecoder()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }))
      if (done) return void (open = false)
      buffer += decoder.decode(value, { stream: true })
      let at: number
      while ((at = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, at)
        buffer = buffer.slice(at + 2)
        if (!/^event: ?message$/m.test(chunk)) continue
        const { id } = JSON.parse(/^data: ?(.*)$/m.exec(chunk)![1]!) as { id: string }
        const now = performance.now()
        arrivals.set(id, now)
        waiting.get(id)?.(now)
      }
    }
  })()
  return {
    arrival: (id: string, timeoutMs = Infinity) =>
      arrivals.get(id) ??
      new Promise<number>((resolve, reject) => {
        const timer = Number.isFinite(timeoutMs) ? setTimeout(() => reject(new Error(`message ${id} did not arrive within ${timeoutMs} ms`)), timeoutMs) : undefined
        waiting.set(id, (at) => {
          clearTimeout(timer)
          resolve(at)
        })
      }),
    /** Whether the server still holds the stream open. */
    isOpen: () => open,
    close: () => reader.cancel().catch(() => {}),
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
