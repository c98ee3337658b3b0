import { eq } from 'drizzle-orm'
import { cyclic, type NonEmpty } from '~/shared/lists'
import { orders } from '../../db/schema'
import type { Platform } from '../../platform'
import { demoUserIds } from '../auth'
import { addToCart } from '../cart'
import { buildCatalogue } from '../products'
import { markDelivered, placeOrder } from './service'

const DEMO_ADDRESSES: NonEmpty<{ country: string; streetName: string; city: string; state: string; zipCode: string; phoneNumber: string }> = [
  { country: 'France', streetName: '12 Rue des Rosiers', city: 'Paris', state: 'Île-de-France', zipCode: '75004', phoneNumber: '+33 6 12 34 56 78' },
  { country: 'Netherlands', streetName: 'Prinsengracht 263', city: 'Amsterdam', state: 'North Holland', zipCode: '1016 GV', phoneNumber: '+31 6 1234 5678' },
  { country: 'Ireland', streetName: '7 Merrion Square', city: 'Dublin', state: '', zipCode: 'D02 XY45', phoneNumber: '+353 85 123 4567' },
]

/** Demo accounts get one delivered order (and their address saved) so every screen has data. */
export async function seedDemoOrders(p: Platform) {
  const catalogue = buildCatalogue()
  const users = await demoUserIds(p.db)
  for (const [i, user] of users.entries()) {
    const [existing] = await p.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, user.id)).limit(1)
    if (existing) continue
    for (const product of catalogue.slice(i * 7 + 3, i * 7 + 5)) {
      const size = product.sizes.find((s) => s.available)
      const [color] = product.colors
      if (size && color) await addToCart(p.db, user.id, { productId: product.id, size: size.name, color: color.name, quantity: 1 })
    }
    const [firstName = '', lastName = ''] = user.name.split(' ')
    const order = await placeOrder(p.db, user.id, {
      shipping: { firstName, lastName, ...cyclic(DEMO_ADDRESSES, i) },
      shippingMethod: 'standard',
      paymentMethod: 'credit',
      agreeToTerms: true,
      couponCode: '',
      copyBillingAddress: true,
      saveAddress: true,
    })
    await markDelivered(p.db, user.id, [order.id])
  }
}
