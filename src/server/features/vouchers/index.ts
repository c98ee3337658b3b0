import type { Feature } from '../types'
import { voucherRoutes } from './routes'
import { seedDemoVouchers } from './seed'

export const vouchersFeature: Feature = { name: 'vouchers', routes: voucherRoutes, seed: seedDemoVouchers }
export { applicableVoucher, limitVoucherTries, redeemVoucher, releaseVoucher } from './service'
