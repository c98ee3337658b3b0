import { ImagePlus, type LucideIcon, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { CARD_IMAGE_WIDTHS, productImageSources } from '~/shared/marketplace/images'
import { THUMBNAIL_SIZES } from '~/shared/tryon/constants'
import { IconButton } from '../../../components/Button'
import { ErrorState, Skeleton } from '../../../components/Feedback'
import { cn } from '../../../lib/cn'
import { imageLoading, listImagePriority } from '../../../lib/image-loading'

/** Thumbnails of a row in view at 390 px before scrolling sideways. */
const VISIBLE_AT_ONCE = 3

export type RowItem = { id: string; url: string; label: string }

/**
 * A horizontal row of 3:4 thumbnails to pick one from, with an optional delete on each, a
 * `leading` tile (a pending new photo) and the spec's empty line. Loading, empty and filled rows
 * are equally tall, so the sections below do not move when the answer arrives.
 */
export function PhotoRow({
  items,
  loading,
  error,
  onRetry,
  selectedId,
  onSelect,
  onDelete,
  deleteLabel,
  deleteIcon: DeleteIcon = Trash2,
  leading,
  empty,
}: {
  items: RowItem[] | undefined
  loading: boolean
  error: boolean
  onRetry: () => void
  selectedId: string | null
  onSelect: (item: RowItem) => void
  onDelete?: (item: RowItem) => void
  deleteLabel?: string
  deleteIcon?: LucideIcon
  leading?: ReactNode
  empty: string
}) {
  if (loading)
    return (
      <div className="flex gap-2 overflow-hidden px-4 pb-1" aria-busy>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="aspect-[3/4] w-24 shrink-0" />
        ))}
      </div>
    )
  if (error) return <ErrorState message="Could not load these photos." onRetry={onRetry} />
  if (!items?.length && !leading)
    return (
      <div className="mx-4 mb-1 flex h-32 items-center gap-3 rounded-card bg-sunken px-4 text-sm text-muted">
        <ImagePlus size={24} strokeWidth={1.75} aria-hidden className="shrink-0" />
        <p>{empty}</p>
      </div>
    )
  return (
    <ul className="flex snap-x gap-2 overflow-x-auto px-4 pb-1">
      {leading && <li className="shrink-0 snap-start">{leading}</li>}
      {items?.map((item, i) => {
        const selected = item.id === selectedId
        const image = productImageSources(item.url, CARD_IMAGE_WIDTHS)
        return (
          <li key={item.id} className="relative shrink-0 snap-start">
            <button
              type="button"
              aria-pressed={selected}
              aria-label={item.label}
              onClick={() => onSelect(item)}
              className={cn('block aspect-[3/4] w-24 overflow-hidden rounded-card border-2 bg-sunken', selected ? 'border-rose' : 'border-transparent')}
            >
              <img src={image.src} srcSet={image.srcSet} sizes={image.srcSet && THUMBNAIL_SIZES} alt="" {...imageLoading(listImagePriority(i, VISIBLE_AT_ONCE))} className="size-full object-cover" />
            </button>
            {onDelete && (
              <IconButton label={`${deleteLabel ?? 'Delete'}: ${item.label}`} onClick={() => onDelete(item)} className="absolute -top-1 -right-1 text-white [&>svg]:rounded-full [&>svg]:bg-black/55 [&>svg]:p-1 [&>svg]:box-content hover:bg-transparent">
                <DeleteIcon size={18} strokeWidth={1.75} />
              </IconButton>
            )}
          </li>
        )
      })}
    </ul>
  )
}

/** The preview of a newly picked file that is uploaded when the try-on starts. */
export function PendingTile({ url, label }: { url: string; label: string }) {
  return (
    <div className="relative aspect-[3/4] w-24 overflow-hidden rounded-card border-2 border-rose bg-sunken">
      <img src={url} alt={label} className="size-full object-cover" />
      <span className="absolute inset-x-0 bottom-0 bg-ink/70 px-1 py-0.5 text-center text-[10px] font-semibold text-surface">New</span>
    </div>
  )
}
