import { eq } from 'drizzle-orm'
import { users } from '../../db/schema'
import type { Platform } from '../../platform'
import { logger } from '../../platform/logger'

/** Verified demo accounts; the README lists them. */
export const DEMO_ACCOUNTS = [
  { email: 'ava@drape.app', password: 'drape-demo-1', name: 'Ava Laurent', username: 'ava' },
  { email: 'milo@drape.app', password: 'drape-demo-2', name: 'Milo Chen', username: 'milo' },
  { email: 'zoe@drape.app', password: 'drape-demo-3', name: 'Zoe Okafor', username: 'zoe' },
] as const

export async function seedDemoAccounts({ auth, db }: Platform) {
  for (const account of DEMO_ACCOUNTS) {
    const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, account.email))
    if (existing) continue
    const ctx = await auth.$context
    const hash = await ctx.password.hash(account.password)
    const user = await ctx.internalAdapter.createUser({ email: account.email, name: account.name, emailVerified: true }, { method: 'admin' })
    await ctx.internalAdapter.linkAccount({ userId: user.id, providerId: 'credential', accountId: user.id, password: hash })
    logger.info('demo account created', { email: account.email })
  }
}

/** The id of a demo account, for other features' seeds. */
export async function demoUserIds(db: Platform['db']) {
  const rows = await db.select({ id: users.id, email: users.email }).from(users)
  return DEMO_ACCOUNTS.map((a) => ({ ...a, id: rows.find((r) => r.email === a.email)?.id })).filter(
    (a): a is (typeof DEMO_ACCOUNTS)[number] & { id: string } => Boolean(a.id),
  )
}
