import { DrizzleQueryError } from 'drizzle-orm/errors'

type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

let threshold = order[(process.env.LOG_LEVEL as Level | 'silent' | undefined) ?? 'info'] ?? order.info

type DatabaseError = Error & Record<'code' | 'severity', string> & Partial<Record<'table' | 'column' | 'constraint' | 'routine', string>>

const isDatabaseError = (err: Error): err is DatabaseError =>
  typeof (err as DatabaseError).code === 'string' && typeof (err as DatabaseError).severity === 'string'

/** The stack without its first line, which repeats the message. */
const frames = (err: Error) => err.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n')

/**
 * Errors as log fields. Database errors carry user data (drizzle puts the query parameters in its
 * message; PostgreSQL messages and details quote values), so they are logged by code, table,
 * column, constraint and the query text only — never a value.
 */
function describeError(err: Error, depth = 0): Record<string, unknown> {
  const cause = err.cause instanceof Error && depth < 3 ? describeError(err.cause, depth + 1) : undefined
  if (err instanceof DrizzleQueryError) return { name: err.name, query: err.query, cause, stack: frames(err) }
  if (isDatabaseError(err)) {
    const { name, code, severity, table, column, constraint, routine } = err
    return { name, code, severity, table, column, constraint, routine }
  }
  return { name: err.name, message: err.message, stack: err.stack, cause }
}

const serialise = (value: unknown) => (value instanceof Error ? describeError(value) : value)

function write(level: Level, msg: string, fields?: Record<string, unknown>) {
  if (order[level] < threshold) return
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg }
  for (const [k, v] of Object.entries(fields ?? {})) entry[k] = serialise(v)
  const line = JSON.stringify(entry)
  if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
  else process.stdout.write(line + '\n')
}

/** Structured JSON-lines logger. */
export const logger = {
  setLevel(level: Level | 'silent') {
    threshold = order[level]
  },
  debug: (msg: string, fields?: Record<string, unknown>) => write('debug', msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write('error', msg, fields),
}
