import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type Database, openDatabase } from '../db/client'
import { logger } from './logger'

let database: Database
beforeAll(async () => {
  database = await openDatabase({})
  await database.db.execute(sql`create table people (email text primary key, phone text)`)
  await database.db.execute(sql`insert into people values ('taken@example.com', '+441234567890')`)
})
afterAll(() => database.close())
afterEach(() => {
  vi.restoreAllMocks()
  logger.setLevel('silent')
})

/** What `logger.error('failed', { err })` writes to stderr for the error the statement raises. */
async function loggedFailure(statement: Parameters<Database['db']['execute']>[0]) {
  const err = await database.db.execute(statement).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(Error)
  const lines: string[] = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0)
  logger.setLevel('error')
  logger.error('failed', { err })
  return JSON.parse(lines.join('')) as { err: { name: string; query: string; cause: Record<string, string> } }
}

describe('logging database errors', () => {
  it('logs the error code, constraint and query text, never the parameters or the values PostgreSQL quotes', async () => {
    const logged = await loggedFailure(sql`insert into people values (${'taken@example.com'}, ${'+449876543210'})`)
    const text = JSON.stringify(logged)
    expect(logged.err.query).toBe('insert into people values ($1, $2)')
    expect(logged.err.cause).toEqual(expect.objectContaining({ code: '23505', constraint: 'people_pkey', table: 'people' }))
    expect(text).not.toContain('taken@example.com')
    expect(text).not.toContain('+449876543210')
  })

  it('leaves out text the database refused (a NUL in a message)', async () => {
    const logged = await loggedFailure(sql`select ${'private message\u0000'}::text`)
    expect(logged.err.cause.code).toMatch(/^22/)
    expect(JSON.stringify(logged)).not.toContain('private message')
  })

  it('keeps the message and stack of other errors', () => {
    const lines: string[] = []
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => lines.push(String(chunk)) > 0)
    logger.setLevel('error')
    logger.error('failed', { err: new Error('storage is down', { cause: new Error('ECONNREFUSED') }) })
    const logged = JSON.parse(lines.join(''))
    expect(logged.err).toEqual(expect.objectContaining({ message: 'storage is down', stack: expect.stringContaining('logger.test.ts') }))
    expect(logged.err.cause.message).toBe('ECONNREFUSED')
  })
})
