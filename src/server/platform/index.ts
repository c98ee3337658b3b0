import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { openDatabase, type Database, type Db } from '../db/client'
import { createAuth, type Auth } from '../features/auth/auth'
import { createSessionResolver, type SessionResolver } from '../http/session'
import { createEventBus, type EventBus } from './events'
import { createMailer, type Mailer } from './mail'
import { createQueue, type Queue } from './queue'
import { createStorage, type Storage } from './storage'

/** Everything a feature may use: handed to every router and service factory. */
export type Platform = {
  config: Config
  database: Database
  db: Db
  storage: Storage
  mailer: Mailer
  queue: Queue
  events: EventBus
  auth: Auth
  sessions: SessionResolver
  /** Start-up work still under way (reported by /api/health). */
  readiness: { seeding: boolean; seedError?: string }
}

/** The signing secret: AUTH_SECRET, or one generated once and kept in DATA_DIR. */
function authSecret(config: Config) {
  if (config.AUTH_SECRET) return config.AUTH_SECRET
  const file = path.join(config.dataDir, 'auth-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  const secret = crypto.randomBytes(32).toString('base64url')
  fs.mkdirSync(config.dataDir, { recursive: true })
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

/** Opens the database (migrated), storage, mail, queue and events described by `config`. */
export async function openPlatform(config: Config, opts: { database?: Database } = {}): Promise<Platform> {
  fs.mkdirSync(config.dataDir, { recursive: true })
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dir: path.join(config.dataDir, 'db') }))
  await database.migrate()
  const db = database.db
  const storage = createStorage(config)
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db })
  const queue = createQueue(database)
  const events = createEventBus(database)
  await events.start()
  const auth = createAuth({ config, db, mailer, secret: authSecret(config) })
  return { config, database, db, storage, mailer, queue, events, auth, sessions: createSessionResolver(auth), readiness: { seeding: false } }
}

export async function closePlatform(p: Platform) {
  await p.queue.stop()
  await p.events.stop()
  await p.database.close()
}
