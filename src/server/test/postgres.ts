import { execFile, execFileSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

const run = promisify(execFile)

/**
 * The directory of PostgreSQL's server programs (initdb, pg_ctl): PG_BIN, the newest
 * /usr/lib/postgresql/<version>/bin, or `pg_config --bindir`; null when there is none.
 */
export function postgresBinDir(): string | null {
  const hasServer = (dir: string) => ['initdb', 'pg_ctl', 'postgres'].every((b) => fs.existsSync(path.join(dir, b)))
  const candidates = [process.env.PG_BIN]
  const debian = '/usr/lib/postgresql'
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).sort((a, b) => Number(b) - Number(a))
    candidates.push(...versions.map((v) => path.join(debian, v, 'bin')))
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  } catch {
    /* no pg_config on PATH */
  }
  return candidates.find((dir): dir is string => Boolean(dir) && hasServer(dir!)) ?? null
}

/** Creates a database with a random name on the server at `adminUrl`; answers its URL and how to drop it. */
export async function freshPgDatabase(adminUrl: string) {
  const name = `drape_test_${crypto.randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl })
      await c.connect()
      await c.query(`drop database if exists ${name} with (force)`)
      await c.end()
    },
  }
}

async function freePort() {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export type PgCluster = Awaited<ReturnType<typeof startPgCluster>>

/**
 * A throw-away PostgreSQL cluster in a temporary directory on its own loopback port, which tests
 * and benchmarks may stop, start and restart. PostgreSQL refuses to run as root, so as root its
 * programs run as the `postgres` user.
 */
export async function startPgCluster(opts: { binDir: string; fsync?: boolean }) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    fs.chownSync(dir, uid, -1)
  }
  const port = await freePort()
  const quote = (arg: string) => `'${arg.replace(/'/g, `'\\''`)}'`
  const pgRun = async (program: string, args: string[]) => {
    const exe = path.join(opts.binDir, program)
    if (asRoot) await run('su', ['postgres', '-s', '/bin/sh', '-c', [exe, ...args].map(quote).join(' ')])
    else await run(exe, args)
  }
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${opts.fsync === false ? 'off' : 'on'}`
  const pgCtl = (...args: string[]) => pgRun('pg_ctl', ['-D', path.join(dir, 'data'), ...args])

  await pgRun('initdb', ['-D', path.join(dir, 'data'), '-U', 'postgres', '-A', 'trust', '--no-sync'])
  const start = () => pgCtl('-l', path.join(dir, 'log'), '-o', serverOptions, '-w', 'start')
  /** `fast`: clients are disconnected, the server shuts down cleanly (as `pg_ctl restart` does). */
  const stop = () => pgCtl('-m', 'fast', '-w', 'stop')
  await start()

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      await pgCtl('-m', 'immediate', '-w', 'stop').catch(() => {})
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
