import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronDown, PackageX, ShoppingBag, Sparkles } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate, useParams, useSearchParams } from '../../../lib/router'
import type { SizeName } from '~/shared/marketplace/constants'
import { MM, MT } from '~/shared/marketplace/messages'
import type { ProductDetail } from '~/shared/marketplace/schemas'
import { Button } from '../../../components/Button'
import { ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { ApiRequestError, errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { useSession } from '../../../lib/session'
import { toast } from '../../../lib/toast'
import { COLUMN_IMAGE_SIZES } from '~/shared/image-sizes'
import { shownColor } from '~/shared/marketplace/images'
import { addToCart, fetchCart, fetchProduct, fetchSimilar, keys } from '../api'
import { LikeButton } from '../components/LikeButton'
import { DiscountBadge, Price } from '../components/Price'
import { ProductCard } from '../components/ProductCard'
import { ProductImage } from '../components/ProductImage'
import { Reviews } from '../components/Reviews'
import { SizeAdviceBox } from '../components/SizeAdviceBox'
import { Stars } from '../components/Stars'
import { useLikeToggle } from '../use-like'

/** The cart icon with the number of pieces in the cart (signed in only). */
function CartLink() {
  const { status } = useSession()
  const cart = useQuery({ queryKey: keys.cart, queryFn: fetchCart, enabled: status === 'signed-in' })
  const count = cart.data?.items.reduce((n, i) => n + i.quantity, 0) ?? 0
  return (
    <Link to="/cart" aria-label={count ? `Cart, ${count} items` : 'Cart'} className="relative inline-flex size-11 items-center justify-center rounded-full hover:bg-sunken">
      <ShoppingBag size={24} strokeWidth={1.75} aria-hidden />
      {count > 0 && (
        <span aria-hidden className="tabular absolute top-1 right-0.5 flex min-w-5 items-center justify-center rounded-full bg-rose px-1 text-[11px] font-semibold text-on-accent">
          {count}
        </span>
      )}
    </Link>
  )
}

function NotFound() {
  const navigate = useNavigate()
  return (
    <Screen>
      <TopBar back="/marketplace" />
      <div className="flex flex-col items-center gap-4 px-8 py-16 text-center">
        <div className="flex size-16 items-center justify-center rounded-full bg-sunken text-muted">
          <PackageX size={28} strokeWidth={1.75} aria-hidden />
        </div>
        <h1 className="text-lg font-semibold">{MM.productNotFound}</h1>
        <p className="text-sm text-muted">{MM.productNotFoundBody}</p>
        <Button onClick={() => navigate('/marketplace')}>Back to marketplace</Button>
      </div>
    </Screen>
  )
}

function Details({ p }: { p: ProductDetail }) {
  const rows = [
    ['Material', p.material],
    ['Length', p.length],
    ['Sleeves', p.sleeveLength],
    ['Neckline', p.neckline],
    ['Fit', p.fit],
  ].filter((r): r is [string, string] => Boolean(r[1]))
  return (
    <section aria-labelledby="details-heading" className="flex flex-col gap-2">
      <h2 id="details-heading" className="text-base font-semibold">
        Details
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}

function Description({ text }: { text: string }) {
  const [open, setOpen] = useState(false)
  return (
    <section className="border-y border-hairline">
      <button type="button" aria-expanded={open} aria-controls="product-description" onClick={() => setOpen((o) => !o)} className="flex min-h-12 w-full items-center justify-between text-base font-semibold">
        Description
        <ChevronDown size={22} strokeWidth={1.75} aria-hidden className={cn('transition-transform', open && 'rotate-180')} />
      </button>
      <p id="product-description" hidden={!open} className="pb-4 text-sm leading-relaxed text-muted">
        {text}
      </p>
    </section>
  )
}

/** The chosen colour and size, kept in the address (?color=&size=) so a sign-in round trip keeps them. */
function useChoice(p: ProductDetail) {
  const [params, setParams] = useSearchParams()
  const { color, image } = shownColor(p, params.get('color'))
  const size = (p.sizes.find((s) => s.name === params.get('size'))?.name ?? null) as SizeName | null
  const choose = (key: 'color' | 'size', value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set(key, value)
        return next
      },
      { replace: true },
    )
  return { color, image, size, setColor: (c: string) => choose('color', c), setSize: (s: SizeName) => choose('size', s) }
}

function ProductView({ p }: { p: ProductDetail }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const { status } = useSession()
  const toggleLike = useLikeToggle()
  const { color, image, size, setColor, setSize } = useChoice(p)
  const [sizeError, setSizeError] = useState(false)
  const similar = useQuery({ queryKey: keys.similar(p.id), queryFn: () => fetchSimilar(p.id) })

  const add = useMutation({
    mutationFn: (chosenSize: SizeName) => addToCart({ productId: p.id, size: chosenSize, color, quantity: 1 }),
    onSuccess: (cart) => {
      qc.setQueryData(keys.cart, cart)
      toast.success(MT.addedToCart)
      navigate('/cart')
    },
    onError: (err) => toast.error(errorMessage(err, MT.couldNotAddToCart)),
  })
  const onAdd = () => {
    if (!size) {
      setSizeError(true)
      toast.error(MT.pickSize)
      document.getElementById('size-picker')?.scrollIntoView({ behavior: 'smooth', block: 'center' })
      return
    }
    // The choice is in the address, so it is still there when sign-in brings the shopper back.
    if (status !== 'signed-in') return navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)
    add.mutate(size)
  }
  const tryOn = () => navigate('/style-studio-generate', { state: { outfitItem: { id: p.id, name: p.name, image, color, category: p.category, brand: p.brand, price: p.price } } })

  return (
    <Screen>
      <TopBar title={p.brand} back actions={<CartLink />} />
      <div className="relative">
        <ProductImage src={image} alt={color ? `${p.name} in ${color}` : p.name} sizes={COLUMN_IMAGE_SIZES} priority="high" />
        <DiscountBadge price={p.price} originalPrice={p.originalPrice} className="absolute top-3 left-3 text-sm" />
        <LikeButton liked={p.liked} name={p.name} onToggle={() => toggleLike(p)} className="absolute top-2 right-2 bg-surface/85 backdrop-blur" />
      </div>
      <div className="flex flex-col gap-6 px-4 pt-4 pb-28">
        <div className="flex flex-col gap-1">
          <p className="text-sm text-muted">{p.brand}</p>
          <h1 className="text-lg leading-tight font-semibold">{p.name}</h1>
          <Price price={p.price} originalPrice={p.originalPrice} large />
          <span className="flex items-center gap-2 text-sm text-muted">
            <Stars rating={p.rating} />
            <span className="tabular">
              {p.rating.toFixed(1)} ({p.reviewsCount} {p.reviewsCount === 1 ? 'review' : 'reviews'})
            </span>
          </span>
        </div>

        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold">
            Color: <span className="font-normal text-muted">{color}</span>
          </legend>
          <div className="flex flex-wrap gap-2">
            {p.colors.map((c) => (
              <button
                key={c.name}
                type="button"
                aria-label={c.name}
                aria-pressed={color === c.name}
                onClick={() => setColor(c.name)}
                className={cn('flex size-11 items-center justify-center rounded-full border-2', color === c.name ? 'border-ink' : 'border-transparent')}
              >
                <span className="size-8 rounded-full border border-hairline" style={{ background: c.hex }} />
              </button>
            ))}
          </div>
        </fieldset>

        <fieldset id="size-picker" className="flex flex-col gap-2" aria-describedby={sizeError ? 'size-error' : undefined}>
          <legend className="mb-2 text-sm font-semibold">Size</legend>
          <div className="flex flex-wrap gap-2">
            {p.sizes.map((s) => (
              <button
                key={s.name}
                type="button"
                disabled={!s.available}
                aria-pressed={size === s.name}
                aria-label={s.available ? `Size ${s.name}` : `Size ${s.name}, sold out`}
                onClick={() => {
                  setSize(s.name as SizeName)
                  setSizeError(false)
                }}
                className={cn(
                  'tabular min-h-11 min-w-12 rounded-full border px-3 text-sm font-semibold transition-colors',
                  size === s.name ? 'border-ink bg-ink text-surface' : 'border-hairline',
                  !s.available && 'text-muted line-through opacity-60',
                  sizeError && 'border-danger',
                )}
              >
                {s.name}
              </button>
            ))}
          </div>
          {sizeError && (
            <p id="size-error" role="alert" className="text-xs text-danger">
              {MT.pickSize}
            </p>
          )}
        </fieldset>

        <SizeAdviceBox
          productId={p.id}
          onPick={(s) => {
            setSize(s as SizeName)
            setSizeError(false)
          }}
        />
        <Details p={p} />
        {p.description && <Description text={p.description} />}
        <Reviews rating={p.rating} counts={p.ratingCounts} total={p.reviewsCount} />

        <section aria-labelledby="similar-heading" className="flex flex-col gap-3">
          <h2 id="similar-heading" className="text-base font-semibold">
            Similar products
          </h2>
          {similar.isPending ? (
            <div className="flex gap-3">
              <Skeleton className="aspect-[3/4] w-36" />
              <Skeleton className="aspect-[3/4] w-36" />
            </div>
          ) : similar.isError ? (
            <ErrorState message="We couldn't load similar products." onRetry={() => void similar.refetch()} />
          ) : (
            <ul className="-mx-4 flex gap-3 overflow-x-auto px-4 pb-2">
              {similar.data.items.map((s) => (
                <li key={s.id} className="w-36 shrink-0">
                  <ProductCard product={s} />
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 mx-auto flex w-full max-w-[480px] gap-3 border-t border-hairline bg-surface/95 px-4 pt-3 pb-[calc(12px+env(safe-area-inset-bottom))] backdrop-blur">
        <Button variant="secondary" className="flex-1" icon={<Sparkles size={20} strokeWidth={1.75} aria-hidden />} onClick={tryOn}>
          Try it on
        </Button>
        <Button className="flex-1" icon={<ShoppingBag size={20} strokeWidth={1.75} aria-hidden />} pending={add.isPending} onClick={onAdd}>
          {MM.addToCart}
        </Button>
      </div>
    </Screen>
  )
}

function ProductSkeleton() {
  return (
    <Screen>
      <TopBar back />
      <Skeleton className="aspect-[3/4] w-full rounded-none" />
      <div className="flex flex-col gap-3 p-4">
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-6 w-3/4" />
        <Skeleton className="h-6 w-1/4" />
      </div>
    </Screen>
  )
}

/** /product/{productId} */
export default function ProductPage() {
  const { productId = '' } = useParams()
  const product = useQuery({ queryKey: keys.detail(productId), queryFn: () => fetchProduct(productId) })
  if (product.isPending) return <ProductSkeleton />
  if (product.isError) {
    const err = product.error
    if (err instanceof ApiRequestError && (err.status === 404 || err.status === 400)) return <NotFound />
    return (
      <Screen>
        <TopBar back />
        <ErrorState message="We couldn't load this product." onRetry={() => void product.refetch()} />
      </Screen>
    )
  }
  return <ProductView key={product.data.id} p={product.data} />
}
