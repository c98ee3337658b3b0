import { PRODUCT_IMAGE_WIDTHS, productImageSources } from '~/shared/marketplace/images'
import type { NonEmpty } from '~/shared/lists'
import { cn } from '../../../lib/cn'
import { type ImagePriority, imageLoading } from '../../../lib/image-loading'

/** A fixed 3:4 box (loaded with `priority`, lazily by default) with a soft placeholder colour, so nothing jumps while the image loads. */
export function ProductImage({
  src,
  alt,
  sizes,
  widths = PRODUCT_IMAGE_WIDTHS,
  priority = 'lazy',
  className,
}: {
  src: string
  alt: string
  sizes: string
  widths?: NonEmpty<number>
  priority?: ImagePriority
  className?: string
}) {
  const sources = productImageSources(src, widths)
  return (
    <div className={cn('relative aspect-[3/4] overflow-hidden bg-sunken', className)}>
      <img src={sources.src} srcSet={sources.srcSet} sizes={sizes} alt={alt} {...imageLoading(priority)} className="absolute inset-0 size-full object-cover" />
    </div>
  )
}
