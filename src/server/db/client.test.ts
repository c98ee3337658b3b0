import { afterAll, beforeAll, expect, it } from 'vitest'
import { openDatabase, type Database } from './client'

let database: Database
beforeAll(async () => {
  database = await openDatabase({})
})
afterAll(() => database.close())

// PGlite runs on the event loop's thread: a queue of statements must leave room for I/O (a new
// connection, a health check) between them instead of holding the loop until the queue is empty.
it('lets the event loop run between queued embedded-database statements', async () => {
  const finished: number[] = []
  const statements = Array.from({ length: 30 }, () => database.raw.query('select count(*) from generate_series(1, 5000)').then(() => finished.push(performance.now())))
  const timerFired = new Promise<number>((resolve) => setTimeout(() => resolve(performance.now()), 0))
  await Promise.all(statements)
  expect(await timerFired).toBeLessThan(Math.max(...finished))
})

it('answers a health ping without waiting for the queue of app statements', async () => {
  const finished: number[] = []
  const statements = Array.from({ length: 30 }, () => database.raw.query('select count(*) from generate_series(1, 5000)').then(() => finished.push(performance.now())))
  const pinged = database.ping().then(() => performance.now())
  await Promise.all(statements)
  expect(await pinged).toBeLessThan(Math.max(...finished))
})
