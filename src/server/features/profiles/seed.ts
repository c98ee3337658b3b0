import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { profiles } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'
import { avatarSvg } from '../posts'
import { storeAvatar } from './avatar'
import { ensureProfile, setFollowing } from './service'

const DEMO_PROFILES: Record<string, { bio: string; location: string; isVerified: boolean; unitPreference: 'metric' | 'imperial'; heightCm: number; avatar: [string, string, string] }> = {
  ava: { bio: 'Slow fashion, loud colours. Paris ↔ Lisbon.', location: 'Paris', isVerified: true, unitPreference: 'metric', heightCm: 168, avatar: ['#f9ce34', '#ee2a7b', '#fff3f7'] },
  milo: { bio: 'Tailoring nerd. Linen all year.', location: 'Copenhagen', isVerified: false, unitPreference: 'metric', heightCm: 182, avatar: ['#9bc5c3', '#2f4858', '#eef6f5'] },
  zoe: { bio: 'Vintage finds and thrift flips ✂️', location: 'Lagos', isVerified: true, unitPreference: 'imperial', heightCm: 172.72, avatar: ['#cdbdf3', '#6228d7', '#f4f0ff'] },
}

/** Profiles for the demo accounts (usernames ava, milo, zoe) with generated avatars, all following each other. Idempotent. */
export async function seedDemoProfiles(p: Platform) {
  const accounts = await demoUserIds(p.db)
  for (const a of accounts) {
    const [firstName, lastName] = a.name.split(' ')
    const demo = DEMO_PROFILES[a.username]
    if (!demo) continue
    const { avatar, ...extra } = demo
    const existing = await ensureProfile(p.db, a.id, { username: a.username, firstName, lastName, displayName: a.name, ...extra })
    if (!existing.avatarUrl) {
      const { url } = await storeAvatar(p, a.id, await sharp(Buffer.from(avatarSvg(...avatar))).png().toBuffer())
      await p.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.userId, a.id))
    }
  }
  for (const a of accounts) for (const b of accounts) if (a.id !== b.id) await setFollowing(p, a.id, b.username, true)
}
