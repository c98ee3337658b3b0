import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Clock, SearchX, X } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { Link } from '../../lib/router'
import { SM } from '~/shared/social/messages'
import { formatEuro } from '~/shared/marketplace/constants'
import { SEARCH_MAX_LENGTH, type SearchResults } from '~/shared/social/schemas'
import { IconButton } from '../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../components/Feedback'
import { PersonRowSkeleton } from '../../components/PersonRowSkeleton'
import { TabScreen } from '../../components/TabBar'
import { useSession } from '../../lib/session'
import { fetchRecentSearches, forgetSearches, rememberSearch, searchAll, socialKeys } from './api'
import { postPath, productPath, profilePath } from './links'
import { useDebounced } from '../../lib/use-debounced'
import { UserAvatar } from '../../components/UserAvatar'
import { SearchField } from '../../components/SearchField'

const DEBOUNCE_MS = 250

/** /search (spec part 1 §2): the 'Search' input searches people, products and posts as you type. */
export default function SearchPage() {
  const { status } = useSession()
  const signedIn = status === 'signed-in'
  const qc = useQueryClient()
  const [text, setText] = useState('')
  const q = useDebounced(text.trim(), DEBOUNCE_MS)
  const results = useQuery({
    queryKey: socialKeys.search(q),
    queryFn: ({ signal }) => searchAll(q, signal),
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
  })
  const recent = useQuery({ queryKey: socialKeys.recentSearches, queryFn: fetchRecentSearches, enabled: signedIn })
  const remember = useMutation({
    mutationFn: rememberSearch,
    onSuccess: (queries) => qc.setQueryData(socialKeys.recentSearches, queries),
  })
  const forget = useMutation({
    mutationFn: forgetSearches,
    onSuccess: (queries) => qc.setQueryData(socialKeys.recentSearches, queries),
  })
  const keep = () => {
    if (signedIn && text.trim()) remember.mutate(text.trim())
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    keep()
  }

  return (
    <TabScreen>
      <form role="search" onSubmit={submit} className="sticky top-0 z-20 border-b border-hairline bg-surface/95 px-4 py-2 backdrop-blur">
        <SearchField label={SM.searchPlaceholder} value={text} onChange={setText} placeholder={SM.searchPlaceholder} maxLength={SEARCH_MAX_LENGTH} autoFocus enterKeyHint="search" />
      </form>
      <div aria-live="polite">
        {!text.trim() ? (
          <>
            <p className="px-4 pt-6 pb-2 text-center text-sm text-muted">{SM.searchResultsHint}</p>
            {signedIn && recent.data?.length ? (
              <section aria-label={SM.recentSearches} className="px-4 pt-4">
                <div className="flex items-center justify-between">
                  <h2 className="text-base font-semibold">{SM.recentSearches}</h2>
                  <button type="button" onClick={() => forget.mutate(undefined)} className="min-h-11 px-2 text-sm font-semibold text-rose">
                    {SM.clearRecent}
                  </button>
                </div>
                <ul>
                  {recent.data.map((r) => (
                    <li key={r} className="flex items-center gap-2">
                      <button type="button" onClick={() => setText(r)} className="flex min-h-11 flex-1 items-center gap-3 text-left text-sm">
                        <Clock size={18} strokeWidth={1.75} className="text-muted" aria-hidden />
                        {r}
                      </button>
                      <IconButton label={`Remove ${r}`} onClick={() => forget.mutate(r)}>
                        <X size={18} strokeWidth={1.75} />
                      </IconButton>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        ) : results.isError ? (
          <ErrorState message="Search is not answering. Try again." onRetry={() => void results.refetch()} />
        ) : !results.data ? (
          <ResultsSkeleton />
        ) : isEmpty(results.data) ? (
          <EmptyState icon={SearchX} title={`${SM.noResults} “${q}”`} />
        ) : (
          <Results data={results.data} onOpen={keep} />
        )}
      </div>
    </TabScreen>
  )
}

const isEmpty = (r: SearchResults) => !r.people.length && !r.products.length && !r.posts.length

function ResultsSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-4 p-4">
      {Array.from({ length: 4 }, (_, i) => (
        <PersonRowSkeleton key={i} avatar="size-11" lines={['h-3.5 w-40']} />
      ))}
      <div className="grid grid-cols-3 gap-1">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="aspect-square rounded-sm" />
        ))}
      </div>
    </div>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-b border-hairline py-3">
      <h2 className="px-4 pb-2 text-base font-semibold">{title}</h2>
      {children}
    </section>
  )
}

function Results({ data, onOpen }: { data: SearchResults; onOpen: () => void }) {
  return (
    <>
      {data.people.length > 0 && (
        <Section title={SM.people}>
          <ul>
            {data.people.map((u) => (
              <li key={u.id}>
                <Link to={u.username ? profilePath(u.username) : '#'} onClick={onOpen} className="flex min-h-14 items-center gap-3 px-4 py-1.5 hover:bg-sunken">
                  <UserAvatar user={u} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-semibold">{u.username ?? u.name}</span>
                    {u.name !== u.username && <span className="block truncate text-sm text-muted">{u.name}</span>}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {data.products.length > 0 && (
        <Section title={SM.products}>
          <ul className="grid grid-cols-2 gap-3 px-4">
            {data.products.map((p) => (
              <li key={p.id}>
                <Link to={productPath(p.id)} onClick={onOpen} className="block">
                  <span className="block aspect-[3/4] overflow-hidden rounded-card bg-sunken">
                    <img src={p.imageUrl} alt="" className="size-full object-cover" loading="lazy" />
                  </span>
                  <span className="mt-1 block truncate text-xs text-muted">{p.brand}</span>
                  <span className="block truncate text-sm">{p.name}</span>
                  <span className="tabular block text-sm font-semibold">{formatEuro(p.price)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
      {data.posts.length > 0 && (
        <Section title={SM.posts}>
          <ul className="grid grid-cols-3 gap-1 px-1">
            {data.posts.map((p) => (
              <li key={p.id}>
                <Link to={postPath(p.id)} onClick={onOpen} aria-label={`Post by ${p.user.username ?? p.user.name}: ${p.caption.slice(0, 80)}`} className="block aspect-square overflow-hidden bg-sunken">
                  {p.imageUrl ? <img src={p.imageUrl} alt="" className="size-full object-cover" loading="lazy" /> : <span className="line-clamp-4 p-2 text-xs">{p.caption}</span>}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      )}
    </>
  )
}
