import { addressesFeature } from './addresses'
import { authFeature } from './auth'
import { cartFeature } from './cart'
import { likesFeature } from './likes'
import { liveFeature } from './live'
import { messagesFeature } from './messages'
import { notificationsFeature } from './notifications'
import { ordersFeature } from './orders'
import { platformFeature } from './platform'
import { postsFeature } from './posts'
import { productsFeature } from './products'
import { profilesFeature } from './profiles'
import { searchFeature } from './search'
import { storiesFeature } from './stories'
import { exportFeature } from './export'
import { photosFeature } from './photos'
import { settingsFeature } from './settings'
import { tryonFeature } from './tryon'
import { vouchersFeature } from './vouchers'
import type { Feature } from './types'

/** Social (issue 7): after profiles, products and posts, whose demo data their seeds build on. */
const socialFeatures = [storiesFeature, messagesFeature, notificationsFeature, searchFeature, liveFeature]

/** Marketplace and commerce (issue 3): the catalogue first, then what builds on it. */
const commerceFeatures = [productsFeature, likesFeature, cartFeature, addressesFeature, vouchersFeature, ordersFeature]

/** Try-on studio (issue 5): photos, generations, settings and the personal data export. */
const tryonFeatures = [photosFeature, tryonFeature, settingsFeature, exportFeature]

/** Every feature of the app, in seeding order. */
export const features: Feature[] = [platformFeature, authFeature, profilesFeature, ...commerceFeatures, postsFeature, ...socialFeatures, ...tryonFeatures]
