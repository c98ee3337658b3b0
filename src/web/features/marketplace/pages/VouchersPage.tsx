import { useQuery } from '@tanstack/react-query'
import { Ticket } from 'lucide-react'
import { formatEuro } from '~/shared/marketplace/constants'
import { MT } from '~/shared/marketplace/messages'
import type { Voucher } from '~/shared/marketplace/schemas'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { cn } from '../../../lib/cn'
import { fetchVouchers, keys } from '../api'

const day = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', year: 'numeric' })
const STATUS_LABEL: Record<Voucher['status'], string> = { available: 'Available', used: 'Used', expired: 'Expired' }

function VoucherCard({ v }: { v: Voucher }) {
  const usable = v.status === 'available'
  const conditions = [
    v.minSubtotal > 0 ? `Orders from ${formatEuro(v.minSubtotal)}` : 'Any order',
    v.expiresAt ? `${v.status === 'expired' ? 'Expired' : 'Valid until'} ${day.format(new Date(v.expiresAt))}` : 'No end date',
    v.personal ? 'Just for you' : 'Once per customer',
  ]
  return (
    <li aria-label={`${v.title}, ${STATUS_LABEL[v.status]}`} className="flex overflow-hidden rounded-card border border-hairline">
      <div className={cn('tabular flex w-24 shrink-0 flex-col items-center justify-center gap-0.5 p-3', usable ? 'bg-rose text-on-accent' : 'bg-sunken text-muted')}>
        <span className="text-2xl leading-none font-semibold">{v.percentOff}%</span>
        <span className="text-xs">off</span>
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1 border-l border-dashed border-hairline p-3 text-sm">
        <div className="flex items-start justify-between gap-2">
          <p className="font-semibold">{v.title}</p>
          <span className={cn('shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold', usable ? 'bg-success/10 text-success' : 'bg-sunken text-muted')}>{STATUS_LABEL[v.status]}</span>
        </div>
        <p className={cn('font-mono text-base font-semibold tracking-wide select-all', !usable && 'text-muted line-through')}>{v.code}</p>
        <p className="text-xs text-muted">{conditions.join(' · ')}</p>
      </div>
    </li>
  )
}

/** /profile/vouchers: my personal vouchers and the public codes, usable ones first; codes apply at checkout. */
export default function VouchersPage() {
  const list = useQuery({ queryKey: keys.vouchers, queryFn: fetchVouchers })
  return (
    <Screen>
      <TopBar title={MT.vouchers} back="/marketplace/profile" />
      <div className="flex flex-col gap-3 p-4 pb-28">
        {list.isPending ? (
          Array.from({ length: 3 }, (_, i) => <Skeleton key={i} className="h-24 w-full" />)
        ) : list.isError ? (
          <ErrorState message="We couldn't load your vouchers." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={Ticket} title={MT.noVouchers} />
        ) : (
          <>
            <p className="text-sm text-muted">Enter a code in the coupon field at checkout and tap Validate.</p>
            <ul className="flex flex-col gap-3">
              {list.data.items.map((v) => (
                <VoucherCard key={v.code} v={v} />
              ))}
            </ul>
          </>
        )}
      </div>
    </Screen>
  )
}
