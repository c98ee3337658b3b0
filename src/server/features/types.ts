import type { Hono } from 'hono'
import type { AppEnv } from '../http/session'
import type { Platform } from '../platform'

/** What a feature plugs into the app: HTTP routes under /api, job handlers, demo data. */
export type Feature = {
  name: string
  routes?: (p: Platform) => Hono<AppEnv>
  jobs?: (p: Platform) => void
  /** Idempotent demo data; runs at start-up in feature order when SEED_DEMO is on. */
  seed?: (p: Platform) => Promise<void>
}
