import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { createQueue, type Queue } from './queue'

let database: Database
let queue: Queue
const seen: { n: number; attempt: number }[] = []

beforeAll(async () => {
  database = await openDatabase({ url: process.env.TEST_DATABASE_URL })
  queue = createQueue(database)
  queue.define<{ n: number }>('test-double', async ({ n }, job) => {
    if (n === 13 && job.retryCount === 0) throw new Error('unlucky the first time')
    seen.push({ n, attempt: job.retryCount })
  }, { retryDelay: 0 })
  await queue.start()
  await queue.work()
})
afterAll(async () => {
  await queue.stop()
  await database.close()
})

describe('queue (pg-boss)', () => {
  it('runs sent jobs in a worker and retries a failed one', async () => {
    await queue.send('test-double', { n: 1 })
    await queue.send('test-double', { n: 13 })
    await expect.poll(() => seen.map((s) => s.n).sort((a, b) => a - b), { timeout: 20_000 }).toEqual([1, 13])
    expect(seen.find((s) => s.n === 13)?.attempt).toBe(1)
    await queue.check()
  })
})
