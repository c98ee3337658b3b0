import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { CircleCheck, CircleX, PackageX, Truck } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useParams } from '../../../lib/router'
import { formatEuro } from '~/shared/marketplace/constants'
import { MM, MT } from '~/shared/marketplace/messages'
import type { OrderDetail } from '~/shared/marketplace/schemas'
import { Button } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { Dialog } from '../../../components/Overlay'
import { ApiRequestError, errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { cancelOrder, fetchOrder, keys } from '../api'
import { LineItems } from '../components/LineItems'

function Banner({ order }: { order: OrderDetail }) {
  const [tracking, setTracking] = useState(false)
  if (order.status === 'cancelled') {
    return (
      <div className="flex items-center gap-3 rounded-card bg-danger/10 p-4 text-danger">
        <CircleX size={24} strokeWidth={1.75} aria-hidden />
        <p className="text-sm font-semibold">{MT.orderWasCancelled}</p>
      </div>
    )
  }
  if (order.status === 'delivered') {
    return (
      <div className="flex items-center gap-3 rounded-card bg-success/10 p-4">
        <CircleCheck size={24} strokeWidth={1.75} aria-hidden className="text-success" />
        <div className="text-sm">
          <p className="font-semibold">{MM.orderDelivered}</p>
          <p className="text-muted">{MM.rateForPoints}</p>
        </div>
      </div>
    )
  }
  return (
    <div className="flex items-center gap-3 rounded-card bg-rose/10 p-4">
      <Truck size={24} strokeWidth={1.75} aria-hidden className="text-rose" />
      <div className="text-sm">
        <p className="font-semibold">{MM.orderOnTheWay}</p>
        <button type="button" onClick={() => setTracking(true)} className="min-h-11 text-left text-rose underline underline-offset-4">
          {MM.trackOrder}
        </button>
      </div>
      <Dialog open={tracking} onClose={() => setTracking(false)} title="Tracking">
        <p className="text-sm">
          Tracking number <span className="font-semibold">{order.trackingNumber}</span>. Your parcel is being prepared and will be handed to the carrier soon.
        </p>
      </Dialog>
    </div>
  )
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'flex justify-between text-base font-semibold' : 'flex justify-between'}>
      <dt className={strong ? undefined : 'text-muted'}>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}

/** /order/{orderId}: banner, numbers, address, lines with 2 decimals and totals; cancel while pending. */
export default function OrderPage() {
  const { orderId = '' } = useParams()
  const navigate = useNavigate()
  const qc = useQueryClient()
  const [confirm, setConfirm] = useState(false)
  const order = useQuery({ queryKey: keys.order(orderId), queryFn: () => fetchOrder(orderId) })
  const cancel = useMutation({
    mutationFn: () => cancelOrder(orderId),
    onSuccess: (o) => {
      qc.setQueryData(keys.order(orderId), o)
      void qc.invalidateQueries({ queryKey: ['orders'] })
      setConfirm(false)
      toast.success(MT.orderCancelled)
    },
    onError: (err) => toast.error(errorMessage(err, MT.couldNotCancel)),
  })

  if (order.isPending) {
    return (
      <Screen>
        <TopBar title="Order" back />
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      </Screen>
    )
  }
  if (order.isError) {
    const missing = order.error instanceof ApiRequestError && (order.error.status === 404 || order.error.status === 400)
    return (
      <Screen>
        <TopBar title="Order" back="/my-orders" />
        {missing ? <EmptyState icon={PackageX} title={MT.orderNotFound} /> : <ErrorState message="We couldn't load this order." onRetry={() => void order.refetch()} />}
      </Screen>
    )
  }
  const o = order.data
  return (
    <Screen>
      <TopBar title={MM.orderTitle(o.orderNumber)} back="/my-orders" />
      <div className="flex flex-col gap-5 p-4 pb-8 text-sm">
        <Banner order={o} />
        <dl className="flex flex-col gap-2">
          <Row label="Order number" value={o.orderNumber} />
          <Row label="Tracking number" value={o.trackingNumber} />
          <div className="flex flex-col gap-0.5">
            <dt className="text-muted">Delivery address</dt>
            <dd>{o.deliveryAddress}</dd>
          </div>
        </dl>
        <section aria-labelledby="items-heading" className="flex flex-col gap-2 border-t border-hairline pt-4">
          <h2 id="items-heading" className="text-base font-semibold">
            Items
          </h2>
          <LineItems items={o.items} label="Items" />
        </section>
        <dl className="tabular flex flex-col gap-1.5 border-t border-hairline pt-4">
          <Row label={MM.subTotal} value={formatEuro(o.subtotal)} />
          {o.couponCode && <Row label={`${MT.discount} (${o.couponCode})`} value={`−${formatEuro(o.discount)}`} />}
          <Row label={MM.shipping} value={formatEuro(o.shipping)} />
          <Row label={MM.total} value={formatEuro(o.total)} strong />
        </dl>
        {o.status === 'pending' && (
          <Button variant="secondary" className="text-danger" onClick={() => setConfirm(true)}>
            Cancel order
          </Button>
        )}
        <Button block onClick={() => navigate('/discover')}>
          {MM.continueShopping}
        </Button>
      </div>
      <Dialog open={confirm} onClose={() => setConfirm(false)} title="Cancel this order?">
        <p className="pb-4 text-sm text-muted">Order {o.orderNumber} will be cancelled. This cannot be undone.</p>
        <div className="flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={() => setConfirm(false)}>
            Keep order
          </Button>
          <Button variant="danger" className="flex-1" pending={cancel.isPending} onClick={() => cancel.mutate()}>
            Yes, cancel
          </Button>
        </div>
      </Dialog>
    </Screen>
  )
}
