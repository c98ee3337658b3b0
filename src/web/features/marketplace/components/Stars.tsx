import { Star } from 'lucide-react'

/** Five stars filled to the rating, with the number for screen readers. */
export function Stars({ rating, size = 14 }: { rating: number; size?: number }) {
  return (
    <span className="inline-flex items-center" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} size={size} strokeWidth={1.75} aria-hidden className={n <= Math.round(rating) ? 'fill-rating text-rating' : 'text-hairline'} />
      ))}
    </span>
  )
}
