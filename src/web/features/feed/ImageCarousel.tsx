import { useState } from 'react'
import { COLUMN_IMAGE_SIZES } from '~/shared/image-sizes'
import type { PostImage } from '~/shared/posts/schemas'
import { cn } from '../../lib/cn'
import { imageLoading } from '../../lib/image-loading'

/**
 * The post's images in a fixed 4:5 box: tapping advances and wraps around; dots and an
 * 'n/total' counter when there is more than one (spec part 1 §2).
 */
export function ImageCarousel({ images, alt, eager, index, onIndexChange }: { images: PostImage[]; alt: string; eager?: boolean; index: number; onIndexChange: (i: number) => void }) {
  const [loaded, setLoaded] = useState<Record<number, boolean>>({})
  const total = images.length
  const current = images[index] ?? images[0]
  if (!current) return <div className="aspect-[4/5] w-full bg-sunken" />
  return (
    <div className="relative aspect-[4/5] w-full overflow-hidden bg-sunken">
      <button
        type="button"
        className="block size-full"
        aria-label={total > 1 ? `Photo ${index + 1} of ${total}. Show next photo` : alt}
        onClick={() => total > 1 && onIndexChange((index + 1) % total)}
      >
        <img
          key={current.url}
          src={current.url}
          srcSet={current.srcSet ?? undefined}
          sizes={current.srcSet ? COLUMN_IMAGE_SIZES : undefined}
          alt={alt}
          width={1080}
          height={1350}
          {...imageLoading(eager ? 'high' : 'lazy')}
          onLoad={() => setLoaded((l) => ({ ...l, [index]: true }))}
          // The first card's image is the page's largest paint: it shows as it arrives, no fade-in.
          className={cn('size-full object-cover', !eager && 'transition-opacity duration-200', eager || loaded[index] ? 'opacity-100' : 'opacity-0')}
        />
      </button>
      {total > 1 && (
        <>
          <span className="absolute top-3 right-3 rounded-full bg-black/60 px-2.5 py-1 text-xs font-semibold text-white tabular" aria-hidden>
            {index + 1}/{total}
          </span>
          <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center gap-1.5" aria-hidden>
            {images.map((img, i) => (
              <span key={img.url + i} className={cn('size-1.5 rounded-full transition-colors', i === index ? 'bg-white' : 'bg-white/50')} />
            ))}
          </div>
        </>
      )}
    </div>
  )
}
