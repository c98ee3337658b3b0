import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Search, UserX } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { handleOf, SEARCH_MAX_LENGTH } from '~/shared/social/schemas'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { BottomSheet } from '../../components/Overlay'
import { UserAvatar } from '../../components/UserAvatar'
import { useSession } from '../../lib/session'
import { searchAll, socialKeys } from './api'
import { conversationPath } from './links'
import { useDebounced } from '../../lib/use-debounced'

const DEBOUNCE_MS = 250

/** Compose on /messages: find a person by name or username and open the conversation with them. */
export function NewMessageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { user: me } = useSession()
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), DEBOUNCE_MS)
  const results = useQuery({
    queryKey: socialKeys.search(q),
    queryFn: ({ signal }) => searchAll(q, signal),
    enabled: open && q.length > 0,
    placeholderData: keepPreviousData,
  })
  const people = (results.data?.people ?? []).filter((p) => p.id !== me?.id)

  return (
    <BottomSheet open={open} onClose={onClose} title={SM.newMessage}>
      <label className="flex h-11 items-center gap-2 rounded-card bg-sunken px-3 text-muted focus-within:ring-2 focus-within:ring-rose">
        <Search size={20} strokeWidth={1.75} aria-hidden />
        <input
          type="search"
          autoFocus
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={SM.findPerson}
          aria-label={SM.findPerson}
          maxLength={SEARCH_MAX_LENGTH}
          className="h-full flex-1 bg-transparent text-base text-ink outline-none placeholder:text-muted"
        />
      </label>
      <div className="mt-3 min-h-64">
        {!q ? (
          <p className="py-6 text-center text-sm text-muted">{SM.findPersonHint}</p>
        ) : results.isPending ? (
          <ul aria-hidden className="flex flex-col gap-3">
            {Array.from({ length: 3 }, (_, i) => (
              <PersonRowSkeleton key={i} as="li" avatar="size-10" lines={['h-3.5 w-32']} />
            ))}
          </ul>
        ) : results.isError ? (
          <ErrorState message="People could not be searched." onRetry={() => void results.refetch()} />
        ) : !people.length ? (
          <EmptyState icon={UserX} title={SM.noPeopleFound} />
        ) : (
          <ul aria-label="People">
            {people.map((p) => (
              <li key={p.id}>
                <Link to={conversationPath(handleOf(p))} onClick={onClose} className="flex min-h-14 items-center gap-3 rounded-card px-1 hover:bg-sunken">
                  <UserAvatar user={p} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold">{p.username ?? p.name}</span>
                    <span className="block truncate text-sm text-muted">{p.name}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </BottomSheet>
  )
}
