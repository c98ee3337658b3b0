import fs from 'node:fs'
import path from 'node:path'
import type { Config } from '../config'
import { openDatabase, type Database, type Db } from '../db/client'
import { createAuth, type Auth } from './auth'
import { createSessionResolver, type SessionResolver } from './sessions'
import { createEventBus, type EventBus } from './events'
import { createMailer, type Mailer } from './mail'
import { createQueue, type Queue } from './queue'
import { persistentSecret } from './secrets'
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
  /**
   * Aborted when the process begins to shut down: /api/health answers 503, event streams end (the
   * client reconnects to another instance) and running jobs hand their work back to the queue.
   */
  shutdown: AbortController
}

/** Opens the database (migrated), storage, mail, queue and events described by `config`. */
export async function openPlatform(config: Config, opts: { database?: Database } = {}): Promise<Platform> {
  fs.mkdirSync(config.dataDir, { recursive: true })
  const database = opts.database ?? (await openDatabase({ url: config.DATABASE_URL, dir: path.join(config.dataDir, 'db') }))
  await database.migrate()
  const db = database.db
  const storage = createStorage(config)
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    db,
    devMailboxKey: config.devMailbox ? persistentSecret(config.dataDir, 'dev-mailbox-key', config.DEV_MAILBOX_KEY) : undefined,
  })
  const queue = createQueue(database)
  const events = createEventBus(database)
  await events.start()
  const auth = createAuth({ config, db, mailer, secret: persistentSecret(config.dataDir, 'auth-secret', config.AUTH_SECRET) })
  return { config, database, db, storage, mailer, queue, events, auth, sessions: createSessionResolver(auth, database.raw), readiness: { seeding: false }, shutdown: new AbortController() }
}

export async function closePlatform(p: Platform) {
  p.shutdown.abort()
  await p.queue.stop()
  await p.events.stop()
  await p.database.close()
}
