import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { FM } from '../../src/shared/posts/messages'
import { MAX_LIBRARY_PHOTOS } from '../../src/shared/posts/schemas'
import { PM } from '../../src/shared/profiles/messages'
import { DEMO, holdRequests, registerAndVerify, signIn } from './support'

const png = (color: string) => sharp({ create: { width: 800, height: 1000, channels: 3, background: color } }).png().toBuffer()
const myProfile = async (page: Page) => (await (await page.request.get('/api/profile')).json()) as Record<string, unknown>

async function newUser(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await registerAndVerify(page)
  const username = (await myProfile(page)).username as string
  return { page, username, close: () => context.close() }
}

test('edit the profile in imperial units: stored metric, shown back in inches and pounds', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/profile/edit')
  await page.getByLabel('First name').fill('Iris')
  await page.getByLabel('Last name').fill('Stone')
  await page.getByLabel('Units').selectOption('imperial')
  await page.getByLabel('Height (in)').fill('65')
  await page.getByLabel('Weight (lb)').fill('154')
  await page.getByLabel('Waist (in)').fill('30')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText(PM.profileSaved)).toBeVisible()
  await expect(page).toHaveURL(/\/profile$/)
  await expect(page.getByRole('heading', { name: 'Iris Stone' })).toBeVisible()

  const stored = await myProfile(page)
  expect(stored.unit_preference).toBe('imperial')
  expect(stored.height_cm).toBeCloseTo(165.1, 1)
  expect(stored.weight_kg).toBeCloseTo(69.85, 1)
  expect(stored.waist_cm).toBeCloseTo(76.2, 1)
  expect(stored.display_name).toBe('Iris Stone')

  await page.goto('/profile/edit')
  await expect(page.getByLabel('Height (in)')).toHaveValue('65')
  await expect(page.getByLabel('Weight (lb)')).toHaveValue('154')
  await page.getByLabel('Units').selectOption('metric')
  await expect(page.getByLabel('Height (cm)')).toHaveValue('165.1')
})

test('every profile validation message of spec part 1 §5 appears in its case', async ({ page, browser }) => {
  await registerAndVerify(page)
  await page.goto('/profile/edit')
  const save = page.getByRole('button', { name: 'Save' })
  const expectError = async (label: string, value: string, message: string) => {
    await page.getByLabel(label, { exact: true }).fill(value)
    await save.click()
    await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible()
    await page.getByLabel(label, { exact: true }).fill('')
  }
  await expectError('Username', 'No Caps', PM.usernameRule)
  await expectError('Username', 'ab', PM.usernameRule)
  await expectError('Phone', '0612345678', PM.phoneRule)
  await expectError('First name', 'x'.repeat(61), PM.nameTooLong)
  await expectError('Bio', 'x'.repeat(281), PM.bioTooLong)
  await expectError('Height (cm)', '19', PM.outOfRange('Height', 20, 1100))
  await expectError('Neck (cm)', '121', PM.outOfRange('Neck', 5, 120))
  await expectError('Shoe size', '61', PM.outOfRange('Shoe size', 1, 60))
  await expectError('Weight (kg)', 'heavy', PM.notANumber)
  // The avatar is set by upload in the UI; the server refuses a value that is not a URL.
  const res = await page.request.put('/api/profile', { data: { avatar_url: 'not a url' } })
  expect(res.status()).toBe(400)
  expect((await res.json()).error.fields.avatar_url).toBe(PM.avatarNotUrl)

  // A username someone else has.
  const other = await newUser(browser)
  await page.getByLabel('Username', { exact: true }).fill(other.username)
  await save.click()
  await expect(page.getByRole('alert').filter({ hasText: PM.usernameTaken })).toBeVisible()
  await other.close()
})

test('avatar upload and remove', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/profile/edit')
  await page.getByLabel('Avatar image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await png('#e0457b') })
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  const url = (await myProfile(page)).avatar_url as string
  expect(url).toMatch(/^\/api\/files\/avatars\/[^/]+\/\d+\.webp$/)
  expect((await page.request.get(url)).headers()['content-type']).toBe('image/webp')

  await page.goto('/profile/edit')
  await page.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL(/\/profile$/)
  expect((await myProfile(page)).avatar_url).toBeNull()
})

test('create a post with two images, then likes, saves, comments and follows persist across reloads and users', async ({ page, browser }) => {
  await registerAndVerify(page)
  const me = (await myProfile(page)).username as string

  // Camera: the shutter captures from the (fake) device camera, flashes, then opens the library.
  await page.goto('/camera')
  await expect(page.getByRole('radio', { name: 'NORMAL' })).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByLabel('Camera preview')).toBeVisible()
  const pressed = Date.now()
  await page.getByRole('button', { name: 'Shutter' }).click()
  await expect(page).toHaveURL(/\/photo-library$/)
  expect(Date.now() - pressed).toBeGreaterThanOrEqual(300) // the 300 ms flash comes first

  // Library: add a second photo from the device, select both in order, caption, Next.
  await page.getByLabel('Choose photos').setInputFiles({ name: 'second.png', mimeType: 'image/png', buffer: await png('#1f9d55') })
  await page.getByRole('button', { name: FM.selectMultiple }).click()
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('button', { name: /^Photo \d+$/ })
  await expect(photos).toHaveCount(2)
  await photos.nth(1).click()
  await photos.nth(0).click()
  const caption = `Two looks ${Date.now()}`
  await page.getByLabel('Caption').fill(caption)
  await page.getByRole('button', { name: FM.next }).click()
  await expect(page).toHaveURL(/\/feed$/)
  const first = page.getByRole('article').first()
  await expect(first).toContainText(caption)
  await expect(first.getByText('1/2')).toBeVisible()
  await first.getByRole('button', { name: /Photo 1 of 2/ }).click()
  await expect(first.getByText('2/2')).toBeVisible()
  await first.getByRole('button', { name: /Photo 2 of 2/ }).click()
  await expect(first.getByText('1/2')).toBeVisible()

  await page.goto('/profile')
  await expect(page.getByTestId('count-posts')).toHaveText('1')
  await expect(page.getByRole('list', { name: 'Posts grid' }).getByRole('listitem')).toHaveCount(1)

  // Another user likes, saves, comments and follows.
  const other = await newUser(browser)
  const o = other.page
  await o.goto(`/u/${me}`)
  await o.getByRole('button', { name: PM.follow }).click()
  await expect(o.getByRole('button', { name: PM.unfollow })).toBeVisible()
  await o.goto('/feed')
  const card = o.getByRole('article', { name: `Post by ${me}` })
  await card.getByRole('button', { name: 'Like' }).click()
  await expect(card.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await card.getByRole('button', { name: 'Image options' }).click()
  await o.getByRole('menuitem', { name: FM.addToCollection }).click()
  await expect(card.getByRole('button', { name: 'Remove from collection' })).toBeVisible()
  await card.getByRole('button', { name: 'Comment' }).click()
  await o.getByRole('textbox', { name: 'Write a comment' }).fill(`Love this @${me}`)
  await o.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(o.getByRole('list', { name: 'Comments' })).toContainText('Love this')
  await o.keyboard.press('Escape')

  await o.reload()
  const again = o.getByRole('article', { name: `Post by ${me}` })
  await expect(again.getByRole('button', { name: 'Unlike' })).toBeVisible()
  await expect(again.getByRole('button', { name: 'Remove from collection' })).toBeVisible()
  await expect(again.getByText('View all 1 comment')).toBeVisible()
  await o.goto(`/u/${me}`)
  await expect(o.getByRole('button', { name: PM.unfollow })).toBeVisible()
  await expect(o.getByTestId('count-followers')).toHaveText('1')

  // The author sees all of it.
  await page.goto('/feed')
  const mine = page.getByRole('article', { name: `Post by ${me}` })
  await expect(mine.getByTestId('liked-by')).toHaveText(`Liked by ${other.username}`)
  await mine.getByRole('button', { name: 'View all 1 comment' }).click()
  await expect(page.getByRole('list', { name: 'Comments' })).toContainText(`Love this @${me}`)
  await page.keyboard.press('Escape')
  await page.goto('/profile')
  await expect(page.getByTestId('count-followers')).toHaveText('1')

  // Unlike persists too.
  await o.goto('/feed')
  await o.getByRole('article', { name: `Post by ${me}` }).getByRole('button', { name: 'Unlike' }).click()
  await expect(o.getByRole('article', { name: `Post by ${me}` }).getByRole('button', { name: 'Like' })).toBeVisible()
  await o.reload()
  await expect(o.getByRole('article', { name: `Post by ${me}` }).getByRole('button', { name: 'Like' })).toBeVisible()
  await other.close()

  // Only the author can delete it; it leaves the feed and the counts.
  await page.goto('/feed')
  const own = page.getByRole('article', { name: `Post by ${me}` })
  await own.getByRole('button', { name: 'Image options' }).click()
  page.once('dialog', (d) => void d.accept())
  await page.getByRole('menuitem', { name: FM.deletePost }).click()
  await expect(page.getByRole('article', { name: `Post by ${me}` })).toHaveCount(0)
  await page.goto('/profile')
  await expect(page.getByTestId('count-posts')).toHaveText('0')
})

test('photos added to the library show as each is stored, however slow the list is to load again', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/photo-library')
  await expect(page.getByText(FM.noPhotos)).toBeVisible()
  // From now on the library list answers only after 8 s (a slow or retried request).
  await page.route('**/api/posts/photos', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8_000))
    await route.continue().catch(() => undefined)
  })
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'one.png', mimeType: 'image/png', buffer: await png('#e0457b') },
    { name: 'two.png', mimeType: 'image/png', buffer: await png('#1f9d55') },
  ])
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('button', { name: /^Photo \d+$/ })
  await expect(photos).toHaveCount(2, { timeout: 6_000 })
  await expect(page.getByText(FM.libraryCount(2, MAX_LIBRARY_PHOTOS))).toBeVisible({ timeout: 1_000 })
  await page.unrouteAll({ behavior: 'ignoreErrors' })
})

test('a photo whose upload fails stays on the library screen, to try again or remove', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/photo-library')
  await expect(page.getByText(FM.noPhotos)).toBeVisible()
  // The connection drops while the first photo uploads.
  await page.route('**/api/library/photos', (route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback()))
  await page.getByLabel('Choose photos').setInputFiles([
    { name: 'kept.png', mimeType: 'image/png', buffer: await png('#e0457b') },
    { name: 'dropped.png', mimeType: 'image/png', buffer: await png('#1f9d55') },
  ])
  const retry = page.getByRole('button', { name: FM.retryAddingPhoto })
  await expect(retry).toHaveCount(2)
  const photos = page.getByRole('list', { name: 'Photos' }).getByRole('button', { name: /^Photo \d+$/ })
  await expect(photos).toHaveCount(0)

  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await page.getByRole('button', { name: FM.removeDraftPhoto }).first().click()
  await expect(retry).toHaveCount(1)
  await retry.click()
  await expect(photos).toHaveCount(1)
  await expect(retry).toHaveCount(0)
  await expect(page.getByText(FM.libraryCount(1, MAX_LIBRARY_PHOTOS))).toBeVisible()
  await page.reload()
  await expect(photos).toHaveCount(1)
})

test('a photo picked from the camera is kept when the library screen arrives while the picker is open', async ({ page }) => {
  await registerAndVerify(page)
  // (the page's timers run when the test says: the camera's flash is its last timer to check)
  await page.clock.install()
  // No camera: the shutter opens the device's photo picker.
  await page.addInitScript(() => {
    navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('No camera', 'NotFoundError'))
  })
  // The library screen's code arrives when let through; until then the camera stays on screen.
  const release = await holdRequests(page, '**/PhotoLibraryPage-*.js')
  await page.goto('/camera')
  await expect(page.getByText(FM.cameraUnavailable)).toBeVisible()
  await page.getByRole('button', { name: 'Photo library' }).click()
  const opened = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Shutter' }).click()
  const picker = await opened
  release()
  await expect(page.getByRole('heading', { name: 'New post' })).toBeVisible()
  // The camera screen, and the input its picker belongs to, are gone when the photo is chosen.
  await picker.setFiles({ name: 'late.png', mimeType: 'image/png', buffer: await png('#e0457b') })
  await expect(page.getByRole('list', { name: 'Photos' }).getByRole('button', { name: /^Photo \d+$/ })).toHaveCount(1)
  await expect(page.getByText(FM.libraryCount(1, MAX_LIBRARY_PHOTOS))).toBeVisible()
  // The camera, left, moves on no more (it went to the library a second time): a second on, well
  // past its flash, Back goes to it.
  await page.clock.runFor(1_000)
  await expect(page).toHaveURL(/\/photo-library$/)
  await page.goBack()
  await expect(page).toHaveURL(/\/camera$/)
})

test('the like line: "1 other" for one, "you" for your own like, the same after a reload', async ({ page }) => {
  await registerAndVerify(page)
  const articles = page.getByRole('article')
  // (the newest posts, from other tests, may have no likes yet: any like line shows the feed is drawn)
  await expect(articles.getByTestId('liked-by').first()).toBeVisible()
  const lines = await articles.evaluateAll((els) => els.map((el) => el.querySelector('[data-testid="liked-by"]')?.textContent ?? ''))
  const index = lines.findIndex((line) => line.endsWith(' and 1 other'))
  expect(lines[index]).toMatch(/^Liked by (ava|milo|zoe) and 1 other$/)
  await articles.nth(index).getByRole('button', { name: 'Like' }).click()
  await expect(articles.nth(index).getByTestId('liked-by')).toHaveText('Liked by you and 2 others')
  await page.reload()
  await expect(articles.nth(index).getByTestId('liked-by')).toHaveText('Liked by you and 2 others')
})

test('a new user sees a living feed of demo posts that scrolls to an end', async ({ page }) => {
  await registerAndVerify(page)
  await expect(page.getByRole('article').first()).toBeVisible()
  const demo = page.getByRole('article', { name: /Post by (ava|milo|zoe)/ })
  await expect(demo.first()).toBeVisible()
  await expect(demo.first().getByTestId('liked-by')).toContainText('Liked by')
  for (let i = 0; i < 10 && !(await page.getByTestId('feed-end').isVisible()); i++) await page.mouse.wheel(0, 4000)
  await expect(page.getByTestId('feed-end')).toHaveText(FM.feedEnd)
  expect(await page.getByRole('article').count()).toBeGreaterThanOrEqual(9)

  // The image options popup's Virtual Try-On opens the studio with the outfit item.
  await page.getByRole('article').first().getByRole('button', { name: 'Image options' }).click()
  await page.getByRole('menuitem', { name: FM.virtualTryOn }).click()
  await expect(page).toHaveURL(/\/style-studio-generate$/)
  const state = await page.evaluate(() => (history.state as { usr?: { outfitItem?: Record<string, unknown> } }).usr?.outfitItem)
  expect(state).toMatchObject({ id: expect.any(String), name: expect.any(String), image: expect.stringContaining('/api/files/posts/'), brand: expect.any(String) })
})

test('a post has its own page at /p/:postId, opened from activity and search, with comments', async ({ page }) => {
  await signIn(page, DEMO.email, DEMO.password)
  await page.goto('/activity')
  await page.getByRole('link', { name: 'Open your post' }).first().click()
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Post by ava' })).toBeVisible()
  const comment = `Thanks all ${Date.now()}`
  await page.getByLabel('Write a comment').fill(comment)
  await page.getByRole('button', { name: 'Post', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(comment)).toBeVisible()
  await page.reload()
  await expect(page.getByRole('list', { name: 'Comments' }).getByText(comment)).toBeVisible()

  await page.goto('/search')
  await page.getByPlaceholder('Search').fill('linen')
  const result = page.getByRole('link', { name: /^Post by / }).first()
  await result.click()
  await expect(page).toHaveURL(/\/p\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('article', { name: 'Post by ava' })).toContainText('linen coat')
})
