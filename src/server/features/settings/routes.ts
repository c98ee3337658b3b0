import { Hono } from 'hono'
import { SettingsResponseSchema, SettingsSchema } from '~/shared/tryon/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { json } from '../../http/validate'
import type { Platform } from '../../platform'
import { getSettings, saveSettings } from './service'

export function settingsRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/tryon/settings', describe({ summary: 'My try-on settings (defaults until saved)', tags: ['tryon'], auth: true, response: SettingsResponseSchema }), async (c) => {
      const { settings, saved } = await getSettings(p.db, requireUser(c).id)
      return c.json({ ...settings, saved, engine: p.config.TRYON_ENGINE })
    })
    .put('/tryon/settings', describe({ summary: 'Save my try-on settings', tags: ['tryon'], auth: true, response: SettingsResponseSchema }), json(SettingsSchema), async (c) => {
      const settings = await saveSettings(p.db, requireUser(c).id, c.req.valid('json'))
      return c.json({ ...settings, saved: true, engine: p.config.TRYON_ENGINE })
    })
}
