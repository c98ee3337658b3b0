import { expect, test, type Browser, type Page } from '@playwright/test'
import sharp from 'sharp'
import { SM } from '../../src/shared/social/messages'
import { registerAndVerify } from './support'

/** A new verified user in a browser context of their own, with their username. */
async function person(browser: Browser) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await registerAndVerify(page)
  const { username } = (await (await page.request.get('/api/profile')).json()) as { username: string }
  return { page, username, close: () => context.close() }
}

const storyPicture = () => sharp({ create: { width: 720, height: 1280, channels: 3, background: '#d9739b' } }).png().toBuffer()

/** The progress (0-100) of story bar `n` of the viewer. */
const progressOf = async (page: Page, n: number) => Number(await page.getByRole('progressbar', { name: new RegExp(`^Story ${n} of`) }).getAttribute('aria-valuenow'))

test('two users: follow shows in activity, stories ring and play, messages arrive live, search finds people and products', async ({ browser }) => {
  test.setTimeout(120_000)
  const a = await person(browser)
  const b = await person(browser)

  // A follows B -> B's activity shows it (You tab, New group, with a Follow button to follow back).
  await a.page.goto(`/u/${b.username}`)
  await a.page.getByRole('button', { name: 'Follow', exact: true }).click()
  await expect(a.page.getByRole('button', { name: 'Unfollow' })).toBeVisible()
  await b.page.goto('/activity')
  await expect(b.page.getByRole('tab', { name: SM.tabYou })).toHaveAttribute('aria-selected', 'true')
  await expect(b.page.getByText(SM.followRequests)).toBeVisible()
  const newGroup = b.page.getByRole('region', { name: SM.groupNew })
  await expect(newGroup.getByText(`${a.username} started following you.`)).toBeVisible()
  await newGroup.getByRole('button', { name: SM.follow }).click()
  await expect(newGroup.getByRole('button', { name: SM.message })).toBeVisible()

  // B posts a story -> A, on the feed, sees B's tile appear with an unviewed ring (no reload).
  await a.page.goto('/feed')
  await expect(a.page.getByRole('link', { name: 'Your story' })).toBeVisible()
  const posted = await b.page.request.post('/api/stories', { multipart: { file: { name: 'story.png', mimeType: 'image/png', buffer: await storyPicture() } } })
  expect(posted.status()).toBe(201)
  const tile = a.page.getByRole('link', { name: `${b.username}, new story` })
  await expect(tile.locator('[data-ring]')).toHaveAttribute('data-ring', 'unviewed')

  // A watches it: the bar fills over 15 s in 100 ms ticks, holding pauses, then the next user (or /feed) follows.
  await tile.click()
  await expect(a.page).toHaveURL(new RegExp(`/story/${b.username}$`))
  const opened = Date.now()
  await expect.poll(() => progressOf(a.page, 1)).toBeGreaterThan(0)
  const surface = a.page.getByTestId('story-surface')
  const box = (await surface.boundingBox())!
  await a.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  await a.page.mouse.down()
  const held = await progressOf(a.page, 1)
  await a.page.waitForTimeout(2000)
  expect(await progressOf(a.page, 1)).toBeLessThanOrEqual(held + 1)
  await a.page.mouse.up()
  await expect(a.page).not.toHaveURL(new RegExp(`/story/${b.username}$`), { timeout: 20_000 })
  const played = Date.now() - opened
  expect(played).toBeGreaterThan(15_000 + 2000 - 1500)
  expect(played).toBeLessThan(15_000 + 2000 + 4000)

  // The ring turns grey, and stays grey after a reload (viewed is stored per viewer).
  await a.page.goto('/feed')
  await expect(a.page.getByRole('link', { name: `${b.username}, story seen` }).locator('[data-ring]')).toHaveAttribute('data-ring', 'viewed')
  await a.page.reload()
  await expect(a.page.getByRole('link', { name: `${b.username}, story seen` })).toBeVisible()

  // A second story: the ring is colourful again and the viewer opens at the unseen one, one bar per story.
  await b.page.request.post('/api/stories', { multipart: { file: { name: 'story.png', mimeType: 'image/png', buffer: await storyPicture() } } })
  await a.page.goto('/feed')
  await a.page.getByRole('link', { name: `${b.username}, new story` }).click()
  await expect(a.page.getByRole('progressbar')).toHaveCount(2)
  expect(await progressOf(a.page, 1)).toBe(100)
  // Tap left: the previous story; tap right: the next; tap left on the first: /feed.
  await surface.click({ position: { x: 20, y: box.height / 2 } })
  await expect.poll(() => progressOf(a.page, 1)).toBeLessThan(100)
  expect(await progressOf(a.page, 2)).toBe(0)
  await surface.click({ position: { x: box.width - 20, y: box.height / 2 } })
  await expect.poll(() => progressOf(a.page, 1)).toBe(100)
  await surface.click({ position: { x: 20, y: box.height / 2 } })
  await expect.poll(() => progressOf(a.page, 1)).toBeLessThan(100)
  await surface.click({ position: { x: 20, y: box.height / 2 } })
  await expect(a.page).toHaveURL(/\/feed$/)
  // Send Message goes to /messages.
  await a.page.goto(`/story/${b.username}`)
  await a.page.getByRole('button', { name: SM.sendMessage }).click()
  await expect(a.page).toHaveURL(/\/messages$/)
  // An unknown user goes to /feed.
  await a.page.goto('/story/no_such_person_here')
  await expect(a.page).toHaveURL(/\/feed$/)

  // A messages B -> it appears in B's open conversation within 1 s, without a reload.
  await b.page.goto(`/messages/${a.username}`)
  await expect(b.page.getByText(SM.sayHello)).toBeVisible()
  await a.page.goto(`/messages/${b.username}`)
  await a.page.getByLabel('Message', { exact: true }).fill('Loved your story!')
  await a.page.keyboard.press('Enter')
  await expect(b.page.getByText('Loved your story!')).toBeVisible({ timeout: 1000 })

  // ...and in B's feed header as an unread count, live; B's list shows it, filterable.
  await b.page.goto('/feed')
  await a.page.getByLabel('Message', { exact: true }).fill('Are you going to the show?')
  await a.page.keyboard.press('Enter')
  await expect(b.page.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible()
  await b.page.getByRole('link', { name: 'Messages, 1 unread' }).click()
  await expect(b.page.getByRole('list', { name: 'Conversations' }).getByText(a.username)).toBeVisible()
  await b.page.getByLabel('Search conversations').fill('THE SHOW')
  await expect(b.page.getByRole('list', { name: 'Conversations' }).getByText(a.username)).toBeVisible()
  await b.page.getByLabel('Search conversations').fill('nothing like this')
  await expect(b.page.getByText(SM.noConversationMatches)).toBeVisible()

  // Search finds B by part of the username and a product by a word of its name.
  await a.page.goto('/search')
  await expect(a.page.getByText(SM.searchResultsHint)).toBeVisible()
  await a.page.getByPlaceholder(SM.searchPlaceholder).fill(b.username.slice(2, 9))
  await expect(a.page.getByRole('region', { name: SM.people }).getByRole('link', { name: b.username })).toBeVisible()
  const product = ((await (await a.page.request.get('/api/products?limit=1')).json()) as { items: { name: string }[] }).items[0]!
  const word = product.name.split(' ').find((w) => w.length >= 4)!
  await a.page.getByPlaceholder(SM.searchPlaceholder).fill(word.toLowerCase())
  await expect(a.page.getByRole('region', { name: SM.products }).getByText(product.name).first()).toBeVisible()
  await Promise.all([a.close(), b.close()])
})

test('message someone: from their profile, and by finding them with New message on /messages', async ({ browser }) => {
  const a = await person(browser)
  const b = await person(browser)

  await a.page.goto(`/u/${b.username}`)
  await a.page.getByRole('button', { name: SM.message, exact: true }).click()
  await expect(a.page).toHaveURL(new RegExp(`/messages/${b.username}$`))
  await a.page.getByLabel('Message', { exact: true }).fill('Hi from your profile')
  await a.page.keyboard.press('Enter')
  await expect(a.page.getByText('Hi from your profile')).toBeVisible()

  await b.page.goto('/messages')
  await b.page.getByRole('button', { name: SM.newMessage }).click()
  const sheet = b.page.getByRole('dialog', { name: SM.newMessage })
  await sheet.getByLabel(SM.findPerson).fill(a.username)
  await sheet.getByRole('link', { name: new RegExp(a.username) }).click()
  await expect(b.page).toHaveURL(new RegExp(`/messages/${a.username}$`))
  await expect(b.page.getByText('Hi from your profile')).toBeVisible()
  await Promise.all([a.close(), b.close()])
})

test('live: a comment and a reaction reach every viewer; Request hides the banner; Close goes to /feed', async ({ browser }) => {
  const a = await person(browser)
  const b = await person(browser)
  await a.page.goto('/live')
  await b.page.goto('/live')
  await expect(a.page.getByText(SM.live, { exact: true })).toBeVisible()
  await expect(a.page.getByLabel('2 watching')).toBeVisible()
  await b.page.getByLabel('Comment', { exact: true }).fill('Gorgeous colour')
  await b.page.keyboard.press('Enter')
  for (const page of [a.page, b.page]) await expect(page.getByRole('list', { name: 'Live comments' }).getByText('Gorgeous colour')).toBeVisible()
  await a.page.getByRole('button', { name: 'React ❤️' }).click()
  await expect(b.page.getByTestId('floating-emoji')).toHaveCount(1)
  // Emoji float for 3 s.
  await expect(b.page.getByTestId('floating-emoji')).toHaveCount(0, { timeout: 4500 })
  await a.page.getByRole('button', { name: SM.request, exact: true }).click()
  await expect(a.page.getByRole('region', { name: SM.requestToJoin })).toHaveCount(0)
  await a.page.getByRole('button', { name: 'Close' }).click()
  await expect(a.page).toHaveURL(/\/feed$/)
  await Promise.all([a.close(), b.close()])
})

test('live reactions draw with the shipped emoji font, loaded only on /live and only its reaction subset', async ({ page }) => {
  const fonts: string[] = []
  page.on('request', (req) => {
    if (/noto-color-emoji/.test(req.url())) fonts.push(req.url())
  })
  await registerAndVerify(page)
  await page.goto('/feed')
  await expect(page.getByRole('article').first()).toBeVisible()
  expect(fonts).toEqual([])
  await page.goto('/live')
  await expect(page.getByRole('button', { name: 'React 🔥' })).toBeVisible()
  expect(await page.evaluate(async () => (await document.fonts.load('24px "Drape Emoji"', '🔥')).length)).toBe(1)
  expect(fonts).toHaveLength(1)
  expect(fonts[0]).toMatch(/noto-color-emoji-9-400-normal[^/]*\.woff$/)
  // The glyph is really drawn in colour (an orange-red flame), not an empty box.
  const colouredPixels = await page.evaluate(() => {
    const canvas = document.createElement('canvas')
    canvas.width = canvas.height = 48
    const ctx = canvas.getContext('2d')!
    ctx.font = '40px "Drape Emoji"'
    ctx.fillText('🔥', 2, 42)
    const { data } = ctx.getImageData(0, 0, 48, 48)
    let n = 0
    for (let i = 0; i < data.length; i += 4) if (data[i + 3]! > 200 && data[i]! > 180 && data[i + 2]! < 120) n++
    return n
  })
  expect(colouredPixels).toBeGreaterThan(50)
})

test('video player counts seconds while playing and pauses', async ({ page }) => {
  await registerAndVerify(page)
  await page.clock.install()
  await page.goto('/video/1')
  await page.clock.runFor(3000)
  await expect(page.getByTestId('video-time')).toHaveText('0:03 / 8:31')
  await page.getByRole('button', { name: SM.pause }).click()
  await page.clock.runFor(5000)
  await expect(page.getByTestId('video-time')).toHaveText('0:03 / 8:31')
  await page.getByRole('button', { name: SM.play }).click()
  await page.clock.runFor(600_000)
  await expect(page.getByTestId('video-time')).toHaveText('8:31 / 8:31')
  await page.getByRole('button', { name: 'Close' }).click()
  await expect(page).toHaveURL(/\/feed$/)
})
