import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { logger } from '../platform/logger'
import { createPgListener } from './pg-listener'
import * as schema from './schema'

export type Schema = typeof schema
/** Both drivers expose the same query builder; node-postgres' type stands for both. */
export type Db = NodePgDatabase<Schema>
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** Runs raw SQL without parameters (used by pg-boss and LISTEN). */
export type RawSql = {
  exec(text: string): Promise<void>
  query<T = Record<string, unknown>>(text: string, values?: unknown[]): Promise<T[]>
}

export type Database = {
  db: Db
  raw: RawSql
  kind: 'pglite' | 'pg'
  /** Subscribe to a NOTIFY channel; returns an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>
  /**
   * Whether the database answers (`select 1`), for health checks. On PGlite it does not queue
   * behind the app's statements, only behind the one running, so it stays fast under load.
   */
  ping(): Promise<void>
  /** Whether notifications reach this process (false while PostgreSQL's LISTEN connection reconnects). */
  listening(): boolean
  close(): Promise<void>
  /** Applies pending migrations (on PostgreSQL under an advisory lock, so instances can start together). */
  migrate(): Promise<void>
  /** For pg-boss: the pg connection string, or an executeSql adapter on PGlite. */
  bossConnection: { connectionString: string } | { db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } }
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/** Opens PGlite in `dir` (or memory when dir is undefined), or a PostgreSQL pool from `url`. */
export async function openDatabase(opts: { url?: string; dir?: string }): Promise<Database> {
  if (opts.url) return openPg(opts.url)
  return openPglite(opts.dir)
}

/** How long the embedded database's statements may run back to back before I/O gets a turn. */
const SLICE_MS = 10

/**
 * PGlite runs on this thread and hands its queue of statements from one to the next in promise
 * callbacks, so while requests queue up the event loop never gets to I/O: a new connection (a load
 * balancer's health check) waits for the whole queue. Here the app's statements and transactions
 * run one at a time, and once they have held the loop for `SLICE_MS` the next one waits for a turn
 * of the event loop.
 */
function yieldingClient(client: PGlite) {
  let tail: Promise<unknown> = Promise.resolve()
  let sliceStart = performance.now()
  const inTurn = <T,>(fn: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      if (performance.now() - sliceStart > SLICE_MS) {
        await new Promise((resolve) => setImmediate(resolve))
        sliceStart = performance.now()
      }
      return fn()
    })
    tail = run.catch(() => {})
    return run
  }
  return {
    query: ((...args: Parameters<PGlite['query']>) => inTurn(() => client.query(...args))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) => inTurn(() => client.exec(...args))) as PGlite['exec'],
    transaction: ((fn: Parameters<PGlite['transaction']>[0]) => inTurn(() => client.transaction(fn))) as PGlite['transaction'],
  }
}

async function openPglite(dir?: string): Promise<Database> {
  if (dir) fs.mkdirSync(dir, { recursive: true })
  // pg_trgm backs the indexed search (features/search); PostgreSQL servers ship it as a contrib extension.
  const client = await PGlite.create({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } })
  const app = yieldingClient(client)
  const db = drizzlePglite({ client: app as PGlite, schema, casing: 'snake_case' }) as unknown as Db
  // PGlite runs one statement at a time; serialise pg-boss' statements through one queue.
  const raw: RawSql = {
    exec: async (text) => {
      await app.exec(text)
    },
    query: async <T,>(text: string, values?: unknown[]) => (await app.query<T>(text, values)).rows,
  }
  return {
    db,
    raw,
    kind: 'pglite',
    listen: async (channel, onPayload) => {
      const unsub = await client.listen(channel, onPayload)
      return async () => unsub()
    },
    ping: async () => {
      await client.query('select 1')
    },
    listening: () => true,
    close: () => client.close(),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    bossConnection: {
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          if (!values || values.length === 0) {
            const results = await client.exec(text)
            return { rows: results.at(-1)?.rows ?? [] }
          }
          return { rows: (await client.query(text, values)).rows }
        },
      },
    },
  }
}

async function openPg(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_MAX ?? 10), keepAlive: true, keepAliveInitialDelayMillis: 10_000, connectionTimeoutMillis: 10_000 })
  // An idle connection that the server closes (restart, failover) is dropped from the pool; the next query opens a new one.
  pool.on('error', (err) => logger.warn('database connection lost', { err }))
  const db = drizzlePg(pool, { schema, casing: 'snake_case' })
  const listener = createPgListener(url)
  const raw: RawSql = {
    exec: async (text) => {
      await pool.query(text)
    },
    query: async <T,>(text: string, values?: unknown[]) => (await pool.query(text, values)).rows as T[],
  }
  return {
    db,
    raw,
    kind: 'pg',
    listen: (channel, onPayload) => listener.listen(channel, onPayload),
    ping: async () => {
      await pool.query('select 1')
    },
    listening: () => listener.connected(),
    close: async () => {
      await listener.close()
      await pool.end()
    },
    migrate: async () => {
      const lock = await pool.connect()
      try {
        await lock.query('select pg_advisory_lock(72021)')
        await migratePg(db, { migrationsFolder })
      } finally {
        await lock.query('select pg_advisory_unlock(72021)').catch(() => {})
        lock.release()
      }
    },
    bossConnection: { connectionString: url },
  }
}
