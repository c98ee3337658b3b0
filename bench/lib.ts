import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

/** The dev mailbox key every bench server gets (`GET /api/dev/mailbox?key=`). */
export const MAILBOX_KEY = 'bench-dev-mailbox-key-0123456789'

/**
 * The allocator setting `npm start` and `npm run worker` run the server with (package.json): glibc
 * keeps at most two malloc arenas, so the full-size planes the try-on engine frees on its threads
 * are reused, not kept by one arena per thread (docs/decisions/0030).
 */
export const SERVER_ALLOCATOR = { MALLOC_ARENA_MAX: '2' }

/**
 * Runs this script again under the server's allocator setting, unless one is set (glibc reads it
 * when the process starts); returns only in the run that has it.
 */
export function underServerAllocator() {
  if (process.env.MALLOC_ARENA_MAX !== undefined) return
  const run = spawnSync(process.execPath, [...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit', env: { ...process.env, ...SERVER_ALLOCATOR } })
  process.exit(run.status ?? 1)
}

/** Spawns `node --import tsx <script>` with the bench defaults under `env`; its stderr goes to `logFile` when given. */
function spawnApp(script: string, env: Record<string, string>, opts: { logFile?: string; stdout: 'ignore' | 'pipe' }) {
  const stderr = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'inherit'
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...SERVER_ALLOCATOR, LOG_LEVEL: 'warn', DEV_MAILBOX_KEY: MAILBOX_KEY, ...env },
    stdio: ['ignore', opts.stdout, stderr],
  })
  if (typeof stderr === 'number') fs.closeSync(stderr)
  const signal = (name: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill(name)
    })
  return {
    child,
    /** Whether the process is still running (it has not crashed). */
    running: () => child.exitCode === null && child.signalCode === null,
    /** SIGTERM: graceful shutdown; resolves once the process has exited. */
    stop: () => signal('SIGTERM'),
    /** kill -9: no shutdown work at all. */
    kill: () => signal('SIGKILL'),
  }
}

/**
 * Starts the real server; resolves once /login (unless `waitForPage` is false: no production build
 * needed) and then /api/health answer 200. Its stderr goes to `logFile` when given.
 */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string>; waitForPage?: boolean; logFile?: string }) {
  const started = performance.now()
  const app = spawnApp('src/server/main.ts', { PORT: String(opts.port), DATA_DIR: opts.dataDir, PUBLIC_URL: `http://localhost:${opts.port}`, ...opts.env }, { logFile: opts.logFile, stdout: 'ignore' })
  const { child } = app
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
  const { running, stop, kill } = app
  return { url, ms, firstPageMs: firstPageMs!, running, stop, kill, exitCode: () => child.exitCode }
}

/**
 * Starts a job worker (`npm run worker`); resolves once it has started. `log()` is what it has
 * written to stdout (info level) so far.
 */
export async function startWorker(opts: { dataDir: string; env?: Record<string, string>; logFile?: string }) {
  const app = spawnApp('src/server/worker.ts', { DATA_DIR: opts.dataDir, ...opts.env, LOG_LEVEL: 'info' }, { logFile: opts.logFile, stdout: 'pipe' })
  let log = ''
  app.child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString('utf8')))
  while (!log.includes('worker started')) {
    if (!app.running()) throw new Error('worker exited during start-up')
    await new Promise((r) => setTimeout(r, 25))
  }
  return { ...app, log: () => log, exitCode: () => app.child.exitCode }
}

/**
 * Registers on the server at `url`, verifies through the dev mailbox and signs in there too, or on
 * `opts.verifyAt` (another instance); answers the session cookie and username. `opts.origin` is
 * the server's PUBLIC_URL when it is not `url` (instances behind a proxy).
 */
export async function signedInUser(url: string, name: string, opts: { verifyAt?: string; origin?: string } = {}) {
  const origin = { origin: opts.origin ?? url }
  const email = `${name}-${crypto.randomBytes(4).toString('hex')}@example.com`
  const password = 'bench-password-1'
  await fetch(`${url}/api/account/register`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password, confirmPassword: password }) })
  const at = opts.verifyAt ?? url
  const mails = (await (await fetch(`${at}/api/dev/mailbox?to=${encodeURIComponent(email)}&key=${MAILBOX_KEY}`)).json()) as { links: string[] }[]
  const link = mails.flatMap((m) => m.links).find((l) => l.includes('verify-email'))
  if (!link) throw new Error(`no verification mail for ${email}`)
  await fetch(`${at}${new URL(link).pathname}${new URL(link).search}`, { redirect: 'manual' })
  const login = await fetch(`${at}/api/account/login`, { method: 'POST', headers: { ...origin, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
  const profile = (await (await fetch(`${at}/api/profile`, { headers: { cookie } })).json()) as { username: string }
  return { cookie, username: profile.username }
}

export type StreamEvent = { type: string; data: unknown; at: number }

/**
 * Opens the event stream (GET /api/events) of the user with `cookie` and records every event with
 * the moment (performance.now()) it arrived; `next(match)` resolves with the first recorded or
 * future event that matches, or rejects after `timeoutMs`.
 */
export async function eventStream(url: string, cookie: string) {
  const events: StreamEvent[] = []
  const waiting = new Set<(e: StreamEvent) => void>()
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
        const type = /^event: ?(.*)$/m.exec(chunk)?.[1]
        const data = /^data: ?(.*)$/m.exec(chunk)?.[1]
        if (!type || data === undefined) continue
        const event = { type, data: JSON.parse(data) as unknown, at: performance.now() }
        events.push(event)
        for (const fn of waiting) fn(event)
      }
    }
  })()
  return {
    events,
    next: (match: (e: StreamEvent) => boolean, timeoutMs = Infinity) => {
      const seen = events.find(match)
      if (seen) return Promise.resolve(seen)
      return new Promise<StreamEvent>((resolve, reject) => {
        const timer = Number.isFinite(timeoutMs) ? setTimeout(() => (waiting.delete(check), reject(new Error(`no matching event within ${timeoutMs} ms`))), timeoutMs) : undefined
        const check = (e: StreamEvent) => {
          if (!match(e)) return
          clearTimeout(timer)
          waiting.delete(check)
          resolve(e)
        }
        waiting.add(check)
      })
    },
    /** Whether the server still holds the stream open. */
    isOpen: () => open,
    close: () => reader.cancel().catch(() => {}),
  }
}

/** The event stream of the user with `cookie`; `arrival(id)` resolves with the moment the `message` event with that id arrived. */
export async function messageStream(url: string, cookie: string) {
  const stream = await eventStream(url, cookie)
  return {
    arrival: async (id: string, timeoutMs = Infinity) => (await stream.next((e) => e.type === 'message' && (e.data as { id?: string }).id === id, timeoutMs)).at,
    isOpen: stream.isOpen,
    close: stream.close,
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
