import type { StoryRing, UserCard } from '~/shared/social/schemas'
import { cn } from '../lib/cn'
import './story-ring.css'

const sizes = { sm: 'size-8 text-xs', md: 'size-11 text-sm', lg: 'size-14 text-base', xl: 'size-16 text-lg' } as const

/** A round avatar (initial on a soft background when there is no picture), optionally inside a story ring. */
export function UserAvatar({ user, size = 'md', ring, className }: { user: Pick<UserCard, 'name' | 'avatarUrl'>; size?: keyof typeof sizes; ring?: StoryRing | null; className?: string }) {
  const face = user.avatarUrl ? (
    <img src={user.avatarUrl} alt="" className={cn('rounded-full bg-sunken object-cover', sizes[size])} loading="lazy" />
  ) : (
    <span aria-hidden className={cn('flex items-center justify-center rounded-full bg-sunken font-semibold text-muted uppercase', sizes[size])}>
      {user.name.slice(0, 1)}
    </span>
  )
  if (!ring) return <span className={cn('inline-flex shrink-0', className)}>{face}</span>
  return (
    <span data-ring={ring} className={cn('inline-flex shrink-0 rounded-full p-[2.5px]', `story-ring-${ring}`, className)}>
      <span className="rounded-full bg-surface p-[2px]">{face}</span>
    </span>
  )
}
