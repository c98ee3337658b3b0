import {
  AddressListSchema,
  AddressSchema,
  CartSchema,
  LikeStateSchema,
  OrderDetailSchema,
  OrderListSchema,
  ProductDetailSchema,
  ProductListSchema,
  ProductPageSchema,
  SizeAdviceSchema,
  SubcategoriesSchema,
  VoucherListSchema,
  VoucherQuoteSchema,
  type AddToCartInput,
  type PlaceOrderInput,
  type ShippingAddressInput,
  type ValidateVoucherInput,
} from '~/shared/marketplace/schemas'
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
  vouchers: ['vouchers'] as const,
  address: (id: string) => ['addresses', id] as const,
}

export const fetchProducts = (f: Filters, cursor?: string) => api('/products', { query: { ...toQuery(f), cursor }, schema: ProductPageSchema })
export const fetchProduct = (id: string) => api(`/products/${id}`, { schema: ProductDetailSchema })
export const fetchSimilar = (id: string) => api(`/products/${id}/similar`, { schema: ProductListSchema })
export const fetchSizeAdvice = (id: string) => api(`/products/${id}/size-advice`, { schema: SizeAdviceSchema })
export const fetchSubcategories = () => api('/products/subcategories', { schema: SubcategoriesSchema })
export const fetchWishlist = () => api('/likes/products', { schema: ProductListSchema })
export const setLike = (id: string, liked: boolean) => api(`/products/${id}/like`, { method: liked ? 'PUT' : 'DELETE', schema: LikeStateSchema })

export const fetchCart = () => api('/cart', { schema: CartSchema })
export const addToCart = (body: AddToCartInput) => api('/cart/items', { body, schema: CartSchema })
export const updateCartItem = (id: string, body: { quantity?: number; selected?: boolean }) => api(`/cart/items/${id}`, { method: 'PATCH', body, schema: CartSchema })
export const removeCartItem = (id: string) => api(`/cart/items/${id}`, { method: 'DELETE', schema: CartSchema })
export const selectAllCart = (selected: boolean) => api('/cart/selection', { method: 'PUT', body: { selected }, schema: CartSchema })

export const fetchOrders = (status: OrderStatus) => api('/orders', { query: { status }, schema: OrderListSchema })
export const fetchOrder = (id: string) => api(`/orders/${id}`, { schema: OrderDetailSchema })
export const placeOrder = (body: PlaceOrderInput) => api('/orders', { body, schema: OrderDetailSchema })
export const cancelOrder = (id: string) => api(`/orders/${id}/cancel`, { method: 'POST', schema: OrderDetailSchema })

export const fetchAddresses = () => api('/addresses', { schema: AddressListSchema })
export const fetchAddress = (id: string) => api(`/addresses/${id}`, { schema: AddressSchema })
export const createAddress = (body: ShippingAddressInput) => api('/addresses', { body, schema: AddressSchema })
export const updateAddress = (id: string, body: ShippingAddressInput) => api(`/addresses/${id}`, { method: 'PUT', body, schema: AddressSchema })
export const deleteAddress = (id: string) => api(`/addresses/${id}`, { method: 'DELETE' })
export const setDefaultAddress = (id: string) => api(`/addresses/${id}/default`, { method: 'POST', schema: AddressListSchema })

export const fetchVouchers = () => api('/vouchers', { schema: VoucherListSchema })
export const validateVoucher = (body: ValidateVoucherInput) => api('/vouchers/validate', { body, schema: VoucherQuoteSchema })
