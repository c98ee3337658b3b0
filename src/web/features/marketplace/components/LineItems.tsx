import { formatEuro, fromCents, toCents } from '~/shared/marketplace/constants'
import { ProductImage } from './ProductImage'

export type LineItem = { name: string; size: string; color: string; quantity: number; price: number; image: string }

const lineTotal = (i: LineItem) => fromCents(toCents(i.price) * i.quantity)

/** What is (being) bought: each line with its picture, size and colour, quantity × unit price, and line total. */
export function LineItems({ items, label }: { items: readonly LineItem[]; label: string }) {
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {items.map((i, n) => (
        <li key={n} className="tabular flex items-start gap-3 text-sm">
          <ProductImage src={i.image} alt="" sizes="48px" widths={[240]} className="w-12 shrink-0 rounded-md" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span className="line-clamp-2">{i.name}</span>
            <span className="text-xs text-muted">
              Size {i.size} · {i.color}
            </span>
            <span className="text-xs text-muted">
              {i.quantity} × {formatEuro(i.price)}
            </span>
          </span>
          <span className="font-semibold" aria-label={`Line total ${formatEuro(lineTotal(i))}`}>
            {formatEuro(lineTotal(i))}
          </span>
        </li>
      ))}
    </ul>
  )
}
