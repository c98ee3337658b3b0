import { and, eq, gt, sql } from 'drizzle-orm'
import { stories } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'
import { demoStoryImage } from './demo-image'
import { createStory } from './service'

/** Demo stories (generated pictures): two from Milo, a live one from Zoe. Skipped while theirs are active. */
const DEMO_STORIES = [
  { username: 'milo', caption: 'Linen season', palette: { from: '#F4D3B5', to: '#C97B63', accent: '#2F4858' }, isLive: false },
  { username: 'milo', caption: 'Fitting day', palette: { from: '#CFE3F0', to: '#5A7D9A', accent: '#F2E8CF' }, isLive: false },
  { username: 'zoe', caption: 'Live from the studio', palette: { from: '#F7C6D9', to: '#8A3FFC', accent: '#111111' }, isLive: true },
] as const

export async function seedDemoStories(p: Platform) {
  const accounts = await demoUserIds(p.db)
  for (const account of accounts) {
    const mine = DEMO_STORIES.filter((s) => s.username === account.username)
    if (!mine.length) continue
    const [active] = await p.db
      .select({ id: stories.id })
      .from(stories)
      .where(and(eq(stories.userId, account.id), gt(stories.expiresAt, sql`now()`)))
      .limit(1)
    if (active) continue
    for (const s of mine) await createStory(p, account.id, await demoStoryImage(s.palette, s.caption), { isLive: s.isLive })
  }
}
