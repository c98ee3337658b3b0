import { useQuery } from '@tanstack/react-query'
import { Heart } from 'lucide-react'
import { useNavigate } from '../../../lib/router'
import { MT } from '~/shared/marketplace/messages'
import { Button } from '../../../components/Button'
import { EmptyState, ErrorState } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { fetchWishlist, keys } from '../api'
import { ProductCard, ProductCardSkeleton } from '../components/ProductCard'

/** /profile/wishlist: the products I like; unliking here takes them off after the next refresh. */
export default function WishlistPage() {
  const navigate = useNavigate()
  const wishlist = useQuery({ queryKey: keys.wishlist, queryFn: fetchWishlist })
  return (
    <Screen>
      <TopBar title="My Wishlist" back="/marketplace/profile" />
      <div className="px-4 py-4">
        {wishlist.isPending ? (
          <div className="grid grid-cols-2 gap-x-3 gap-y-5">
            {Array.from({ length: 4 }, (_, i) => (
              <ProductCardSkeleton key={i} />
            ))}
          </div>
        ) : wishlist.isError ? (
          <ErrorState message="We couldn't load your wishlist." onRetry={() => void wishlist.refetch()} />
        ) : wishlist.data.items.length === 0 ? (
          <EmptyState icon={Heart} title={MT.wishlistEmpty} action={<Button onClick={() => navigate('/marketplace')}>Browse dresses</Button>} />
        ) : (
          <ul className="grid grid-cols-2 gap-x-3 gap-y-5">
            {wishlist.data.items.map((p) => (
              <li key={p.id}>
                <ProductCard product={p} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Screen>
  )
}
