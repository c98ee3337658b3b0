import { Heart } from 'lucide-react'
import { cn } from '../../../lib/cn'

/** The heart on a card or product page (44 px target); pressed when liked. */
export function LikeButton({ liked, onToggle, name, className }: { liked: boolean; onToggle: () => void; name: string; className?: string }) {
  return (
    <button
      type="button"
      aria-pressed={liked}
      aria-label={liked ? `Unlike ${name}` : `Like ${name}`}
      onClick={(e) => {
        e.preventDefault()
        e.stopPropagation()
        onToggle()
      }}
      className={cn('inline-flex size-11 items-center justify-center rounded-full transition-transform active:scale-90', className)}
    >
      <Heart size={22} strokeWidth={1.75} aria-hidden className={liked ? 'fill-rose text-rose' : 'text-ink'} />
    </button>
  )
}
