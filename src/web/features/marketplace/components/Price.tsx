import { discountPercent, formatEuro } from '~/shared/marketplace/constants'
import { cn } from '../../../lib/cn'

/** Price in euros, the original price struck through when it is higher. */
export function Price({ price, originalPrice, large }: { price: number; originalPrice: number | null; large?: boolean }) {
  const off = discountPercent(price, originalPrice)
  return (
    <span className="tabular inline-flex flex-wrap items-baseline gap-x-2">
      <span className={cn('font-semibold', large ? 'text-xl' : 'text-sm', off !== null && 'text-rose')}>{formatEuro(price)}</span>
      {off !== null && originalPrice !== null && <s className={cn('text-muted', large ? 'text-sm' : 'text-xs')}>{formatEuro(originalPrice)}</s>}
    </span>
  )
}

/** The discount badge: rounded percent off, shown only when the original price exceeds the price. */
export function DiscountBadge({ price, originalPrice, className }: { price: number; originalPrice: number | null; className?: string }) {
  const off = discountPercent(price, originalPrice)
  if (off === null) return null
  return <span className={cn('rounded-full bg-rose px-2 py-0.5 text-xs font-semibold text-on-accent', className)}>-{off}%</span>
}
