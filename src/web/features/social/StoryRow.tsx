import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Plus, RotateCw } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { handleOf } from '~/shared/social/handles'
import type { StoryRing, UserCard } from '~/shared/social/schemas'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { fetchStoryRow, socialKeys } from './api'
import { useUserEvents } from './events'
import { UserAvatar } from '../../components/UserAvatar'

const LIVE_TYPES = ['story'] as const
// A live tile is named "LIVE <name>" instead: its visible badge text comes first (WCAG 2.5.3).
const ringLabel: Record<Exclude<StoryRing, 'live'>, string> = { unviewed: 'new story', viewed: 'story seen' }

function Tile({ to, user, ring, caption, label, badge }: { to: string; user: UserCard; ring: StoryRing | null; caption: string; label: string; badge?: ReactNode }) {
  return (
    <li className="w-[68px] shrink-0">
      <Link to={to} aria-label={label} className="flex flex-col items-center gap-1 rounded-card text-xs">
        <span className="relative">
          <UserAvatar user={user} size="xl" ring={ring} className={ring ? undefined : 'p-[4.5px]'} />
          {badge}
        </span>
        {/* Separates the badge's word from the caption in the link's text (a flex container drops it from layout). */}{' '}
        <span className="w-full truncate text-center">{caption}</span>
      </Link>
    </li>
  )
}

/**
 * The feed's story row (spec part 1 §2): the own tile goes to /camera, a live tile to /live, any
 * other to /story/{username}. Rings: live, unviewed, viewed (per viewer).
 */
export function StoryRow() {
  const qc = useQueryClient()
  const row = useQuery({ queryKey: socialKeys.storyRow, queryFn: fetchStoryRow })
  useUserEvents(LIVE_TYPES, () => void qc.invalidateQueries({ queryKey: socialKeys.storyRow }))
  return (
    <section aria-label="Stories" className="border-b border-hairline">
      {row.isPending ? (
        <div className="flex gap-3 px-4 py-3" aria-hidden>
          {Array.from({ length: 5 }, (_, i) => (
            <PersonRowSkeleton key={i} stacked avatar="size-[74px]" lines={['h-3 w-12']} />
          ))}
        </div>
      ) : row.isError ? (
        <div className="flex items-center justify-between px-4 py-3 text-sm text-muted">
          <span>Stories could not be loaded.</span>
          <button type="button" onClick={() => void row.refetch()} className="flex min-h-11 items-center gap-1 px-2 font-semibold text-ink">
            <RotateCw size={16} strokeWidth={1.75} aria-hidden /> Retry
          </button>
        </div>
      ) : (
        <ul className="flex gap-3 overflow-x-auto px-4 py-3 [scrollbar-width:none]">
          <Tile
            to="/camera"
            user={row.data.me.user}
            caption={SM.yourStory}
            ring={row.data.me.ring}
            label={SM.yourStory}
            badge={
              <span className="absolute right-0 bottom-0 flex size-6 items-center justify-center rounded-full border-2 border-surface bg-rose text-on-accent">
                <Plus size={14} strokeWidth={2.5} aria-hidden />
              </span>
            }
          />
          {row.data.entries.map(({ user, ring }) => (
            <Tile
              key={user.id}
              to={ring === 'live' ? '/live' : `/story/${encodeURIComponent(handleOf(user))}`}
              user={user}
              ring={ring}
              caption={user.username ?? user.name}
              label={ring === 'live' ? `${SM.live} ${user.username ?? user.name}` : `${user.username ?? user.name}, ${ringLabel[ring]}`}
              badge={
                ring === 'live' ? (
                  <span className="absolute -bottom-1 left-1/2 -translate-x-1/2 rounded-sm border-2 border-surface bg-rose px-1 text-[10px] leading-tight font-semibold text-on-accent">{SM.live}</span>
                ) : undefined
              }
            />
          ))}
        </ul>
      )}
    </section>
  )
}
