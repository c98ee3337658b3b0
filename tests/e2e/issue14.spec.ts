import fs from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import sharp from 'sharp'
import { FM } from '../../src/shared/posts/messages'
import { MAX_LIBRARY_PHOTOS } from '../../src/shared/posts/schemas'
import { DEMO_CAPTION, DEMO_STORY_SIZE } from '../../src/server/features/stories/demo-image'
import { registerAndVerify } from './support'

const png = (color: string) => sharp({ create: { width: 800, height: 1000, channels: 3, background: color } }).png().toBuffer()
const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/issue14-${name}.png`, fullPage: false })

test('photo library: uploads stay after one is posted, and only deleting removes them', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/photo-library')
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'red.png', mimeType: 'image/png', buffer: await png('#c33') },
    { name: 'blue.png', mimeType: 'image/png', buffer: await png('#33c') },
  ])
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('button', { name: /^Photo \d+$/ })
  await expect(photos).toHaveCount(2)
  await expect(page.getByText(FM.libraryCount(2, MAX_LIBRARY_PHOTOS))).toBeVisible()
  await photos.nth(1).click() // the older photo (the newest one is selected on upload)
  await page.getByLabel('Caption').fill('One of two')
  await page.getByRole('button', { name: FM.next }).click()
  await expect(page).toHaveURL(/\/feed$/)
  await expect(page.getByRole('article').first()).toContainText('One of two')

  await page.goto('/photo-library')
  await page.reload()
  await expect(photos).toHaveCount(2) // the photo not posted is still there
  await expect(page.getByRole('button', { name: /^Delete photo \d+$/ })).toHaveCount(2)
  await shot(page, 'photo-library')

  page.once('dialog', (d) => void d.accept())
  await page.getByRole('button', { name: 'Delete photo 1' }).click()
  await expect(page.getByText(FM.libraryPhotoDeleted)).toBeVisible()
  await page.reload()
  // The posted photo stays in the library; the other one is gone for good.
  await expect(photos).toHaveCount(1)
  await expect(page.getByText(FM.libraryCount(1, MAX_LIBRARY_PHOTOS))).toBeVisible()

  // A library photo is a try-on base photo at its full stored width.
  await page.getByRole('button', { name: 'Try on with this photo' }).click()
  await expect(page).toHaveURL(/\/style-studio-generate$/)
  await expect(page.locator('img[src*="/api/files/library/"][src$="-w1080.webp"]').first()).toBeVisible()
  await shot(page, 'tryon-from-library')
})

test('export: the downloaded file holds the profile, measurements, addresses, orders, cart and likes, and no one else', async ({ page }) => {
  const { email } = await registerAndVerify(page)
  const username = ((await (await page.request.get('/api/profile')).json()) as { username: string }).username
  expect((await page.request.put('/api/profile', { data: { username, first_name: 'Noor', last_name: 'Haddad', phone_e164: '+31612345678', height: 168 } })).status()).toBe(200)
  const { product, line } = await cartLine(page)
  const shipping = { firstName: 'Noor', lastName: 'Haddad', country: 'Netherlands', streetName: 'Keizersgracht 1', city: 'Amsterdam', state: '', zipCode: '1015 CJ', phoneNumber: '+31612345678' }
  expect((await page.request.put(`/api/products/${product.id}/like`)).status()).toBe(200)
  expect((await page.request.post('/api/addresses', { data: shipping })).status()).toBe(201)
  expect((await page.request.post('/api/cart/items', { data: line })).status()).toBe(201)
  expect((await page.request.post('/api/orders', { data: { shipping, shippingMethod: 'standard', paymentMethod: 'cash', agreeToTerms: true } })).status()).toBe(201)
  expect((await page.request.post('/api/cart/items', { data: line })).status()).toBe(201)

  await page.goto('/export')
  await expect(page.getByRole('button', { name: 'Export my data' })).toBeVisible()
  await shot(page, 'export')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export my data' }).click()
  const text = fs.readFileSync((await (await download).path())!, 'utf8')
  const data = JSON.parse(text) as Record<string, unknown>
  expect(data.version).toBe('3.0.0')
  expect(data.account).toMatchObject({ email })
  expect(data.profile).toMatchObject({ firstName: 'Noor', lastName: 'Haddad', phone: '+31612345678', bodyMeasurements: { heightCm: 168 } })
  expect(data.addresses).toEqual([expect.objectContaining({ streetName: 'Keizersgracht 1' })])
  expect(data.orders).toEqual([expect.objectContaining({ lines: [expect.objectContaining({ productId: product.id, quantity: 1 })] })])
  expect(data.cart).toEqual([expect.objectContaining({ productId: product.id })])
  expect(data.productLikes).toEqual([expect.objectContaining({ productId: product.id })])
  expect(text).not.toMatch(/\/api\/files\/|imageUrl|image_url|ava@drape\.app/)
})

/** Where the caption drawn into a demo story picture lands on screen (object-cover, centred). */
async function captionOnScreen(picture: Locator) {
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight)).toBeGreaterThan(0)
  const box = (await picture.boundingBox())!
  const natural = await picture.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }))
  const scale = Math.max(box.width / natural.width, box.height / natural.height)
  const top = box.y + (box.height - natural.height * scale) / 2
  const toScreen = (y: number) => top + (y / DEMO_STORY_SIZE.height) * natural.height * scale
  return { top: toScreen(DEMO_CAPTION.baseline - DEMO_CAPTION.fontSize), bottom: toScreen(DEMO_CAPTION.baseline + DEMO_CAPTION.fontSize * 0.25) }
}

test('/live and stories: the caption drawn into the demo picture stays clear of the controls at 390x844', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/live')
  const live = page.locator('main img').first()
  await expect(live).toBeVisible()
  const caption = await captionOnScreen(live)
  const emojiTop = (await page.getByRole('button', { name: /^React / }).first().boundingBox())!.y
  const banner = (await page.getByRole('region', { name: 'Request to join' }).boundingBox())!
  await shot(page, 'live')
  expect(caption.bottom).toBeLessThan(emojiTop)
  expect(caption.top).toBeGreaterThan(banner.y + banner.height)

  await page.goto('/story/milo')
  const story = page.getByRole('img', { name: /^Story by / })
  await expect(story).toBeVisible()
  const inStory = await captionOnScreen(story)
  const footer = (await page.locator('footer').last().boundingBox())!
  await shot(page, 'story')
  expect(inStory.bottom).toBeLessThan(footer.y)
})

/** A cart line (size M, first colour) of the first demo product sold in M. */
async function cartLine(page: Page) {
  const product = ((await (await page.request.get('/api/products?sizes=M&limit=1')).json()) as { items: { id: string }[] }).items[0]!
  const detail = (await (await page.request.get(`/api/products/${product.id}`)).json()) as { colors: { name: string }[] }
  return { product, line: { productId: product.id, size: 'M', color: detail.colors[0]!.name, quantity: 1 } }
}

/** Types into /search (already open) and waits for results to show. */
async function searchFor(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(query)
  await page.waitForLoadState('networkidle')
}

/** Client-side navigation (no reload), so that what the app has cached is what the screen shows. */
async function goInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({ usr: null }, '', to)
    window.dispatchEvent(new PopStateEvent('popstate'))
  }, path)
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`))
}

test('after a username, name and avatar change every screen shows the current name and avatar', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await registerAndVerify(page)
  const me = (await (await page.request.get('/api/profile')).json()) as { username: string }
  const before = me.username
  const friendContext = await browser.newContext()
  const friend = await friendContext.newPage()
  await registerAndVerify(friend)
  const friendName = ((await (await friend.request.get('/api/profile')).json()) as { username: string }).username

  // Things that carry my name: a post with my comment, a story, a conversation, a follow.
  const form = { file: { name: 'p.png', mimeType: 'image/png', buffer: await png('#c96') } }
  const photo = (await (await page.request.post('/api/library/photos', { multipart: form })).json()) as { url: string }
  const caption = `walk${Date.now()}`
  const post = (await (await page.request.post('/api/posts', { data: { caption, images: [photo.url] } })).json()) as { id: string }
  expect((await page.request.post(`/api/posts/${post.id}/comments`, { data: { body: 'my own comment' } })).status()).toBe(201)
  expect((await page.request.post('/api/stories', { multipart: form })).status()).toBe(201)
  expect((await page.request.post(`/api/messages/with/${friendName}`, { data: { body: 'hello friend' } })).status()).toBe(201)
  expect((await page.request.put(`/api/profiles/${friendName}/follow`)).status()).toBe(200)
  expect((await page.request.post('/api/cart/items', { data: (await cartLine(page)).line })).status()).toBe(201)

  // Visit the screens first, so that the app has them cached under the old name. The clock stands
  // still, so nothing goes stale by age (30 s) during the walk: only what the app refreshes is new.
  await page.clock.setFixedTime(new Date())
  const screens = ['/feed', `/p/${post.id}`, '/marketplace/profile', '/search', '/messages', `/messages/${friendName}`, '/activity', '/checkout', '/profile']
  await page.goto('/feed')
  for (const path of screens) {
    await goInApp(page, path)
    if (path === '/search') await searchFor(page, caption)
    await page.waitForLoadState('networkidle')
  }

  // Change username, first and last name and avatar through the edit screen.
  const after = `walker${Date.now().toString(36)}`
  await goInApp(page, '/profile/edit')
  await page.getByLabel('Username').fill(after)
  await page.getByLabel('First name').fill('Wanda')
  await page.getByLabel('Last name').fill('Walker')
  await page.getByLabel('Display name').fill('')
  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#e0457b') })
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible()
  await shot(page, 'profile-edit')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  const current = (await (await page.request.get('/api/profile')).json()) as { display_name: string | null; first_name: string; username: string; avatar_url: string }
  const shown = current.display_name || current.first_name
  expect(current.username).toBe(after)

  const myAvatar = page.locator(`img[src="${current.avatar_url}"]`)
  const expectCurrent = async (path: string, name: string | null) => {
    await goInApp(page, path)
    await page.waitForLoadState('networkidle')
    if (name) await expect(page.getByText(name, { exact: false }).first(), `${path} shows ${name}`).toBeVisible()
    await expect(page.locator('main, body').first(), `${path} has no old username`).not.toContainText(before)
  }
  await expectCurrent('/feed', after)
  await expect(myAvatar.first()).toBeVisible()
  await expectCurrent(`/p/${post.id}`, after)
  await expect(myAvatar.first()).toBeVisible()
  await expect(page.getByRole('article').getByRole('link', { name: shown })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Comments' }).getByRole('listitem').filter({ hasText: 'my own comment' })).toContainText(after)
  await expectCurrent('/marketplace/profile', shown)
  await expect(myAvatar.first()).toBeVisible()
  await goInApp(page, '/search')
  await searchFor(page, caption)
  await expect(page.getByRole('link', { name: `Post by ${after}: ${caption}` })).toBeVisible()
  await searchFor(page, after)
  await expect(page.getByText(shown)).toBeVisible()
  await expect(myAvatar.first()).toBeVisible()
  await expectCurrent('/messages', friendName)
  await expectCurrent(`/messages/${friendName}`, 'hello friend')
  await expectCurrent('/activity', null)
  await goInApp(page, '/checkout')
  await expect(page.getByLabel('First name')).toHaveValue('Wanda')
  await expect(page.getByLabel('Last name')).toHaveValue('Walker')
  await shot(page, 'checkout')

  // Everyone else sees the new name and avatar too.
  const theirAvatar = friend.locator(`img[src="${current.avatar_url}"]`)
  for (const path of ['/feed', '/messages', `/messages/${after}`, '/activity', '/search', `/p/${post.id}`, `/story/${after}`]) {
    await friend.goto(path)
    if (path === '/search') await searchFor(friend, after)
    await expect(friend.getByText(after).first(), `${path} shows ${after} to others`).toBeVisible()
    await expect(theirAvatar.first(), `${path} shows the new avatar to others`).toBeAttached()
    await expect(friend.locator('body')).not.toContainText(before)
  }
  await friendContext.close()
})
