import path from 'node:path'
import { loadConfig } from '../src/server/config'
import { openDatabase } from '../src/server/db/client'

// Applies pending migrations to DATABASE_URL (or the embedded database in DATA_DIR), then exits.
const config = loadConfig()
const database = await openDatabase({ url: config.DATABASE_URL, dir: path.join(config.dataDir, 'db') })
await database.migrate()
await database.close()
console.log('migrations applied')
