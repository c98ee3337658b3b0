import { Hono } from 'hono'
import { ExportFileSchema } from '~/shared/tryon/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import type { Platform } from '../../platform'
import { hit } from '../../platform/rate-limit'
import { exportUserData } from './service'

export function exportRoutes(p: Platform) {
  return new Hono<AppEnv>().get('/export', describe({ summary: 'Download my own data as JSON (version 3.0.0, no image URLs)', tags: ['export'], auth: true, response: ExportFileSchema }), async (c) => {
    const user = requireUser(c)
    if (p.config.RATE_LIMIT) await hit(p.db, `export:${user.id}`, 10, 3600, 'You have exported your data several times. Please try again later.')
    const data = await exportUserData(p, user.id)
    c.header('content-disposition', `attachment; filename="drape-export-${data.exportedAt.slice(0, 10)}.json"`)
    c.header('cache-control', 'no-store')
    return c.json(data)
  })
}
