import { useQuery } from '@tanstack/react-query'
import { Package } from 'lucide-react'
import { Link, useSearchParams } from '../../../lib/router'
import { formatEuro, ORDER_STATUSES, type OrderStatus } from '~/shared/marketplace/constants'
import { MM } from '~/shared/marketplace/messages'
import { Tabs } from '../../../components/Choice'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { fetchOrders, keys } from '../api'

const TAB_LABELS: Record<OrderStatus, string> = { pending: 'Pending', delivered: 'Delivered', cancelled: 'Cancelled' }
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })

/** /my-orders: tabs Pending, Delivered, Cancelled (the tab is in the URL). */
export default function MyOrdersPage() {
  const [params, setParams] = useSearchParams()
  const status = (ORDER_STATUSES as readonly string[]).includes(params.get('status') ?? '') ? (params.get('status') as OrderStatus) : 'pending'
  const orders = useQuery({ queryKey: keys.orders(status), queryFn: () => fetchOrders(status) })
  return (
    <Screen>
      <TopBar title="My Orders" back="/marketplace/profile" />
      <Tabs label="Order status" tabs={ORDER_STATUSES.map((s) => ({ id: s, label: TAB_LABELS[s] }))} value={status} onChange={(s) => setParams({ status: s }, { replace: true })} />
      <div role="tabpanel" aria-label={TAB_LABELS[status]} className="flex flex-col gap-3 p-4">
        {orders.isPending ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-32 w-full" />)
        ) : orders.isError ? (
          <ErrorState message="We couldn't load your orders." onRetry={() => void orders.refetch()} />
        ) : orders.data.items.length === 0 ? (
          <EmptyState icon={Package} title={MM.noOrdersFound(status)} />
        ) : (
          orders.data.items.map((o) => (
            <article key={o.id} className="flex flex-col gap-2 rounded-card border border-hairline p-4 text-sm">
              <div className="flex items-center justify-between">
                <h2 className="font-semibold">Order {o.orderNumber}</h2>
                <time className="text-xs text-muted" dateTime={o.date}>
                  {dateFormat.format(new Date(o.date))}
                </time>
              </div>
              <p className="text-muted">
                Tracking number: <span className="text-ink">{o.trackingNumber}</span>
              </p>
              <div className="tabular flex items-center justify-between">
                <span className="text-muted">
                  Quantity: <span className="text-ink">{o.quantity}</span>
                </span>
                <span>
                  {MM.subTotal}: <span className="font-semibold">{formatEuro(o.subtotal)}</span>
                </span>
              </div>
              <div className="flex items-center justify-between pt-1">
                <span className={o.status === 'cancelled' ? 'text-danger' : o.status === 'delivered' ? 'text-success' : 'text-warning'}>{TAB_LABELS[o.status]}</span>
                <Link to={`/order/${o.id}`} className="inline-flex min-h-11 items-center rounded-full border border-hairline px-5 font-semibold hover:bg-sunken" aria-label={`Details of order ${o.orderNumber}`}>
                  Details
                </Link>
              </div>
            </article>
          ))
        )}
      </div>
    </Screen>
  )
}
