// Issue #11 "safe to run for real users": no write the server acknowledged is lost when it is killed
// (kill -9) under write load and restarted, on the embedded database and on PostgreSQL; and the server
// rides through a PostgreSQL restart (and a terminated LISTEN connection) with an event stream open.
//
//   node --import tsx bench/durability.ts
//   DURABILITY_SECONDS (10) of load from DURABILITY_CLIENTS (8) concurrent senders; BENCH_PORT (4392).
//   PostgreSQL: BENCH_DATABASE_URL (a fresh database is created there), else a throw-away cluster when
//   PostgreSQL's server programs are installed (PG_BIN or /usr/lib/postgresql/*/bin). The restart check
//   always uses a throw-away cluster: it stops and starts the server.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { openDatabase } from '../src/server/db/client'
import { freshPgDatabase, type PgCluster, postgresBinDir, startPgCluster } from '../src/server/test/postgres'
import { messageStream, signedInUser, startServer, tmpDir } from './lib'

const SECONDS = Number(process.env.DURABILITY_SECONDS ?? 10)
const CLIENTS = Number(process.env.DURABILITY_CLIENTS ?? 8)
const OUTAGE_MS = 5000
const port = Number(process.env.BENCH_PORT ?? 4392)
const serverEnv = { SEED_DEMO: 'false', RATE_LIMIT: 'false' }

type Server = Awaited<ReturnType<typeof startServer>>
type User = Awaited<ReturnType<typeof signedInUser>>

/** Keeps the data and log of a failed run for inspection. */
const cleanUp = (dataDir: string, ok: boolean) => (ok ? fs.rmSync(dataDir, { recursive: true, force: true }) : console.log(`  (kept ${dataDir})`))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

const send = (server: Server, from: User, to: User, body: string) =>
  fetch(`${server.url}/api/messages/with/${to.username}`, {
    method: 'POST',
    headers: { origin: server.url, cookie: from.cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ body }),
  })

/** Sends one message and answers its id (throws unless the server answers 201). */
async function sendOne(server: Server, from: User, to: User, body: string) {
  const res = await send(server, from, to, body)
  if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { id: string }).id
}

/** `CLIENTS` senders write as fast as the server answers until it is killed with SIGKILL after `SECONDS`. */
async function writeUntilKilled(server: Server, from: User, to: User) {
  const acknowledged: string[] = []
  let killed = false
  let interrupted = 0
  let refusedBeforeKill = 0
  const sender = async (k: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const res = await send(server, from, to, `client ${k} message ${i}`)
        // Acknowledged: a 201 whose body (with the id) reached the client in full.
        if (res.status === 201) acknowledged.push(((await res.json()) as { id: string }).id)
        else if (!killed) refusedBeforeKill++
      } catch {
        if (killed) interrupted++
        else refusedBeforeKill++
      }
    }
  }
  const senders = Array.from({ length: CLIENTS }, (_, k) => sender(k))
  await sleep(SECONDS * 1000)
  const exited = server.kill()
  killed = true
  await exited
  await Promise.all(senders)
  return { acknowledged, interrupted, refusedBeforeKill }
}

async function storedMessageIds(where: { url?: string; dir?: string }) {
  const database = await openDatabase(where)
  try {
    return new Set((await database.raw.query<{ id: string }>('select id::text as id from messages')).map((r) => r.id))
  } finally {
    await database.close()
  }
}

/** kill -9 under write load, restart on the same data, count acknowledged writes that are missing. */
async function killUnderLoad(label: string, databaseUrl?: string) {
  const dataDir = tmpDir(`drape-durability-${label}-`)
  const logFile = path.join(dataDir, 'server.log')
  const options = { port, dataDir, logFile, waitForPage: false, env: { ...serverEnv, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } }
  const first = await startServer(options)
  const from = await signedInUser(first.url, 'writer')
  const to = await signedInUser(first.url, 'reader')
  const { acknowledged, interrupted, refusedBeforeKill } = await writeUntilKilled(first, from, to)

  const restarted = await startServer(options)
  await sendOne(restarted, from, to, 'after the restart')
  await restarted.stop()

  const stored = await storedMessageIds(databaseUrl ? { url: databaseUrl } : { dir: path.join(dataDir, 'db') })
  const lost = acknowledged.filter((id) => !stored.has(id)).length
  const unacknowledged = stored.size - 1 - (acknowledged.length - lost)
  console.log(
    `${label}: acknowledged ${acknowledged.length}, lost ${lost}` +
      ` (${CLIENTS} clients for ${SECONDS} s, ${Math.round(acknowledged.length / SECONDS)} writes/s; kill -9 with ${interrupted} in flight, ${unacknowledged} of them stored;` +
      ` restarted healthy in ${seconds(restarted.ms)}${refusedBeforeKill ? `; ${refusedBeforeKill} writes refused before the kill, see ${logFile}` : ''})`,
  )
  const ok = lost === 0 && refusedBeforeKill === 0
  cleanUp(dataDir, ok)
  return ok
}

/** Polls `check` every 50 ms; answers the milliseconds it took to hold, or throws after `timeoutMs`. */
async function timeUntil(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const start = performance.now()
  while (performance.now() - start < timeoutMs) {
    if (await check()) return performance.now() - start
    await sleep(50)
  }
  throw new Error(`no ${what} within ${timeoutMs} ms`)
}

/** The app's LISTEN backends on the cluster (pid), once their LISTEN has completed. */
async function listenerPids(cluster: PgCluster) {
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  try {
    const { rows } = await admin.query<{ pid: number }>(`select pid from pg_stat_activity where state = 'idle' and query ilike 'listen %'`)
    return rows.map((r) => r.pid)
  } finally {
    await admin.end()
  }
}

/**
 * The real server on a throw-away cluster with a user's event stream open: the LISTEN backend is
 * terminated, then the server is stopped for OUTAGE_MS and started again; after each, a message
 * sent must reach the stream that was opened before.
 */
async function restartWithOpenStream(cluster: PgCluster) {
  const dataDir = tmpDir('drape-durability-restart-')
  const logFile = path.join(dataDir, 'server.log')
  const server = await startServer({ port, dataDir, logFile, waitForPage: false, env: { ...serverEnv, DATABASE_URL: cluster.url } })
  let ok = false
  try {
    const from = await signedInUser(server.url, 'writer')
    const to = await signedInUser(server.url, 'reader')
    const stream = await messageStream(server.url, to.cookie)
    const health = async () => (await fetch(`${server.url}/api/health`).catch(() => null))?.status
    const delivered = async (body: string) => {
      const start = performance.now()
      return (await stream.arrival(await sendOne(server, from, to, body), 5000)) - start
    }

    const [listener] = await listenerPids(cluster)
    const admin = new pg.Client({ connectionString: cluster.url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [listener])
    await admin.end()
    const relistenMs = await timeUntil('new LISTEN connection', async () => (await listenerPids(cluster)).some((pid) => pid !== listener), 10_000)
    const afterTerminateMs = await delivered('after pg_terminate_backend')
    console.log(`postgres pg_terminate_backend of the LISTEN connection: listening again after ${Math.round(relistenMs)} ms; a message sent then reached the open stream in ${Math.round(afterTerminateMs)} ms; server running: ${server.running() ? 'yes' : 'NO'}`)

    await cluster.stop()
    const downMs = await timeUntil('health 503', async () => (await health()) === 503, 5000)
    await sleep(OUTAGE_MS)
    await cluster.start()
    const upMs = await timeUntil('health 200', async () => (await health()) === 200, 30_000)
    const afterRestartMs = await delivered('after the restart')
    ok = server.running() && stream.isOpen()
    console.log(
      `postgres restart with an open event stream: health 503 ${Math.round(downMs)} ms after the stop, 200 ${Math.round(upMs)} ms after the start (${seconds(OUTAGE_MS)} outage);` +
        ` a message sent after the restart reached the stream opened before it in ${Math.round(afterRestartMs)} ms; server running: ${server.running() ? 'yes' : 'NO'}, stream open: ${stream.isOpen() ? 'yes' : 'NO'}`,
    )
    await stream.close()
    return ok
  } finally {
    await server.stop()
    cleanUp(dataDir, ok)
  }
}

let ok = await killUnderLoad('pglite')

const binDir = postgresBinDir()
const cluster = binDir ? await startPgCluster({ binDir }) : null
try {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? cluster?.url
  if (adminUrl) {
    const database = await freshPgDatabase(adminUrl)
    ok = (await killUnderLoad('postgres', database.url)) && ok
    await database.drop()
  } else console.log('postgres: skipped (set BENCH_DATABASE_URL, or install PostgreSQL for a throw-away cluster)')
  if (cluster) ok = (await restartWithOpenStream(cluster)) && ok
  else console.log('postgres restart with an open event stream: skipped (needs PostgreSQL server programs: PG_BIN or /usr/lib/postgresql/*/bin)')
} finally {
  await cluster?.destroy()
}
process.exitCode = ok ? 0 : 1
