import { lazy } from 'react'
import type { AppRoute } from '../../routing'

const AddressFormPage = lazy(() => import('./pages/AddressFormPage'))
const ComingSoonPage = lazy(() => import('./pages/ComingSoonPage'))

export const marketplaceRoutes: AppRoute[] = [
  { path: '/discover', access: 'public', Component: lazy(() => import('./pages/DiscoverPage')) },
  { path: '/marketplace', access: 'public', Component: lazy(() => import('./pages/MarketplacePage')) },
  { path: '/product/:productId', access: 'public', Component: lazy(() => import('./pages/ProductPage')) },
  { path: '/marketplace/profile', access: 'protected', Component: lazy(() => import('./pages/MarketplaceProfilePage')) },
  { path: '/marketplace/notifications', access: 'protected', Component: lazy(() => import('./pages/MarketplaceNotificationsPage')) },
  { path: '/cart', access: 'protected', Component: lazy(() => import('./pages/CartPage')) },
  { path: '/checkout', access: 'protected', Component: lazy(() => import('./pages/CheckoutPage')) },
  { path: '/my-orders', access: 'protected', Component: lazy(() => import('./pages/MyOrdersPage')) },
  { path: '/order/:orderId', access: 'protected', Component: lazy(() => import('./pages/OrderPage')) },
  { path: '/profile/settings', access: 'protected', Component: ComingSoonPage },
  { path: '/profile/payment', access: 'protected', Component: ComingSoonPage },
  { path: '/profile/vouchers', access: 'protected', Component: lazy(() => import('./pages/VouchersPage')) },
  { path: '/profile/wishlist', access: 'protected', Component: lazy(() => import('./pages/WishlistPage')) },
  { path: '/profile/address', access: 'protected', Component: lazy(() => import('./pages/AddressListPage')) },
  { path: '/profile/address/add', access: 'protected', Component: AddressFormPage },
  { path: '/profile/address/edit/:id', access: 'protected', Component: AddressFormPage },
]
