import { formatEuro, type OrderStatus } from './constants'

/** Every text of the marketplace and commerce half of spec part 2 that the spec quotes, verbatim. */
export const MM = {
  // Likes (§8)
  logInToLike: 'Please log in to like products',
  addedToFavorites: 'Added to favorites',
  removedFromFavorites: 'Removed from favorites',
  failedToUpdateFavorites: 'Failed to update favorites',

  // Listing
  noProductsFound: 'No products found matching your filters.',
  clearFilters: 'Clear Filters',

  // Product
  productNotFound: 'Product not found',
  productNotFoundBody: "The product you're looking for doesn't exist or has been removed.",
  addToCart: 'Add To Cart',

  // Cart and checkout
  proceedToCheckout: 'Proceed to checkout',
  fieldRequired: 'Field is required',
  orderCompleted: 'Order Completed',
  continueShopping: 'Continue shopping',
  validate: 'Validate',

  // Orders
  noOrdersFound: (status: OrderStatus) => `No ${status} orders found`,
  orderTitle: (orderNumber: string) => `Order ${orderNumber}`,
  orderOnTheWay: 'Your order is on the way',
  trackOrder: 'Click here to track your order',
  orderDelivered: 'Your order is delivered',
  rateForPoints: 'Rate product to get 5 points for collect.',
  subTotal: 'Sub Total',
  shipping: 'Shipping',
  total: 'Total',

  // Addresses
  setAsDefault: 'Set as default',
  defaultBadge: 'Default',
  addNewAddress: 'Add new address',

  // Marketplace profile menu
  address: 'Address',
  paymentMethod: 'Payment method',
  voucher: 'Voucher',
  myWishlist: 'My Wishlist',
  rateThisApp: 'Rate this app',
  logOut: 'Log out',
} as const

/** Our own texts (not quoted by the spec), in its tone. */
export const MT = {
  pickSize: 'Please choose a size first',
  addedToCart: 'Added to your cart',
  couldNotAddToCart: 'Could not add to cart',
  noSelectedItems: 'Select at least one item to check out.',
  inYourOrder: (count: number) => `In your order (${count} ${count === 1 ? 'item' : 'items'})`,
  itemsToBuy: 'Items to buy',
  productUnavailable: 'One of the selected items is no longer available.',
  productArchived: 'This item is no longer sold.',
  sizeUnavailable: 'That size is not available.',
  colorUnavailable: 'That colour is not available.',
  orderCannotBeCancelled: 'Only pending orders can be cancelled.',
  orderCancelled: 'Order cancelled',
  couldNotCancel: 'Could not cancel the order',
  orderWasCancelled: 'This order was cancelled',
  cartEmpty: 'Your cart is empty.',
  wishlistEmpty: 'Products you like will appear here.',
  noAddresses: 'You have not saved an address yet.',
  addressSaved: 'Address saved',
  addressDeleted: 'Address deleted',
  couldNotSaveAddress: 'Could not save the address',
  addressNotFound: 'Address not found',
  orderNotFound: 'Order not found',
  vouchers: 'Vouchers',
  noVouchers: 'You have no vouchers yet.',
  voucherUnknown: 'That voucher code does not exist.',
  voucherExpired: 'That voucher has expired.',
  voucherUsed: 'You have already used that voucher.',
  voucherMinimum: (min: number) => `This voucher needs at least ${formatEuro(min)} of items in your order.`,
  voucherApplied: (code: string, percent: number, saved: number) => `${code} applied: ${percent}% off, you save ${formatEuro(saved)}.`,
  voucherTooOften: 'You have tried many voucher codes. Please wait a few minutes.',
  voucherRemoved: 'Voucher removed',
  discount: 'Discount',
  addMeasurements: 'Add your measurements to get a size recommendation.',
  signInForSize: 'Sign in to get a size recommendation.',
  comingSoon: 'coming soon',
} as const
