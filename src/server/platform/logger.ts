type Level = 'debug' | 'info' | 'warn' | 'error'
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

let threshold = order[(process.env.LOG_LEVEL as Level | 'silent' | undefined) ?? 'info'] ?? order.info

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack }
  return value
}

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
