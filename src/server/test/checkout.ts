import type { PlaceOrderInput } from '~/shared/marketplace/schemas'

/** A valid checkout shipping address for API tests. */
export const TEST_SHIPPING = { firstName: 'Ada', lastName: 'Lovelace', country: 'France', streetName: '1 Rue de Rivoli', city: 'Paris', state: '', zipCode: '75001', phoneNumber: '+33 6 11 22 33 44' }

/** A valid `POST /api/orders` body (standard shipping, cash, no voucher) with `over` applied. */
export const orderInput = (over: Partial<PlaceOrderInput> = {}): PlaceOrderInput => ({ shipping: TEST_SHIPPING, shippingMethod: 'standard', paymentMethod: 'cash', agreeToTerms: true, couponCode: '', ...over })
