import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type Database } from '../db/client'
import { hit, refuseOver } from './rate-limit'

const WINDOW = 600
const windowStart = Date.UTC(2026, 10, 25, 12, 0, 0)
const at = (secondsAfterWindowStart: number) => vi.setSystemTime(windowStart + secondsAfterWindowStart * 1000)
const status = (p: Promise<void>) => p.then(() => 200, (err: { status?: number }) => err.status ?? 500)

describe('rate limits over a sliding window', () => {
  let database: Database
  beforeAll(async () => {
    database = await openDatabase({})
    await database.migrate()
  })
  afterAll(() => database.close())
  afterEach(() => vi.useRealTimers())

  it('does not let a burst on both sides of a window start through twice', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(-2)
    for (let i = 0; i < 5; i++) expect(await status(hit(database.db, 'burst', 5, WINDOW))).toBe(200)
    at(1)
    expect(await status(hit(database.db, 'burst', 5, WINDOW))).toBe(429)
  })

  it('frees the allowance as the previous window slides out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    at(-WINDOW + 10)
    for (let i = 0; i < 5; i++) await hit(database.db, 'slide', 5, WINDOW)
    at(1)
    expect(await status(refuseOver(database.db, 'slide', 5, WINDOW))).toBe(429)
    at(WINDOW * 0.5)
    expect(await status(hit(database.db, 'slide', 5, WINDOW))).toBe(200)
    expect(await status(hit(database.db, 'slide', 5, WINDOW))).toBe(200)
    expect(await status(hit(database.db, 'slide', 5, WINDOW))).toBe(429)
  })
})
