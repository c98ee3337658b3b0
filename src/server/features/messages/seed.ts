import { and, eq } from 'drizzle-orm'
import { last } from '~/shared/lists'
import { oneRow } from '../../db/one-row'
import { conversations, messages } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'

/** A short conversation between Ava and Milo (the last message unread by Ava). */
const LINES = [
  { from: 'ava', text: 'Did you see the new linen drop?', minutesAgo: 180 },
  { from: 'milo', text: 'Yes! The sand shirt is perfect for the trip.', minutesAgo: 172 },
  { from: 'ava', text: 'Try it on in the studio first, the fit runs small.', minutesAgo: 165 },
  { from: 'milo', text: 'Good call. Sending you the result tonight.', minutesAgo: 12 },
] as const

export async function seedDemoConversation({ db }: Platform) {
  const accounts = await demoUserIds(db)
  const ava = accounts.find((a) => a.username === 'ava')
  const milo = accounts.find((a) => a.username === 'milo')
  if (!ava || !milo) return
  const [userA, userB] = [ava.id, milo.id].sort() as [string, string]
  const [existing] = await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.userA, userA), eq(conversations.userB, userB)))
  if (existing) return
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000)
  await db.transaction(async (tx) => {
    const conv = oneRow(await tx.insert(conversations).values({ userA, userB, lastMessageAt: at(last(LINES).minutesAgo) }).returning({ id: conversations.id }))
    await tx.insert(messages).values(
      LINES.map((l, i) => {
        const sender = l.from === 'ava' ? ava : milo
        const recipient = l.from === 'ava' ? milo : ava
        const last = i === LINES.length - 1
        return { conversationId: conv.id, senderId: sender.id, recipientId: recipient.id, body: l.text, createdAt: at(l.minutesAgo), readAt: last ? null : at(l.minutesAgo - 1) }
      }),
    )
  })
}
