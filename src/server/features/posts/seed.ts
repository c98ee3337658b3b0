import { eq } from 'drizzle-orm'
import { posts } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'
import { renderArtwork, type Garment } from './artwork'
import { storePostImage } from './images'
import { addComment, createPost, setLiked, setSaved } from './service'

type Art = Parameters<typeof renderArtwork>[0]
const art = (garment: Garment, from: string, to: string, cloth: string, accent: string, pattern: Art['pattern'] = 'plain'): Art => ({ garment, from, to, cloth, accent, pattern })

/** Demo posts per demo username, oldest first. */
const DEMO_POSTS: Record<string, { caption: string; images: Art[] }[]> = {
  ava: [
    { caption: 'Sunday market dress, found for €12 🌼 #thrifted', images: [art('dress', '#fde6d8', '#f7b9a6', '#e0457b', '#ffd6e5', 'dots')] },
    { caption: 'Three ways to wear one linen coat. Which one, @milo?', images: [art('coat', '#e9efe4', '#c7d6bf', '#b48a5a', '#000'), art('coat', '#f1ece4', '#d9cbb8', '#6b4f3a', '#000'), art('coat', '#e6eef5', '#bfd0e0', '#2f4858', '#000')] },
    { caption: 'Stripes season is open.', images: [art('shirt', '#eef3fb', '#c9d7f0', '#ffffff', '#2f5fb3', 'stripes'), art('skirt', '#fbf0e6', '#f0cfb0', '#1c2b4a', '#ffffff', 'dots')] },
  ],
  milo: [
    { caption: 'Cut, pinned, sewn. First shirt of the year.', images: [art('shirt', '#f3efe8', '#ddd3c2', '#8fa6a0', '#ffffff', 'stripes')] },
    { caption: 'Camel coat weather. Thanks @ava for the tip on the lining.', images: [art('coat', '#f6efe5', '#e3cfb0', '#c19a6b', '#000'), art('coat', '#ece9f3', '#cfc8e3', '#3b3355', '#000')] },
    { caption: 'Colour study: olive and rust.', images: [art('skirt', '#eef0e2', '#cdd3a8', '#b5532f', '#f4d3a1', 'dots')] },
  ],
  zoe: [
    { caption: 'Flipped a 90s slip dress into this 💚', images: [art('dress', '#e4f5ec', '#a8dcc0', '#1f7a55', '#c8f0da', 'stripes'), art('dress', '#fff3da', '#ffd98a', '#d98e04', '#fff', 'dots')] },
    { caption: 'Polka dots never left.', images: [art('skirt', '#fde7ef', '#f6b9cf', '#111111', '#ffffff', 'dots')] },
    { caption: 'Try-on test: which length works for me? #drape', images: [art('dress', '#efe9fb', '#cdbdf3', '#6228d7', '#f9ce34', 'dots'), art('dress', '#fde6e6', '#f3b1b1', '#d64545', '#fff', 'plain'), art('dress', '#e7f0fb', '#b9d1f0', '#0e4d92', '#fff', 'stripes')] },
  ],
}

/**
 * Demo content so a new user sees a living feed: posts with generated images for ava, milo and
 * zoe (interleaved in time), and likes, saves and comments between them. Idempotent: skipped when
 * the demo accounts already have posts.
 */
export async function seedDemoPosts(p: Platform) {
  const accounts = await demoUserIds(p.db)
  const [first] = accounts
  if (!first) return
  const [existing] = await p.db.select({ id: posts.id }).from(posts).where(eq(posts.userId, first.id)).limit(1)
  if (existing) return
  const rounds = Math.max(...Object.values(DEMO_POSTS).map((list) => list.length))
  const created: { id: string; userId: string }[] = []
  for (let round = 0; round < rounds; round++) {
    for (const a of accounts) {
      const item = DEMO_POSTS[a.username]?.[round]
      if (!item) continue
      const imageUrls = await Promise.all(item.images.map(async (seed) => (await storePostImage(p, a.id, await renderArtwork(seed))).url))
      const post = await createPost(p, a.id, { caption: item.caption, imageUrls })
      created.push({ id: post.id, userId: a.id })
    }
  }
  // Spread the demo posts over the past days, newest last, so the feed reads like a real one.
  const hour = 3600_000
  for (const [i, post] of created.entries()) {
    await p.db.update(posts).set({ createdAt: new Date(Date.now() - (created.length - i) * 7 * hour) }).where(eq(posts.id, post.id))
  }
  for (const [i, post] of created.entries()) {
    const others = accounts.filter((a) => a.id !== post.userId)
    for (const fan of others.slice(0, 1 + (i % 2))) await setLiked(p, fan.id, post.id, true)
    const [fan] = others
    if (!fan) continue
    if (i % 3 === 0) await setSaved(p.db, fan.id, post.id, true)
    if (i % 2 === 0) await addComment(p, fan.id, post.id, i % 4 === 0 ? 'Obsessed with this 😍' : 'Where is it from?')
  }
}
