import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { UserX } from 'lucide-react'
import { useState } from 'react'
import { Link } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { handleOf, SEARCH_MAX_LENGTH } from '~/shared/social/schemas'
import { EmptyState, ErrorState } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { BottomSheet } from '../../components/Overlay'
import { UserAvatar } from '../../components/UserAvatar'
import { SearchField } from '../../components/SearchField'
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
      <SearchField label={SM.findPerson} value={text} onChange={setText} placeholder={SM.findPerson} maxLength={SEARCH_MAX_LENGTH} autoFocus />
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
