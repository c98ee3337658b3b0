import { useQuery } from '@tanstack/react-query'
import { ChevronRight, Footprints, Gem, LayoutGrid, Shirt, Sparkles, type LucideIcon } from 'lucide-react'
import { Link, useNavigate } from '../../../lib/router'
import { IconButton } from '../../../components/Button'
import { ErrorState, Skeleton } from '../../../components/Feedback'
import { TabScreen } from '../../../components/TabBar'
import { fetchSubcategories, keys } from '../api'
import { SearchBox } from '../components/SearchBox'

type Tile = { id: string; label: string; icon: LucideIcon; to: string | null }
const TILES: Tile[] = [
  { id: 'clothing', label: 'Clothing', icon: Shirt, to: '/marketplace' },
  { id: 'accessories', label: 'Accessories', icon: Gem, to: null },
  { id: 'shoes', label: 'Shoes', icon: Footprints, to: null },
  { id: 'collection', label: 'Collection', icon: Sparkles, to: '/marketplace?sort=rating' },
]

/** /discover: search, four category tiles and the subcategories with their item counts. */
export default function DiscoverPage() {
  const navigate = useNavigate()
  const subs = useQuery({ queryKey: keys.subcategories, queryFn: fetchSubcategories, staleTime: 5 * 60_000 })
  return (
    <TabScreen>
      <header className="sticky top-0 z-20 flex items-center gap-2 border-b border-hairline bg-surface/95 px-2 py-2 backdrop-blur">
        <IconButton label="All dresses" onClick={() => navigate('/marketplace')}>
          <LayoutGrid size={24} strokeWidth={1.75} />
        </IconButton>
        <SearchBox value="" onSearch={(q) => navigate(q ? `/marketplace?q=${encodeURIComponent(q)}` : '/marketplace')} />
      </header>
      <div className="flex flex-col gap-6 px-4 py-4">
        <h1 className="font-serif text-xl font-semibold">Discover</h1>
        <ul className="grid grid-cols-2 gap-3">
          {TILES.map(({ id, label, icon: Icon, to }) => {
            const body = (
              <>
                <Icon size={28} strokeWidth={1.75} aria-hidden className="text-rose" />
                <span className="text-sm font-semibold">{label}</span>
                {!to && <span className="text-xs text-muted">Coming soon</span>}
              </>
            )
            return (
              <li key={id}>
                {to ? (
                  <Link to={to} className="flex h-28 flex-col justify-end gap-1 rounded-card bg-sunken p-4 hover:bg-hairline/60">
                    {body}
                  </Link>
                ) : (
                  <div aria-disabled className="flex h-28 flex-col justify-end gap-1 rounded-card bg-sunken p-4 opacity-60">
                    {body}
                  </div>
                )}
              </li>
            )
          })}
        </ul>
        <section aria-labelledby="subcategories" className="flex flex-col gap-2">
          <h2 id="subcategories" className="text-base font-semibold">
            Dresses {subs.data && <span className="tabular font-normal text-muted">({subs.data.total})</span>}
          </h2>
          {subs.isPending ? (
            <div className="flex flex-col gap-2">
              {Array.from({ length: 5 }, (_, i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : subs.isError ? (
            <ErrorState message="We couldn't load the categories." onRetry={() => void subs.refetch()} />
          ) : (
            <ul className="flex flex-col">
              {subs.data.subcategories.map((s) => (
                <li key={s.name} className="border-b border-hairline">
                  <Link to={`/marketplace?q=${encodeURIComponent(s.name)}`} className="flex min-h-12 items-center gap-3 text-sm">
                    <span className="flex-1">{s.name}</span>
                    <span className="tabular text-muted">{s.count} items</span>
                    <ChevronRight size={20} strokeWidth={1.75} aria-hidden className="text-muted" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </TabScreen>
  )
}
