import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { openDatabase, type Database } from '../db/client'
import { createTestApp, type TestApp } from '../test/harness'
import { CHANNEL, createEventBus, type LiveEvent, pipeEvents, RECONNECT_MS } from './events'

// Two app instances on one PostgreSQL database: an event published on one reaches a subscriber
// on the other. Needs a real server (TEST_DATABASE_URL); PGlite is a single process.
const pgUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!pgUrl)('events across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let t: TestApp
  let second: Database
  beforeAll(async () => {
    t = await createTestApp()
    second = await openDatabase({ url: loadConfig({ DATABASE_URL: (t.config as { DATABASE_URL?: string }).DATABASE_URL }).DATABASE_URL })
  })
  afterAll(async () => {
    await second?.close()
    await t?.close()
  })

  it('delivers to the other instance', async () => {
    const bus = createEventBus(second)
    await bus.start()
    const got: LiveEvent[] = []
    bus.subscribe('user-1', (e) => got.push(e))
    await t.platform.events.publish('user-1', { type: 'message', data: { id: 'm1' } })
    await t.platform.events.publish('user-2', { type: 'message', data: { id: 'm2' } })
    await expect.poll(() => got.length).toBe(1)
    expect(got[0]).toEqual({ type: 'message', data: { id: 'm1' } })
    await bus.stop()
  })
})

describe('a notification on the events channel', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t?.close())

  it('that is not an event for a user or room is dropped, and later events still arrive', async () => {
    const got: LiveEvent[] = []
    const unsubscribe = t.platform.events.subscribe('user-1', (e) => got.push(e))
    for (const payload of ['{"userId":"user-1"', '{"userId":"user-1"}', '{"userId":"user-1","event":{"data":{}}}', '{"userId":"user-1","event":"message"}'])
      await t.platform.database.raw.query('select pg_notify($1, $2)', [CHANNEL, payload])
    await t.platform.events.publish('user-1', { type: 'message', data: { id: 'm1' } })
    await expect.poll(() => got.length).toBeGreaterThan(0)
    expect(got).toEqual([{ type: 'message', data: { id: 'm1' } }])
    unsubscribe()
  })
})

describe('an event stream at shutdown', () => {
  it('sends what is queued, then tells the client to reconnect, and ends', async () => {
    const written: { event: string; data: string; retry?: number }[] = []
    let emit: (e: LiveEvent) => void = () => {}
    const shutdown = new AbortController()
    const stream = { aborted: false, onAbort: () => {}, writeSSE: async (msg: (typeof written)[number]) => void written.push(msg) }
    const piping = pipeEvents(stream, (listener) => ((emit = listener), () => {}), { heartbeatMs: 60_000, until: shutdown.signal })
    await expect.poll(() => written.length).toBe(1)
    emit({ type: 'message', data: { id: 'm1' } })
    shutdown.abort()
    emit({ type: 'message', data: { id: 'm2' } })
    await piping
    expect(written).toEqual([
      { event: 'ready', data: '{}' },
      { event: 'message', data: '{"id":"m1"}' },
      { event: 'message', data: '{"id":"m2"}' },
      { event: 'reconnect', data: '{}', retry: RECONNECT_MS },
    ])
  })
})
