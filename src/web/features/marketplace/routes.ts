import type { AppRoute } from '../../routing'
import { titledPage } from '../shell/TitledPage'

export const marketplaceRoutes: AppRoute[] = [
  { path: '/discover', access: 'public', Component: titledPage('Discover', { tabBar: true }) },
  { path: '/marketplace', access: 'public', Component: titledPage('Dresses', { tabBar: true }) },
  { path: '/product/:productId', access: 'public', Component: titledPage('Product') },
  { path: '/marketplace/profile', access: 'protected', Component: titledPage('Profile') },
  { path: '/marketplace/notifications', access: 'protected', Component: titledPage('Notifications') },
  { path: '/cart', access: 'protected', Component: titledPage('Cart') },
  { path: '/checkout', access: 'protected', Component: titledPage('Checkout') },
  { path: '/my-orders', access: 'protected', Component: titledPage('My Orders') },
  { path: '/order/:orderId', access: 'protected', Component: titledPage('Order') },
  { path: '/profile/settings', access: 'protected', Component: titledPage('Settings') },
  { path: '/profile/payment', access: 'protected', Component: titledPage('Payment Methods') },
  { path: '/profile/vouchers', access: 'protected', Component: titledPage('Vouchers') },
  { path: '/profile/wishlist', access: 'protected', Component: titledPage('My Wishlist') },
  { path: '/profile/address', access: 'protected', Component: titledPage('Address') },
  { path: '/profile/address/add', access: 'protected', Component: titledPage('Add address') },
  { path: '/profile/address/edit/:id', access: 'protected', Component: titledPage('Edit address') },
]
