import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accounts, profiles, sessions, users } from '../../db/schema'

/** The part of an e-mail-like display name before the at sign (spec part 2 §6). */
export const plainName = (name: string | null) => (name?.includes('@') ? name.slice(0, name.indexOf('@')) : name)

export const iso = (d: Date | null) => (d ? d.toISOString() : null)

/**
 * The account (e-mail, sign-in methods, sessions without their tokens) and the profile with
 * names, phone and body measurements. The avatar URL is left out (no image URLs).
 */
export async function accountSection(db: Db, userId: string) {
  const [[user], [profile], logins, mySessions] = await Promise.all([
    db.select({ email: users.email, name: users.name, emailVerified: users.emailVerified, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)),
    db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1),
    db.select({ providerId: accounts.providerId, createdAt: accounts.createdAt }).from(accounts).where(eq(accounts.userId, userId)),
    db.select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent }).from(sessions).where(eq(sessions.userId, userId)),
  ])
  return {
    account: user
      ? {
          email: user.email,
          name: user.name,
          emailVerified: user.emailVerified,
          createdAt: iso(user.createdAt),
          signInMethods: logins.map((l) => ({ provider: l.providerId, createdAt: iso(l.createdAt) })),
          sessions: mySessions.map((s) => ({ ...s, createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt) })),
        }
      : null,
    profile: profile
      ? {
          id: profile.id,
          username: profile.username,
          displayName: plainName(profile.displayName),
          firstName: profile.firstName,
          lastName: profile.lastName,
          bio: profile.bio,
          phone: profile.phoneE164,
          gender: profile.gender,
          location: profile.location,
          website: profile.website,
          postsCount: profile.postsCount,
          followingCount: profile.followingCount,
          followersCount: profile.followersCount,
          isVerified: profile.isVerified,
          createdAt: iso(profile.createdAt),
          updatedAt: iso(profile.updatedAt),
          bodyMeasurements: {
            unitPreference: profile.unitPreference,
            heightCm: profile.heightCm,
            weightKg: profile.weightKg,
            chestCm: profile.chestCm,
            waistCm: profile.waistCm,
            hipCm: profile.hipCm,
            inseamCm: profile.inseamCm,
            outseamCm: profile.outseamCm,
            sleeveCm: profile.sleeveCm,
            shoulderCm: profile.shoulderCm,
            neckCm: profile.neckCm,
            thighCm: profile.thighCm,
            calfCm: profile.calfCm,
            shoeSize: profile.shoeSize,
            shoeSystem: profile.shoeSystem,
          },
        }
      : null,
  }
}
