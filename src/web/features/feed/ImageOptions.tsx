import { useEffect, useRef } from 'react'
import { Bookmark, Sparkles, Trash2 } from 'lucide-react'
import { FM } from '~/shared/posts/messages'

/** Spec part 1 §9: the popup is 200 px wide and keeps a 10 px margin. */
export const POPUP_WIDTH = 200
export const POPUP_MARGIN = 10

/**
 * The image-options popup: 'Add to collection' and 'Virtual Try-On' (and Delete on one's own
 * post). Closes on Escape or outside tap.
 */
export function ImageOptions({ onClose, onAddToCollection, onTryOn, onDelete }: { onClose: () => void; onAddToCollection: () => void; onTryOn: () => void; onDelete?: () => void }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.querySelector('button')?.focus()
    const away = (e: PointerEvent) => !ref.current?.contains(e.target as Node) && onClose()
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    document.addEventListener('pointerdown', away)
    document.addEventListener('keydown', esc)
    return () => {
      document.removeEventListener('pointerdown', away)
      document.removeEventListener('keydown', esc)
    }
  }, [onClose])
  const item = 'flex min-h-11 w-full items-center gap-3 px-4 text-left text-sm font-semibold hover:bg-sunken'
  return (
    <div
      ref={ref}
      role="menu"
      aria-label="Image options"
      style={{ width: POPUP_WIDTH, top: POPUP_MARGIN, right: POPUP_MARGIN }}
      className="absolute z-10 overflow-hidden rounded-card border border-hairline bg-surface py-1 shadow-lg"
    >
      <button type="button" role="menuitem" className={item} onClick={onAddToCollection}>
        <Bookmark size={20} strokeWidth={1.75} aria-hidden /> {FM.addToCollection}
      </button>
      <button type="button" role="menuitem" className={item} onClick={onTryOn}>
        <Sparkles size={20} strokeWidth={1.75} aria-hidden /> {FM.virtualTryOn}
      </button>
      {onDelete && (
        <button type="button" role="menuitem" className={`${item} text-danger`} onClick={onDelete}>
          <Trash2 size={20} strokeWidth={1.75} aria-hidden /> {FM.deletePost}
        </button>
      )}
    </div>
  )
}
