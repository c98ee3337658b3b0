import { Heart, HeartOff, Sparkles } from 'lucide-react'
import { Link, useNavigate } from '../../../lib/router'
import { formatEuro } from '~/shared/marketplace/constants'
import { Button, IconButton } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { useLiked, useUnlike } from '../hooks'

/** Liked products, each ready to try on. */
export function LikedTab() {
  const navigate = useNavigate()
  const liked = useLiked()
  const unlike = useUnlike()
  if (liked.isPending)
    return (
      <div className="grid grid-cols-2 gap-3 p-4">
        <Skeleton className="aspect-[3/4]" />
        <Skeleton className="aspect-[3/4]" />
      </div>
    )
  if (liked.isError) return <ErrorState message="Could not load your liked products." onRetry={() => void liked.refetch()} />
  if (!liked.data.length)
    return (
      <EmptyState
        icon={Heart}
        title="Products you like will appear here."
        action={
          <Link to="/marketplace" className="text-sm font-semibold text-rose">
            Browse the shop
          </Link>
        }
      />
    )
  return (
    <ul className="grid grid-cols-2 gap-3 p-4" aria-label="Liked products">
      {liked.data.map((p) => (
        <li key={p.id} className="flex flex-col gap-1.5">
          <div className="relative aspect-[3/4] overflow-hidden rounded-card bg-sunken">
            <img src={p.imageUrl} alt={p.name} loading="lazy" className="size-full object-cover" />
            <IconButton label={`Unlike ${p.name}`} onClick={() => unlike.mutate(p.id)} className="absolute top-1 right-1 bg-surface/80">
              <HeartOff size={20} strokeWidth={1.75} />
            </IconButton>
          </div>
          <p className="truncate text-xs text-muted">{p.brand}</p>
          <p className="truncate text-sm font-semibold">{p.name}</p>
          <p className="text-sm tabular">{formatEuro(p.price)}</p>
          <Button
            size="sm"
            variant="secondary"
            className="min-h-11"
            icon={<Sparkles size={16} strokeWidth={1.75} aria-hidden />}
            onClick={() => void navigate('/style-studio-generate', { state: { outfitItem: { id: p.id, name: p.name, image: p.imageUrl, brand: p.brand, price: p.price, category: null } } })}
          >
            Try on
          </Button>
        </li>
      ))}
    </ul>
  )
}
