import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import { useLocation, useNavigate } from '../../lib/router'
import { MM } from '~/shared/marketplace/messages'
import type { ProductCard, ProductPage } from '~/shared/marketplace/schemas'
import { useSession } from '../../lib/session'
import { toast } from '../../lib/toast'
import { keys, setLike } from './api'

type Cached = InfiniteData<ProductPage> | { items: ProductCard[] } | ProductCard | undefined

/** Sets `liked` on every copy of a product in any cached shape (listing pages, lists, detail). */
function patchLiked(data: Cached, id: string, liked: boolean): Cached {
  if (!data) return data
  if ('pages' in data) return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === id ? { ...i, liked } : i)) })) }
  if ('items' in data) return { ...data, items: data.items.map((i) => (i.id === id ? { ...i, liked } : i)) }
  return data.id === id ? { ...data, liked } : data
}

/**
 * The like toggle of spec part 2 §8: signed out it says 'Please log in to like products' and goes
 * to /login; signed in it flips at once, rolls back on failure and toasts the outcome.
 */
export function useLikeToggle() {
  const qc = useQueryClient()
  const { status } = useSession()
  const navigate = useNavigate()
  const location = useLocation()
  const mutation = useMutation({
    mutationFn: ({ id, liked }: { id: string; liked: boolean }) => setLike(id, liked),
    onMutate: async ({ id, liked }) => {
      await qc.cancelQueries({ queryKey: keys.products })
      const snapshot = qc.getQueriesData<Cached>({ queryKey: keys.products })
      qc.setQueriesData<Cached>({ queryKey: keys.products }, (d) => patchLiked(d, id, liked))
      return { snapshot }
    },
    onError: (_err, _vars, ctx) => {
      for (const [key, data] of ctx?.snapshot ?? []) qc.setQueryData(key, data)
      toast.error(MM.failedToUpdateFavorites)
    },
    onSuccess: ({ liked }) => toast.success(liked ? MM.addedToFavorites : MM.removedFromFavorites),
    onSettled: () => qc.invalidateQueries({ queryKey: keys.wishlist }),
  })
  return (product: { id: string; liked: boolean }) => {
    if (status !== 'signed-in') {
      toast.error(MM.logInToLike)
      navigate(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`)
      return
    }
    mutation.mutate({ id: product.id, liked: !product.liked })
  }
}
