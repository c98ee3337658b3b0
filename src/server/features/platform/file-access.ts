import type { SessionUser } from '~/shared/auth'
import type { Platform } from '../../platform'
import { storyIdFromKey, storyIsActive } from '../stories'

type AccessRule = (key: string, user: SessionUser | null, p: Platform) => boolean | Promise<boolean>

/**
 * Who may read a stored object, by its first path segment (the bucket). Public buckets hold
 * images shown to everyone (avatars, product images, post images); private ones only to their
 * owner, whose id is the second segment. Features add their buckets here.
 */
const rules: Record<string, AccessRule> = {
  avatars: () => true,
  products: () => true,
  posts: () => true,
  // Stories: any signed-in user, only while the story is active (24 hours).
  stories: (key, user, p) => {
    const id = storyIdFromKey(key)
    return user && id ? storyIsActive(p.db, id) : false
  },
}

export function fileAccess(p: Platform, key: string, user: SessionUser | null) {
  const bucket = key.split('/')[0] ?? ''
  // Own properties only: a bucket named like an Object.prototype member gets the owner-only rule.
  const rule = (Object.hasOwn(rules, bucket) ? rules[bucket] : undefined) ?? ((k: string, u: SessionUser | null) => Boolean(u && k.split('/')[1] === u.id))
  return rule(key, user, p)
}
