import crypto from 'node:crypto'
import sharp from 'sharp'
import type { z } from 'zod'
import { present } from '~/shared/lists'
import { AddressSchema, CartSchema, OrderDetailSchema } from '~/shared/marketplace/schemas'
import { CommentSchema, LibraryPhotoSchema, PostSchema, UploadedImageSchema } from '~/shared/posts/schemas'
import { ProfileSchema } from '~/shared/profiles/schemas'
import { MessageSchema, RecentSearchesSchema, StorySchema } from '~/shared/social/schemas'
import { CollectionSchema, GenerationSchema, PhotoSchema, TryOnResultSchema } from '~/shared/tryon/schemas'
import { vouchers } from '../db/schema'
import { insertCatalogue } from '../features/products'
import { ensureProfile } from '../features/profiles'
import { setEngine } from '../features/tryon'
import type { RequestOptions, TestApp } from '../test/harness'
import { createTestEngine } from '../test/tryon-engine'

/**
 * A user who owns one of every kind of resource, created through the API, with private text that
 * no other user may ever see (`secrets`) and the ids of private resources (`privateIds`). The
 * security suites fill path parameters with these ids (`pathValues`).
 */
export type Owner = Awaited<ReturnType<typeof createOwner>>

const jpeg = (color: string) => sharp({ create: { width: 240, height: 320, channels: 3, background: color } }).jpeg().toBuffer()

async function imageForm(fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.set(k, v)
  form.set('file', new Blob([new Uint8Array(await jpeg('#b08060'))], { type: 'image/jpeg' }), 'photo.jpg')
  return form
}

/** A verified, signed-in user with a profile (username from the e-mail). */
export async function signUpUser(t: TestApp, name: string) {
  const u = await t.signUp(`${name}-${crypto.randomBytes(3).toString('hex')}@example.com`)
  const profile = await ensureProfile(t.platform.db, u.user.id)
  if (!profile.username) throw new Error('ensureProfile gave no username')
  return { ...u, id: u.user.id, username: profile.username }
}
export type User = Awaited<ReturnType<typeof signUpUser>>

export async function createOwner(t: TestApp) {
  setEngine(t.platform, createTestEngine())
  const owner = await signUpUser(t, 'owner')
  const friend = await signUpUser(t, 'friend')
  const tag = crypto.randomBytes(4).toString('hex')
  const secrets = {
    street: `Owner Private Street ${tag}`,
    phone: `+44 7700 ${tag.replace(/\D/g, '1').slice(0, 6).padEnd(6, '1')}`,
    message: `owner secret message ${tag}`,
    collection: `Owner collection ${tag}`,
    search: `owner secret search ${tag}`,
    profilePhone: '+447700900123',
    email: owner.email,
    voucher: `OWNER-${tag.toUpperCase()}`,
  }
  const call = async <S extends z.core.$ZodType>(path: string, schema: S, opts: RequestOptions = {}) => {
    const res = await t.request(path, { cookie: owner.cookie, ...opts, schema })
    if (res.status >= 400) throw new Error(`owner fixture ${opts.method ?? 'GET'} ${path}: ${res.status} ${res.text}`)
    return res.json
  }
  const shipping = { firstName: 'Olive', lastName: 'Owner', country: 'United Kingdom', streetName: secrets.street, city: 'London', state: '', zipCode: 'N1 9GU', phoneNumber: secrets.phone }

  await call('/api/profile', ProfileSchema, { method: 'PUT', body: { username: owner.username, phone_e164: secrets.profilePhone } })
  const [product] = await insertCatalogue(t.platform)
  const size = product?.sizes.find((s) => s.available)
  const [color] = product?.colors ?? []
  if (!product || !size || !color) throw new Error('the catalogue has no product to order')
  const line = (quantity: number) => ({ productId: product.id, size: size.name, color: color.name, quantity })
  const address = await call('/api/addresses', AddressSchema, { body: shipping })
  // Personal vouchers are issued by the shop, not through the API.
  await t.platform.db.insert(vouchers).values({ code: secrets.voucher, userId: owner.id, title: 'Owner voucher', percentOff: 10 })
  await call('/api/cart/items', CartSchema, { body: line(1) })
  const order = await call('/api/orders', OrderDetailSchema, { body: { shipping, shippingMethod: 'standard', paymentMethod: 'cash', agreeToTerms: true } })
  const cartItem = await call('/api/cart/items', CartSchema, { body: line(2) })
  const image = await call('/api/posts/images', UploadedImageSchema, { body: await imageForm() })
  const post = await call('/api/posts', PostSchema, { body: { caption: 'Owner post', images: [image.url] } })
  const libraryPhoto = await call('/api/library/photos', LibraryPhotoSchema, { body: await imageForm() })
  const comment = await call(`/api/posts/${post.id}/comments`, CommentSchema, { body: { body: 'Owner comment' } })
  const story = await call('/api/stories', StorySchema, { body: await imageForm() })
  const message = await call(`/api/messages/with/${friend.username}`, MessageSchema, { body: { body: secrets.message } })
  await call('/api/search/recent', RecentSearchesSchema, { body: { query: secrets.search } })
  const person = await call('/api/photos', PhotoSchema, { body: await imageForm({ photo_type: 'base' }) })
  const garment = await call('/api/photos', PhotoSchema, { body: await imageForm({ photo_type: 'product' }) })
  const generation = await call('/api/tryon/generations', GenerationSchema, { body: { subject: { bucket: 'user-photos', path: person.filePath }, garment: { bucket: 'user-photos', path: garment.filePath }, size: 'M' } })
  for (let i = 0; i < 200 && (await call(`/api/tryon/generations/${generation.id}`, GenerationSchema)).status !== 'succeeded'; i++) await new Promise((r) => setTimeout(r, 50))
  const result = await call('/api/tryon/results', TryOnResultSchema, { body: { generationId: generation.id } })
  const collection = await call('/api/tryon/collections', CollectionSchema, { body: { name: secrets.collection } })
  await call(`/api/tryon/collections/${collection.id}/items`, CollectionSchema, { body: { resultId: result.id } })

  const privateIds = {
    address: address.id,
    order: order.id,
    cartItem: present(cartItem.items.find((i) => i.quantity === 2), 'the cart line of 2').id,
    photo: person.id,
    photoPath: person.filePath,
    generation: generation.id,
    result: result.id,
    collection: collection.id,
    conversation: present(message.conversationId, 'the conversation of the message'),
    libraryPhoto: present(libraryPhoto.id, 'the library photo id'),
  }
  /** Path parameter values by path template: the owner's resource for each operation. */
  const pathValues = (path: string): Record<string, string> => {
    const owned: [prefix: string, id: string][] = [
      ['/api/products/', product.id],
      ['/api/cart/items/', privateIds.cartItem],
      ['/api/addresses/', privateIds.address],
      ['/api/orders/', privateIds.order],
      ['/api/posts/', post.id],
      ['/api/comments/', comment.id],
      ['/api/stories/', story.id],
      ['/api/messages/conversations/', privateIds.conversation],
      ['/api/photos/', privateIds.photo],
      ['/api/library/photos/', privateIds.libraryPhoto],
      ['/api/tryon/generations/', privateIds.generation],
      ['/api/tryon/results/', privateIds.result],
      ['/api/tryon/collections/', privateIds.collection],
    ]
    const id = owned.find(([prefix]) => path.startsWith(prefix))?.[1] ?? crypto.randomUUID()
    return { id, username: owner.username, handle: owner.username, provider: 'google', '*': `user-photos/${privateIds.photoPath}` }
  }
  return { ...owner, product, secrets, privateIds, pathValues }
}

/**
 * A session of `user` that can be renewed after a request signed it out. Signs in through
 * better-auth's API directly: the login route's per-e-mail rate limit would end a long run.
 */
export function renewableSession(t: TestApp, user: User) {
  let cookie = user.cookie
  return {
    cookie: () => cookie,
    renew: async () => {
      const { headers } = await t.platform.auth.api.signInEmail({ body: { email: user.email, password: user.password }, returnHeaders: true })
      cookie = t.cookieFrom(headers)
    },
  }
}
