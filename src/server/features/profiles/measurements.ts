import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { profiles } from '../../db/schema'

/** Body measurements in cm from a user's profile; each is null when not given. */
export type BodyMeasurementsCm = { chestCm: number | null; waistCm: number | null; hipCm: number | null; heightCm: number | null }

/** The signed-in user's own measurements (size advice, try-on); all null without a profile row. */
export async function getBodyMeasurements(db: Db, userId: string): Promise<BodyMeasurementsCm> {
  const [row] = await db
    .select({ chestCm: profiles.chestCm, waistCm: profiles.waistCm, hipCm: profiles.hipCm, heightCm: profiles.heightCm })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1)
  return row ?? { chestCm: null, waistCm: null, hipCm: null, heightCm: null }
}
