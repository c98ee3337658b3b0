import type { Context, Hono } from 'hono'
import { z } from 'zod'
import { apiUrl } from '~/shared/api-url'
import type { NonEmpty } from '~/shared/lists'
import { COLUMN_IMAGE_SIZES } from '~/shared/image-sizes'
import { parseFilters, toQuery } from '~/shared/marketplace/filters'
import { CARD_IMAGE_SIZES, CARD_IMAGE_WIDTHS, PRODUCT_IMAGE_WIDTHS, productImageSources, shownColor } from '~/shared/marketplace/images'
import { ProductDetailSchema, ProductPageSchema } from '~/shared/marketplace/schemas'
import { POST_PAGE_SIZE } from '~/shared/posts/paging'
import { postThumbnail } from '~/shared/posts/image-urls'
import { PostPageSchema } from '~/shared/posts/schemas'
import { ProfileSchema } from '~/shared/profiles/schemas'
import { matchRoutePath, type RouteParams } from '~/shared/route-path'
import { THUMBNAIL_SIZES } from '~/shared/tryon/constants'
import { PhotoSchema, ProductSummarySchema } from '~/shared/tryon/schemas'
import type { AppEnv } from './session'

/** A `<link rel="preload" as="image">`: the image the first screen's largest paint will be. */
export type ImagePreload = { href: string; srcset?: string; sizes?: string }

/** The page's route params and query. */
type PageUrl = { params: RouteParams; search: URLSearchParams }

type FirstScreen = {
  path: string
  /** Only for a signed-in visitor (anyone else is sent to /login by the web app). */
  signedIn: boolean
  /** The GET requests the screen's first paint needs, spelled as the web app's `api()` spells them. */
  requests: (page: PageUrl) => string[]
  /** Requests that need an answer of `requests` (in its order; null when it failed), made once those are in. */
  followUps?: (answers: unknown[]) => string[]
  /** The largest image of the first paint, from the answers (in the order of `requests`, then `followUps`; null when one failed). */
  lcpImage?: (answers: unknown[], page: PageUrl) => ImagePreload | null
}

/** An answer read by the route's response schema; undefined when the request failed or the answer is not one. */
const read = <S extends z.core.$ZodType>(schema: S, answer: unknown): z.output<S> | undefined => z.safeParse(schema, answer).data

const productImage = (imageUrl: string, widths: NonEmpty<number>, sizes: string): ImagePreload => {
  const { src, srcSet } = productImageSources(imageUrl, widths)
  return { href: src, srcset: srcSet, sizes: srcSet && sizes }
}

/**
 * The screens whose data comes with the HTML: the ones whose largest paint is an image from an API
 * answer, and /login's sign-in providers (no request before its buttons can draw).
 */
const SCREENS: FirstScreen[] = [
  { path: '/login', signedIn: false, requests: () => [apiUrl('/account/providers')] },
  {
    path: '/feed',
    signedIn: true,
    requests: () => [apiUrl('/feed', { limit: POST_PAGE_SIZE }), apiUrl('/stories')],
    lcpImage: ([feed]) => {
      const image = read(PostPageSchema, feed)?.items[0]?.images[0]
      return image ? { href: image.url, srcset: image.srcSet ?? undefined, sizes: image.srcSet ? COLUMN_IMAGE_SIZES : undefined } : null
    },
  },
  {
    path: '/marketplace',
    signedIn: false,
    requests: ({ search }) => [apiUrl('/products', toQuery(parseFilters(search)))],
    lcpImage: ([page], { search }) => {
      const first = read(ProductPageSchema, page)?.items[0]
      return first ? productImage(first.imageUrl, CARD_IMAGE_WIDTHS, CARD_IMAGE_SIZES[search.get('view') === 'list' ? 'list' : 'grid']) : null
    },
  },
  {
    path: '/product/:productId',
    signedIn: false,
    // An id that a URL would have to escape is no product id: nothing is inlined for it.
    requests: ({ params: { productId } }) => (productId && encodeURIComponent(productId) === productId ? [apiUrl(`/products/${productId}`)] : []),
    // The image of the colour the address asks for, as the page shows it.
    lcpImage: ([product], { search }) => {
      const p = read(ProductDetailSchema, product)
      return p ? productImage(shownColor(p, search.get('color')).image, PRODUCT_IMAGE_WIDTHS, COLUMN_IMAGE_SIZES) : null
    },
  },
  {
    path: '/profile',
    signedIn: true,
    requests: () => [apiUrl('/profile')],
    followUps: ([profile]) => {
      const username = read(ProfileSchema, profile)?.username
      return username ? [apiUrl(`/profiles/${username}/posts`, { limit: POST_PAGE_SIZE })] : []
    },
    lcpImage: ([, posts]) => {
      const cover = read(PostPageSchema, posts)?.items[0]?.images[0]
      return cover ? { href: postThumbnail(cover.url) } : null
    },
  },
  {
    path: '/style-studio-generate',
    signedIn: true,
    requests: () => [apiUrl('/photos', { type: 'base' }), apiUrl('/photos', { type: 'product' }), apiUrl('/tryon/liked')],
    // The base photo row comes first; the garment row shows liked products until another source is picked.
    lcpImage: ([base, , liked]) => {
      const photo = read(z.array(PhotoSchema), base)?.[0]
      if (photo) return { href: photo.fileUrl }
      const product = read(z.array(ProductSummarySchema), liked)?.[0]
      return product ? productImage(product.imageUrl, CARD_IMAGE_WIDTHS, THUMBNAIL_SIZES) : null
    },
  },
]

export type FirstScreenData = { answers: Record<string, unknown>; images: ImagePreload[] }

/**
 * The first screen's data for the page request `c`: the API answers its first paint needs, got
 * from `app` itself with the visitor's own cookie (so exactly what the screen would get, scoped
 * to that visitor by the routes' own rules), and the preload of its largest image. Failed
 * requests are left out: the screen asks for them itself and shows its usual error state.
 */
export async function loadFirstScreen(app: Hono<AppEnv>, c: Context<AppEnv>): Promise<FirstScreenData> {
  const match = SCREENS.map((screen) => ({ screen, params: matchRoutePath(screen.path, c.req.path) })).find((m) => m.params)
  if (!match?.params || (match.screen.signedIn && !c.get('user'))) return { answers: {}, images: [] }
  const page = { params: match.params, search: new URL(c.req.url).searchParams }
  const firstUrls = match.screen.requests(page)
  if (!firstUrls.length) return { answers: {}, images: [] }
  const headers = forwardedHeaders(c)
  const get = (list: string[]) => Promise.all(list.map((url) => getJson(app, url, headers, c.env)))
  const first = await get(firstUrls)
  const moreUrls = match.screen.followUps?.(first) ?? []
  const urls = [...firstUrls, ...moreUrls]
  const results = [...first, ...(await get(moreUrls))]
  const answers = Object.fromEntries(urls.flatMap((url, i) => (results[i] === null ? [] : [[url, results[i]]])))
  const image = match.screen.lcpImage?.(results, page)
  return { answers, images: image ? [image] : [] }
}

/** What the API needs of the page request: the session cookie and, behind a proxy, the client's address. */
function forwardedHeaders(c: Context<AppEnv>) {
  const headers = new Headers()
  for (const name of ['cookie', 'x-forwarded-for']) {
    const value = c.req.header(name)
    if (value) headers.set(name, value)
  }
  return headers
}

async function getJson(app: Hono<AppEnv>, url: string, headers: Headers, env: unknown): Promise<unknown> {
  const res = await app.request(url, { headers }, env as AppEnv)
  if (res.status !== 200 || !res.headers.get('content-type')?.startsWith('application/json')) {
    await res.body?.cancel()
    return null
  }
  return res.json()
}
