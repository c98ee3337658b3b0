import { DrizzleQueryError } from 'drizzle-orm/errors'
import pino from 'pino'

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

const serialise = (fields: Record<string, unknown> = {}) => Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v instanceof Error ? describeError(v) : v]))

type Level = 'debug' | 'info' | 'warn' | 'error'

/** JSON lines (time, level, msg, fields): debug and info on stdout, warn and error on stderr. */
const base = pino(
  {
    level: process.env.LOG_LEVEL ?? 'info',
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    // Errors are described by describeError above (pino's own `err` serializer would quote database values).
    serializers: { err: (value: unknown) => value },
  },
  pino.multistream(
    [
      { level: 'debug', stream: process.stdout },
      { level: 'warn', stream: process.stderr },
    ],
    { dedupe: true },
  ),
)

const at = (level: Level) => (msg: string, fields?: Record<string, unknown>) => base[level](serialise(fields), msg)

/** The structured logger: `logger.info('message', { fields })`; errors in fields are described safely. */
export const logger = {
  setLevel(level: Level | 'silent') {
    base.level = level
  },
  debug: at('debug'),
  info: at('info'),
  warn: at('warn'),
  error: at('error'),
}
