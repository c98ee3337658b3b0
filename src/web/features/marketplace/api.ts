import type { z } from 'zod'
import type { Address, AddToCartInput, Cart, OrderDetail, OrderSummary, PlaceOrderInput, ProductCard, ProductDetail, ProductPage, ShippingAddressInput, SizeAdvice, SubcategoriesSchema } from '~/shared/marketplace/schemas'
import type { OrderStatus } from '~/shared/marketplace/constants'
import { api } from '../../lib/api'
import { toQuery, type Filters } from '~/shared/marketplace/filters'

/** Query keys: everything product-shaped lives under `products` so that a like can patch it all. */
export const keys = {
  products: ['products'] as const,
  list: (f: Filters) => ['products', 'list', toQuery(f)] as const,
  detail: (id: string) => ['products', 'detail', id] as const,
  similar: (id: string) => ['products', 'similar', id] as const,
  wishlist: ['products', 'wishlist'] as const,
  sizeAdvice: (id: string) => ['size-advice', id] as const,
  subcategories: ['subcategories'] as const,
  cart: ['cart'] as const,
  orders: (status: OrderStatus) => ['orders', status] as const,
  order: (id: string) => ['order', id] as const,
  addresses: ['addresses'] as const,
  address: (id: string) => ['addresses', id] as const,
}

export const fetchProducts = (f: Filters, cursor?: string) => api<ProductPage>('/products', { query: { ...toQuery(f), cursor } })
export const fetchProduct = (id: string) => api<ProductDetail>(`/products/${id}`)
export const fetchSimilar = (id: string) => api<{ items: ProductCard[] }>(`/products/${id}/similar`)
export const fetchSizeAdvice = (id: string) => api<SizeAdvice>(`/products/${id}/size-advice`)
export const fetchSubcategories = () => api<z.infer<typeof SubcategoriesSchema>>('/products/subcategories')
export const fetchWishlist = () => api<{ items: ProductCard[] }>('/likes/products')
export const setLike = (id: string, liked: boolean) => api<{ liked: boolean }>(`/products/${id}/like`, { method: liked ? 'PUT' : 'DELETE' })

export const fetchCart = () => api<Cart>('/cart')
export const addToCart = (body: AddToCartInput) => api<Cart>('/cart/items', { body })
export const updateCartItem = (id: string, body: { quantity?: number; selected?: boolean }) => api<Cart>(`/cart/items/${id}`, { method: 'PATCH', body })
export const removeCartItem = (id: string) => api<Cart>(`/cart/items/${id}`, { method: 'DELETE' })
export const selectAllCart = (selected: boolean) => api<Cart>('/cart/selection', { method: 'PUT', body: { selected } })

export const fetchOrders = (status: OrderStatus) => api<{ items: OrderSummary[] }>('/orders', { query: { status } })
export const fetchOrder = (id: string) => api<OrderDetail>(`/orders/${id}`)
export const placeOrder = (body: PlaceOrderInput) => api<OrderDetail>('/orders', { body })
export const cancelOrder = (id: string) => api<OrderDetail>(`/orders/${id}/cancel`, { method: 'POST' })

export const fetchAddresses = () => api<{ items: Address[] }>('/addresses')
export const fetchAddress = (id: string) => api<Address>(`/addresses/${id}`)
export const createAddress = (body: ShippingAddressInput) => api<Address>('/addresses', { body })
export const updateAddress = (id: string, body: ShippingAddressInput) => api<Address>(`/addresses/${id}`, { method: 'PUT', body })
export const deleteAddress = (id: string) => api<void>(`/addresses/${id}`, { method: 'DELETE' })
export const setDefaultAddress = (id: string) => api<{ items: Address[] }>(`/addresses/${id}/default`, { method: 'POST' })
