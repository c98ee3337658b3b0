import { Stars } from './Stars'

const STARS = [5, 4, 3, 2, 1] as const

/** Average, count and the distribution from 5 to 1 stars. */
export function Reviews({ rating, counts, total }: { rating: number; counts: number[]; total: number }) {
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-3">
      <h2 id="reviews-heading" className="text-base font-semibold">
        Reviews
      </h2>
      {total === 0 ? (
        <p className="text-sm text-muted">No reviews yet.</p>
      ) : (
        <div className="flex gap-5">
          <div className="flex flex-col items-center justify-center gap-1">
            <span className="tabular text-xl font-semibold">{rating.toFixed(1)}</span>
            <Stars rating={rating} />
            <span className="text-xs text-muted">{total} {total === 1 ? 'review' : 'reviews'}</span>
          </div>
          <ul className="flex flex-1 flex-col gap-1.5">
            {STARS.map((star, i) => {
              const pct = Math.round(((counts[i] ?? 0) / total) * 100)
              return (
                <li key={star} className="tabular flex items-center gap-2 text-xs">
                  <span className="w-12 text-muted">{star} stars</span>
                  <span className="h-1.5 flex-1 overflow-hidden rounded-full bg-hairline" role="meter" aria-valuenow={pct} aria-valuemin={0} aria-valuemax={100} aria-label={`${star} stars`}>
                    <span className="block h-full rounded-full bg-rating" style={{ width: `${pct}%` }} />
                  </span>
                  <span className="w-9 text-right text-muted">{pct}%</span>
                </li>
              )
            })}
          </ul>
        </div>
      )}
    </section>
  )
}
