import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { type PgCluster, postgresBinDir, startPgCluster } from '../test/postgres'
import { createQueue } from './queue'

const binDir = postgresBinDir()
const PROCESSES = 4
const QUEUES = Array.from({ length: 8 }, (_, i) => `start-together-${i}`)

// Instances and workers start together on a new database: each creates the same queues at once.
describe.skipIf(!binDir)('queues created by processes starting together', () => {
  let cluster: PgCluster
  const databases: Database[] = []
  beforeAll(async () => {
    cluster = await startPgCluster({ binDir: binDir!, fsync: false })
    for (let i = 0; i < PROCESSES; i++) databases.push(await openDatabase({ url: cluster.url }))
  })
  afterAll(async () => {
    for (const d of databases) await d.close()
    await cluster?.destroy()
  })

  it('all start, and every queue exists once', async () => {
    const queues = databases.map((database, i) => {
      const queue = createQueue(database)
      // Each process defines them in another order, as features register jobs differently.
      for (const name of i % 2 ? [...QUEUES].reverse() : QUEUES) queue.define(name, async () => {})
      return queue
    })
    const started = await Promise.allSettled(queues.map((q) => q.start()))
    expect(started.filter((s) => s.status === 'rejected')).toEqual([])
    const rows = await databases[0]!.raw.query<{ name: string }>(`select name from pgboss.queue where name like 'start-together-%' order by name`)
    expect(rows.map((r) => r.name)).toEqual([...QUEUES].sort())
    for (const q of queues) await q.stop()
  })
})
