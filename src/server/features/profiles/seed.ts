import type { Platform } from '../../platform'
import { demoUserIds } from '../auth/seed'
import { ensureProfile, setFollowing } from './service'

const DEMO_PROFILES: Record<string, { bio: string; location: string; isVerified: boolean; unitPreference: 'metric' | 'imperial'; heightCm: number }> = {
  ava: { bio: 'Slow fashion, loud colours. Paris ↔ Lisbon.', location: 'Paris', isVerified: true, unitPreference: 'metric', heightCm: 168 },
  milo: { bio: 'Tailoring nerd. Linen all year.', location: 'Copenhagen', isVerified: false, unitPreference: 'metric', heightCm: 182 },
  zoe: { bio: 'Vintage finds and thrift flips ✂️', location: 'Lagos', isVerified: true, unitPreference: 'imperial', heightCm: 172.72 },
}

/** Profiles for the demo accounts (usernames ava, milo, zoe), all following each other. Idempotent. */
export async function seedDemoProfiles(p: Platform) {
  const accounts = await demoUserIds(p.db)
  for (const a of accounts) {
    const [firstName, lastName] = a.name.split(' ')
    const extra = DEMO_PROFILES[a.username]!
    await ensureProfile(p.db, a.id, { username: a.username, firstName, lastName, displayName: a.name, ...extra })
  }
  for (const a of accounts) for (const b of accounts) if (a.id !== b.id) await setFollowing(p, a.id, b.username, true)
}
