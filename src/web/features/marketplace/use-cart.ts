import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { fromCents, toCents } from '~/shared/marketplace/constants'
import type { Cart } from '~/shared/marketplace/schemas'
import { errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { fetchCart, keys, removeCartItem, selectAllCart, updateCartItem } from './api'

type Change = { kind: 'update'; id: string; quantity?: number; selected?: boolean } | { kind: 'remove'; id: string } | { kind: 'select-all'; selected: boolean }

/** The cart as it will look after a change (the server's answer replaces it). */
function applyChange(cart: Cart, c: Change): Cart {
  const items =
    c.kind === 'remove'
      ? cart.items.filter((i) => i.id !== c.id)
      : cart.items.map((i) => (c.kind === 'select-all' ? { ...i, selected: c.selected } : i.id === c.id ? { ...i, quantity: c.quantity ?? i.quantity, selected: c.selected ?? i.selected } : i))
  const selected = items.filter((i) => i.selected)
  return { items, subtotal: fromCents(selected.reduce((s, i) => s + toCents(i.price) * i.quantity, 0)), selectedCount: selected.reduce((n, i) => n + i.quantity, 0) }
}

const send = (c: Change) =>
  c.kind === 'remove' ? removeCartItem(c.id) : c.kind === 'select-all' ? selectAllCart(c.selected) : updateCartItem(c.id, { quantity: c.quantity, selected: c.selected })

/** The persisted cart with optimistic quantity, selection and removal (rolled back on failure). */
export function useCart() {
  const qc = useQueryClient()
  const cart = useQuery({ queryKey: keys.cart, queryFn: fetchCart })
  const change = useMutation({
    mutationFn: send,
    onMutate: async (c) => {
      await qc.cancelQueries({ queryKey: keys.cart })
      const before = qc.getQueryData<Cart>(keys.cart)
      if (before) qc.setQueryData(keys.cart, applyChange(before, c))
      return { before }
    },
    onError: (err, _c, ctx) => {
      if (ctx?.before) qc.setQueryData(keys.cart, ctx.before)
      toast.error(errorMessage(err, 'Could not update your cart.'))
    },
    onSuccess: (next) => qc.setQueryData(keys.cart, next),
  })
  return { cart, change: change.mutate }
}
