import { eq } from 'drizzle-orm'
import { DEFAULT_SETTINGS, type Settings } from '~/shared/tryon/schemas'
import type { Db } from '../../db/client'
import { userRunwareSettings } from '../../db/schema'

/** The user's own try-on settings, or the defaults when none are saved yet. */
export async function getSettings(db: Db, userId: string): Promise<{ settings: Settings; saved: boolean }> {
  const [row] = await db.select().from(userRunwareSettings).where(eq(userRunwareSettings.userId, userId)).limit(1)
  if (!row) return { settings: DEFAULT_SETTINGS, saved: false }
  return {
    saved: true,
    settings: {
      model: row.model,
      width: row.width,
      height: row.height,
      number_results: row.numberResults,
      output_format: row.outputFormat,
      prompt_template: row.promptTemplate,
      custom_json: row.customJson ?? null,
    },
  }
}

/** Upserts the one settings row of the user. */
export async function saveSettings(db: Db, userId: string, s: Settings): Promise<Settings> {
  const values = {
    model: s.model,
    width: s.width,
    height: s.height,
    numberResults: s.number_results,
    outputFormat: s.output_format,
    promptTemplate: s.prompt_template,
    customJson: s.custom_json,
    updatedAt: new Date(),
  }
  await db
    .insert(userRunwareSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userRunwareSettings.userId, set: values })
  return s
}
