import { Link } from '../../../lib/router'
import { CARD_IMAGE_SIZES, CARD_IMAGE_WIDTHS } from '~/shared/marketplace/images'
import type { ProductCard as Product } from '~/shared/marketplace/schemas'
import { Skeleton } from '../../../components/Feedback'
import { cn } from '../../../lib/cn'
import type { ImagePriority } from '../../../lib/image-loading'
import { useLikeToggle } from '../use-like'
import { LikeButton } from './LikeButton'
import { DiscountBadge, Price } from './Price'
import { ProductImage } from './ProductImage'
import { Stars } from './Stars'

/** A product in the grid (two columns) or the list (image beside the text); the whole card opens the product. */
export function ProductCard({ product, variant = 'grid', imagePriority }: { product: Product; variant?: 'grid' | 'list'; imagePriority?: ImagePriority }) {
  const toggleLike = useLikeToggle()
  const list = variant === 'list'
  return (
    <article className={cn('relative', list && 'flex gap-3')}>
      <Link to={`/product/${product.id}`} className={cn('block', list ? 'w-28 shrink-0' : 'w-full')} tabIndex={-1} aria-hidden>
        <div className="relative">
          <ProductImage src={product.imageUrl} alt="" widths={CARD_IMAGE_WIDTHS} sizes={CARD_IMAGE_SIZES[variant]} priority={imagePriority} className="rounded-card" />
          <DiscountBadge price={product.price} originalPrice={product.originalPrice} className="absolute top-2 left-2" />
        </div>
      </Link>
      <div className={cn('flex min-w-0 flex-col gap-0.5', list ? 'flex-1 py-1 pr-11' : 'pt-2')}>
        <p className="truncate text-xs text-muted">{product.brand}</p>
        <Link to={`/product/${product.id}`} className="line-clamp-2 text-sm leading-snug font-semibold">
          {product.name}
        </Link>
        <Price price={product.price} originalPrice={product.originalPrice} />
        {product.reviewsCount > 0 && (
          <span className="flex items-center gap-1 text-xs text-muted">
            <Stars rating={product.rating} size={12} />
            <span className="tabular">({product.reviewsCount})</span>
          </span>
        )}
      </div>
      <LikeButton
        liked={product.liked}
        name={product.name}
        onToggle={() => toggleLike(product)}
        className={cn('absolute', list ? 'top-0 right-0' : 'top-1 right-1 bg-surface/85 backdrop-blur')}
      />
    </article>
  )
}

export function ProductCardSkeleton({ variant = 'grid' }: { variant?: 'grid' | 'list' }) {
  return variant === 'list' ? (
    <div className="flex gap-3">
      <Skeleton className="aspect-[3/4] w-28" />
      <div className="flex flex-1 flex-col gap-2 py-1">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/4" />
      </div>
    </div>
  ) : (
    <div className="flex flex-col gap-2">
      <Skeleton className="aspect-[3/4] w-full" />
      <Skeleton className="h-3 w-1/3" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  )
}
