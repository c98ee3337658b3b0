import { ShoppingBag, Trash2 } from 'lucide-react'
import { Link, useNavigate } from '../../../lib/router'
import { formatEuro } from '~/shared/marketplace/constants'
import { MM, MT } from '~/shared/marketplace/messages'
import { Button, IconButton } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { CARD_IMAGE_WIDTHS } from '~/shared/marketplace/images'
import { ProductImage } from '../components/ProductImage'
import { QuantityStepper } from '../components/QuantityStepper'
import { useCart } from '../use-cart'

/** /cart: persisted per user; select lines, change quantities (never below 1), remove, check out. */
export default function CartPage() {
  const navigate = useNavigate()
  const { cart, change } = useCart()
  const allSelected = Boolean(cart.data?.items.length) && Boolean(cart.data?.items.every((i) => i.selected))

  return (
    <Screen>
      <TopBar title="Cart" back />
      {cart.isPending ? (
        <div className="flex flex-col gap-4 p-4">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : cart.isError ? (
        <ErrorState message="We couldn't load your cart." onRetry={() => void cart.refetch()} />
      ) : cart.data.items.length === 0 ? (
        <EmptyState icon={ShoppingBag} title={MT.cartEmpty} action={<Button onClick={() => navigate('/marketplace')}>Browse dresses</Button>} />
      ) : (
        <>
          <label className="flex min-h-12 items-center gap-3 border-b border-hairline px-4 text-sm font-semibold">
            <input type="checkbox" className="size-5 accent-rose" checked={allSelected} onChange={(e) => change({ kind: 'select-all', selected: e.target.checked })} />
            Select all
          </label>
          <ul className="flex flex-col pb-44">
            {cart.data.items.map((item) => (
              <li key={item.id} className="flex gap-3 border-b border-hairline px-4 py-3">
                <input
                  type="checkbox"
                  aria-label={`Select ${item.name}`}
                  className="mt-10 size-5 shrink-0 accent-rose"
                  checked={item.selected}
                  onChange={(e) => change({ kind: 'update', id: item.id, selected: e.target.checked })}
                />
                <Link to={`/product/${item.productId}`} className="w-20 shrink-0">
                  <ProductImage src={item.image} alt="" widths={CARD_IMAGE_WIDTHS} sizes="80px" className="rounded-card" />
                </Link>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-start gap-1">
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-xs text-muted">{item.brand}</p>
                      <p className="line-clamp-2 text-sm font-semibold">{item.name}</p>
                    </div>
                    <IconButton label={`Remove ${item.name}`} className="-mt-2 -mr-2 text-muted" onClick={() => change({ kind: 'remove', id: item.id })}>
                      <Trash2 size={20} strokeWidth={1.75} />
                    </IconButton>
                  </div>
                  <p className="text-xs text-muted">
                    Size {item.size} · {item.color}
                  </p>
                  <div className="mt-auto flex items-center justify-between">
                    <span className="tabular text-sm font-semibold">{formatEuro(item.price)}</span>
                    <QuantityStepper value={item.quantity} name={item.name} onChange={(quantity) => change({ kind: 'update', id: item.id, quantity })} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div className="fixed inset-x-0 bottom-0 z-30 mx-auto flex w-full max-w-[480px] flex-col gap-2 border-t border-hairline bg-surface/95 px-4 pt-3 pb-[calc(12px+env(safe-area-inset-bottom))] backdrop-blur">
            <dl className="tabular flex flex-col gap-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-muted">{MM.subTotal}</dt>
                <dd data-testid="cart-subtotal">{formatEuro(cart.data.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-muted">{MM.shipping}</dt>
                <dd className="text-muted">Chosen at checkout</dd>
              </div>
            </dl>
            <Button block disabled={cart.data.selectedCount === 0} onClick={() => navigate('/checkout')}>
              {MM.proceedToCheckout} ({cart.data.selectedCount})
            </Button>
          </div>
        </>
      )}
    </Screen>
  )
}
