import PgBoss from 'pg-boss'
import type { Database } from '../db/client'
import { logger } from './logger'

export type JobHandler<T> = (data: T, job: { id: string; retryCount: number }) => Promise<void>

type Definition = {
  handler: JobHandler<never>
  options: PgBoss.Queue & { concurrency?: number }
}

/** Background jobs on pg-boss, in the same database. Features `define` handlers; workers run them. */
export type Queue = {
  define<T extends object>(name: string, handler: JobHandler<T>, options?: Partial<Definition['options']>): void
  send<T extends object>(name: string, data: T, options?: PgBoss.SendOptions): Promise<string | null>
  start(): Promise<void>
  /** Starts polling for every defined queue in this process. */
  work(): Promise<void>
  stop(): Promise<void>
  check(): Promise<void>
}

const DEADLOCK_DETECTED = '40P01'
const CREATE_ATTEMPTS = 5

/**
 * Creates a queue unless it exists. Processes starting together on a new database create their
 * queues at once; each creation attaches a partition to pg-boss' job table, and PostgreSQL may
 * end two of them as a deadlock. The creation is one statement, rolled back whole, so it is retried.
 */
async function ensureQueue(boss: PgBoss, queue: PgBoss.Queue) {
  for (let attempt = 1; ; attempt++) {
    if (await boss.getQueue(queue.name)) return
    try {
      return await boss.createQueue(queue.name, queue)
    } catch (err) {
      if ((err as { code?: string }).code !== DEADLOCK_DETECTED || attempt === CREATE_ATTEMPTS) throw err
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 100 * attempt))
    }
  }
}

export function createQueue(database: Database): Queue {
  const boss = new PgBoss({
    ...database.bossConnection,
    schema: 'pgboss',
    supervise: true,
    schedule: false,
  } as PgBoss.ConstructorOptions)
  boss.on('error', (err) => logger.error('queue error', { err }))
  const definitions = new Map<string, Definition>()
  // Workers of this process by queue, woken right after a send instead of at their next poll.
  const workerIds = new Map<string, string[]>()
  let started = false

  return {
    define(name, handler, options) {
      definitions.set(name, { handler: handler as JobHandler<never>, options: { name, retryLimit: 2, retryDelay: 5, expireInSeconds: 15 * 60, ...options } })
    },
    async send(name, data, options) {
      const id = await boss.send(name, data, options ?? {})
      if (!options?.startAfter) for (const w of workerIds.get(name) ?? []) boss.notifyWorker(w)
      return id
    },
    async start() {
      await boss.start()
      started = true
      for (const def of definitions.values()) {
        const { concurrency: _c, ...queue } = def.options
        await ensureQueue(boss, queue)
      }
    },
    async work() {
      for (const [name, def] of definitions) {
        const workers = def.options.concurrency ?? 1
        const ids: string[] = []
        workerIds.set(name, ids)
        for (let i = 0; i < workers; i++) {
          const id = await boss.work(name, { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true }, async (jobs) => {
            for (const job of jobs) await def.handler(job.data as never, { id: job.id, retryCount: job.retryCount })
          })
          ids.push(id)
        }
      }
    },
    async stop() {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: 5000 })
      started = false
    },
    async check() {
      if (!started) throw new Error('queue not started')
      await boss.getQueues()
    },
  }
}
