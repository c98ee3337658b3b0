import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Camera, MessageCircle, PenSquare, Search } from 'lucide-react'
import { useState } from 'react'
import { IconButton } from '../../components/Button'
import { Link, useLocation } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { handleOf, matchesConversation, type ConversationSummary } from '~/shared/social/schemas'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { Screen, TopBar } from '../../components/Layout'
import { cn } from '../../lib/cn'
import { useSession } from '../../lib/session'
import { fetchConversations, socialKeys } from './api'
import { conversationPath } from './links'
import { NewMessageSheet } from './NewMessageSheet'
import { useUserEvents } from './events'
import { timeAgo } from '~/shared/posts/format'
import { UserAvatar } from '../../components/UserAvatar'
import { SearchField } from '../../components/SearchField'

const LIVE_TYPES = ['message', 'messages_read'] as const

/** /messages (spec part 1 §2): back to /feed, a case-insensitive filter on username or last message, the conversations. */
export default function MessagesPage() {
  const qc = useQueryClient()
  const [filter, setFilter] = useState('')
  const [composing, setComposing] = useState(false)
  const compose = (useLocation().state as { compose?: string } | null)?.compose
  const list = useQuery({ queryKey: socialKeys.conversations, queryFn: fetchConversations, staleTime: 0 })
  useUserEvents(LIVE_TYPES, () => void qc.invalidateQueries({ queryKey: socialKeys.conversations }))
  const shown = (list.data ?? []).filter((c) => matchesConversation(c, filter))

  return (
    <Screen>
      <TopBar
        title={SM.messagesTitle}
        back="/feed"
        actions={
          <IconButton label={SM.newMessage} onClick={() => setComposing(true)}>
            <PenSquare size={24} strokeWidth={1.75} />
          </IconButton>
        }
      />
      <NewMessageSheet open={composing} onClose={() => setComposing(false)} />
      <div className="px-4 py-3">
        <SearchField label="Search conversations" value={filter} onChange={setFilter} placeholder={SM.searchConversations} />
      </div>
      {compose && !list.data?.some((c) => handleOf(c.user) === compose) && (
        <Link to={conversationPath(compose)} className="mx-4 mb-2 flex min-h-12 items-center gap-3 rounded-card border border-hairline px-3 text-sm font-semibold">
          <PenSquare size={20} strokeWidth={1.75} aria-hidden />
          New message to {compose}
        </Link>
      )}
      {list.isPending ? (
        <ul aria-hidden className="flex flex-col gap-4 px-4 py-2">
          {Array.from({ length: 6 }, (_, i) => (
            <PersonRowSkeleton key={i} as="li" avatar="size-14" lines={['h-3.5 w-32', 'h-3 w-48']} />
          ))}
        </ul>
      ) : list.isError ? (
        <ErrorState message="Your messages could not be loaded." onRetry={() => void list.refetch()} />
      ) : !list.data.length ? (
        <EmptyState icon={MessageCircle} title={SM.noConversations} />
      ) : !shown.length ? (
        <EmptyState icon={Search} title={SM.noConversationMatches} />
      ) : (
        <ul aria-label="Conversations">
          {shown.map((c) => (
            <ConversationRow key={c.id} conversation={c} />
          ))}
        </ul>
      )}
    </Screen>
  )
}

function ConversationRow({ conversation: c }: { conversation: ConversationSummary }) {
  const { user: me } = useSession()
  const last = c.lastMessage
  return (
    <li className="flex items-center pr-2 hover:bg-sunken">
      <Link to={conversationPath(handleOf(c.user))} className="flex min-h-[72px] min-w-0 flex-1 items-center gap-3 py-2 pl-4">
        <UserAvatar user={c.user} size="lg" ring={c.user.hasStory ? 'unviewed' : null} />
        <div className="min-w-0 flex-1">
          <p className={cn('truncate text-sm', c.unread ? 'font-semibold' : undefined)}>{c.user.username ?? c.user.name}</p>
          <p className={cn('flex gap-1 text-sm', c.unread ? 'font-semibold text-ink' : 'text-muted')}>
            <span className="truncate">{last ? `${last.senderId === me?.id ? 'You: ' : ''}${last.body}` : SM.sayHello}</span>
            {last && <span className="shrink-0">· {timeAgo(last.createdAt)}</span>}
          </p>
        </div>
        {c.unread > 0 && (
          <span className="tabular flex h-5 min-w-5 items-center justify-center rounded-full bg-rose px-1.5 text-xs font-semibold text-on-accent" aria-label={`${c.unread} unread`}>
            {c.unread}
          </span>
        )}
      </Link>
      <Link to="/camera" aria-label={`Camera, reply to ${c.user.username ?? c.user.name}`} className="flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:text-ink">
        <Camera size={22} strokeWidth={1.75} aria-hidden />
      </Link>
    </li>
  )
}
