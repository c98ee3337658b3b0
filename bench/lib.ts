import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

/** The dev mailbox key every bench server gets (`GET /api/dev/mailbox?key=`). */
export const MAILBOX_KEY = 'bench-dev-mailbox-key-0123456789'

/** Starts the real server (production build must exist); resolves once /login and then /api/health answer 200. */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string> }) {
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${opts.port}`, DEV_MAILBOX_KEY: MAILBOX_KEY, ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
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
    if (firstPageMs === undefined && (await ok('/login'))) firstPageMs = performance.now() - started
    if (firstPageMs !== undefined && (await ok('/api/health'))) break
    await new Promise((r) => setTimeout(r, 25))
  }
  /** Until /api/health answers 200: start-up work (demo seeding) done. */
  const ms = performance.now() - started
  return {
    url,
    ms,
    firstPageMs: firstPageMs!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
