import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export const tmpDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix))

/** Starts the real server (production build must exist) and resolves when /api/health answers 200. */
export async function startServer(opts: { port: number; dataDir: string; env?: Record<string, string> }) {
  const started = performance.now()
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(opts.port), DATA_DIR: opts.dataDir, LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${opts.port}`, ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://localhost:${opts.port}`
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start-up')
    try {
      const res = await fetch(`${url}/api/health`)
      if (res.status === 200) break
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 25))
  }
  const ms = performance.now() - started
  return {
    url,
    ms,
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
