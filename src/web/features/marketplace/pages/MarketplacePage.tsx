import { useInfiniteQuery } from '@tanstack/react-query'
import { LayoutGrid, List, SearchX, SlidersHorizontal } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from '../../../lib/router'
import { CATEGORIES, filterBadgeCount, SORTS, type SortId } from '~/shared/marketplace/constants'
import { MM } from '~/shared/marketplace/messages'
import { Button, IconButton } from '../../../components/Button'
import { Chip } from '../../../components/Choice'
import { EmptyState, ErrorState } from '../../../components/Feedback'
import { TopBar } from '../../../components/Layout'
import { TabScreen } from '../../../components/TabBar'
import { cn } from '../../../lib/cn'
import { listImagePriority } from '../../../lib/image-loading'
import { useFirstScreenList } from '../../../lib/use-first-screen-list'
import { fetchProducts, keys } from '../api'
import { FilterSheet } from '../components/FilterSheet'
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard'
import { SearchBox } from '../components/SearchBox'
import { DEFAULT_FILTERS, parseFilters, toQuery, type Filters } from '~/shared/marketplace/filters'

/** Cards drawn at once: the rows in view on a phone before scrolling; the others are laid out as they near. */
const FIRST_SCREEN_CARDS = 6

const label = (c: string) => c.charAt(0).toUpperCase() + c.slice(1)

/** /marketplace: the dresses listing; every filter is in the URL. */
export default function MarketplacePage() {
  const [params, setParams] = useSearchParams()
  const filters = parseFilters(params)
  const view = params.get('view') === 'list' ? 'list' : 'grid'
  const [sheetOpen, setSheetOpen] = useState(false)

  const update = (patch: Partial<Filters>, opts: { replace?: boolean } = {}) => {
    const next = new URLSearchParams(toQuery({ ...filters, ...patch }))
    if (view === 'list') next.set('view', 'list')
    setParams(next, { replace: opts.replace })
  }
  const setView = (v: 'grid' | 'list') => {
    const next = new URLSearchParams(params)
    if (v === 'list') next.set('view', 'list')
    else next.delete('view')
    setParams(next, { replace: true })
  }

  const query = useInfiniteQuery({
    queryKey: keys.list(filters),
    queryFn: ({ pageParam }) => fetchProducts(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
  const items = useMemo(() => query.data?.pages.flatMap((p) => p.items) ?? [], [query.data])
  const { shown, complete } = useFirstScreenList(items, FIRST_SCREEN_CARDS)
  const badge = filterBadgeCount(filters)

  const sentinel = useRef<HTMLDivElement>(null)
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query
  useEffect(() => {
    const el = sentinel.current
    if (!el || !hasNextPage || !complete) return
    const io = new IntersectionObserver((entries) => {
      if (entries[0]?.isIntersecting && !isFetchingNextPage) void fetchNextPage()
    }, { rootMargin: '600px' })
    io.observe(el)
    return () => io.disconnect()
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, complete])

  return (
    <TabScreen>
      <TopBar title="Dresses" back="/discover" />
      <div className="flex flex-col gap-3 px-4 pt-3">
        <div className="flex items-center gap-2">
          <SearchBox value={filters.q} onSearch={(q) => update({ q })} />
          <div className="relative">
            <IconButton label={badge ? `Filters (${badge} selected)` : 'Filters'} onClick={() => setSheetOpen(true)} className="border border-hairline">
              <SlidersHorizontal size={22} strokeWidth={1.75} />
            </IconButton>
            {badge > 0 && (
              <span aria-hidden className="tabular absolute -top-1 -right-1 flex size-5 items-center justify-center rounded-full bg-rose text-[11px] font-semibold text-on-accent">
                {badge}
              </span>
            )}
          </div>
        </div>
        <div className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]" role="group" aria-label="Categories">
          {CATEGORIES.map((c) => (
            <Chip key={c} selected={filters.category === c} onClick={() => update({ category: c })}>
              {label(c)}
            </Chip>
          ))}
        </div>
        <div className="flex items-center justify-between gap-2">
          <label className="flex items-center gap-2 text-sm">
            <span className="text-muted">Sort</span>
            <select
              aria-label="Sort by"
              value={filters.sort}
              onChange={(e) => update({ sort: e.target.value as SortId })}
              className="h-11 rounded-full border border-hairline bg-surface px-3 text-sm font-semibold outline-none focus:border-ink"
            >
              {SORTS.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
          <div className="flex" role="group" aria-label="Layout">
            <IconButton label="Grid view" aria-pressed={view === 'grid'} onClick={() => setView('grid')} className={cn(view === 'grid' ? 'text-ink' : 'text-muted')}>
              <LayoutGrid size={22} strokeWidth={1.75} />
            </IconButton>
            <IconButton label="List view" aria-pressed={view === 'list'} onClick={() => setView('list')} className={cn(view === 'list' ? 'text-ink' : 'text-muted')}>
              <List size={22} strokeWidth={1.75} />
            </IconButton>
          </div>
        </div>
      </div>

      <section aria-label="Products" aria-busy={query.isPending} className="px-4 pt-2 pb-6">
        {query.isPending ? (
          <div className={cn(view === 'grid' ? 'grid grid-cols-2 gap-x-3 gap-y-5' : 'flex flex-col gap-4')}>
            {Array.from({ length: 6 }, (_, i) => (
              <ProductCardSkeleton key={i} variant={view} />
            ))}
          </div>
        ) : query.isError ? (
          <ErrorState message="We couldn't load the dresses." onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={SearchX}
            title={MM.noProductsFound}
            action={
              <Button variant="secondary" onClick={() => update({ ...DEFAULT_FILTERS, sort: filters.sort })}>
                {MM.clearFilters}
              </Button>
            }
          />
        ) : (
          <>
            <ul className={cn(view === 'grid' ? 'grid grid-cols-2 gap-x-3 gap-y-5' : 'flex flex-col gap-4')}>
              {shown.map((p, i) => (
                <li key={p.id} className={cn(i >= FIRST_SCREEN_CARDS && 'render-when-near [--near-height:320px]')}>
                  <ProductCard product={p} variant={view} imagePriority={listImagePriority(i, view === 'grid' ? 2 : 1)} />
                </li>
              ))}
            </ul>
            <div ref={sentinel} />
            {query.hasNextPage && (
              <div className="flex justify-center pt-6">
                <Button variant="secondary" pending={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </section>
      <FilterSheet key={sheetOpen ? 'open' : 'closed'} open={sheetOpen} onClose={() => setSheetOpen(false)} filters={filters} onApply={(f) => update(f)} />
    </TabScreen>
  )
}
