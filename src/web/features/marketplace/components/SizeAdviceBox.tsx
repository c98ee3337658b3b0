import { useQuery } from '@tanstack/react-query'
import { Ruler } from 'lucide-react'
import { Link } from '../../../lib/router'
import { MT } from '~/shared/marketplace/messages'
import { Skeleton } from '../../../components/Feedback'
import { fetchSizeAdvice, keys } from '../api'

/** Size advice from the profile's measurements, or an invitation to add them. */
export function SizeAdviceBox({ productId, onPick }: { productId: string; onPick: (size: string) => void }) {
  const advice = useQuery({ queryKey: keys.sizeAdvice(productId), queryFn: () => fetchSizeAdvice(productId) })
  if (advice.isPending) return <Skeleton className="h-16 w-full" />
  if (advice.isError) return null
  const a = advice.data
  return (
    <div className="flex items-start gap-3 rounded-card bg-sunken p-3" role="status" aria-label="Size advice">
      <Ruler size={24} strokeWidth={1.75} aria-hidden className="mt-0.5 shrink-0 text-rose" />
      <div className="flex flex-1 flex-col gap-1 text-sm">
        {a.status === 'recommended' ? (
          <>
            <p>
              <span className="font-semibold">We recommend {a.size}.</span> {a.reason}.{!a.available && ` ${a.size} is sold out right now.`}
            </p>
            {a.available && (
              <button type="button" onClick={() => onPick(a.size)} className="min-h-11 self-start font-semibold text-rose underline-offset-4 hover:underline">
                Choose {a.size}
              </button>
            )}
          </>
        ) : a.status === 'no_fit' ? (
          <p>{a.reason}.</p>
        ) : a.status === 'no_measurements' ? (
          <p>
            {MT.addMeasurements}{' '}
            <Link to="/profile/edit" className="inline-flex min-h-11 items-center font-semibold text-rose">
              Add measurements
            </Link>
          </p>
        ) : (
          <p>
            {MT.signInForSize}{' '}
            <Link to="/login" className="inline-flex min-h-11 items-center font-semibold text-rose">
              Log in
            </Link>
          </p>
        )}
      </div>
    </div>
  )
}
