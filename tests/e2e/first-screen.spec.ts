import { expect, test, type Page } from '@playwright/test'
import type { ProductCard, ProductDetail } from '../../src/shared/marketplace/schemas'
import { DEMO } from './support'

// Issue #13: the first screen's data comes with the HTML (no API request before the first paint)
// and its largest image is preloaded from the head with the same srcset and sizes as the <img>,
// so it is fetched once, beside the scripts.

/** The API and image requests the page makes while `go` runs. */
async function requestsDuring(page: Page, go: () => Promise<unknown>) {
  const urls: string[] = []
  const record = (req: { url: () => string }) => urls.push(new URL(req.url()).pathname + new URL(req.url()).search)
  page.on('request', record)
  await go()
  page.off('request', record)
  return urls
}

const firstScreenKeys = (html: string) => Object.keys(JSON.parse(/<script type="application\/json" id="drape-first-screen">(.*?)<\/script>/.exec(html)![1]!) as object)

test('/marketplace draws its first products from the HTML and fetches the largest image once, first', async ({ page }) => {
  const html = await (await page.request.get('/marketplace')).text()
  expect(firstScreenKeys(html)).toEqual(['/api/products'])
  const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)" imagesrcset="[^"]+" imagesizes="[^"]+">/.exec(html)
  expect(preload).not.toBeNull()
  const productImages = preload![1]!.replace(/\d+\.webp$/, '')

  const requests = await requestsDuring(page, async () => {
    await page.goto('/marketplace')
    await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
  })
  expect(requests.filter((u) => u.startsWith('/api/products'))).toEqual([])
  // The preload's choice from the srcset is the <img>'s: one download of the first image.
  expect(requests.filter((u) => u.startsWith(productImages))).toHaveLength(1)

  const images = page.getByRole('region', { name: 'Products' }).locator('img')
  await expect(images.first()).toHaveAttribute('fetchpriority', 'high')
  await expect(images.first()).toHaveAttribute('loading', 'eager')
  await expect(images.nth(1)).toHaveAttribute('loading', 'eager')
  await expect(images.nth(2)).toHaveAttribute('loading', 'lazy')
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1)
})

test('/login lists the social sign-in buttons with the form and takes their state from the HTML', async ({ page }) => {
  const html = await (await page.request.get('/login')).text()
  expect(firstScreenKeys(html)).toEqual(['/api/account/providers'])

  const requests = await requestsDuring(page, async () => {
    await page.goto('/login')
    // The title is set once the answer is known (the demo server configures no provider).
    await expect(page.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('title', 'Google sign-in is not configured')
    await page.waitForLoadState('networkidle')
  })
  expect(requests.filter((u) => u.startsWith('/api/account/providers'))).toEqual([])
})

test("/feed draws the signed-in user's posts and stories from the HTML", async ({ page, baseURL }) => {
  // Signed in through the API: the login screen's own navigation to /feed would fetch the feed.
  expect((await page.request.post('/api/account/login', { data: DEMO, headers: { origin: baseURL! } })).ok()).toBe(true)
  const html = await (await page.request.get('/feed')).text()
  expect(firstScreenKeys(html)).toEqual(['/api/feed?limit=10', '/api/stories'])

  const requests = await requestsDuring(page, async () => {
    await page.goto('/feed')
    await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first()).toBeVisible()
  })
  expect(requests.filter((u) => u === '/api/feed?limit=10' || u === '/api/stories')).toEqual([])
  await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1)
  await expect(page.getByRole('feed', { name: 'Posts' }).getByRole('article').first().locator('img[fetchpriority="high"]')).toHaveAttribute('loading', 'eager')
})

test("/product preloads the picture of the colour its address asks for, the one its <img> shows", async ({ page }) => {
  const { items } = (await (await page.request.get('/api/products?limit=24')).json()) as { items: ProductCard[] }
  const card = items.find((i) => i.colors.length > 1)
  expect(card).toBeDefined()
  const product = (await (await page.request.get(`/api/products/${card!.id}`)).json()) as ProductDetail
  const second = product.colors[1]!.name
  const url = `/product/${product.id}?color=${encodeURIComponent(second)}`
  const secondImages = product.colorImages[second]!.replace(/\d+\.webp$/, '')

  const html = await (await page.request.get(url)).text()
  const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)"/.exec(html)
  expect(preload?.[1]).toContain(secondImages)

  const requests = await requestsDuring(page, async () => {
    await page.goto(url)
    await expect(page.getByRole('img', { name: `${product.name} in ${second}` })).toHaveAttribute('fetchpriority', 'high')
    await page.waitForLoadState('networkidle')
  })
  expect(requests.filter((u) => u === `/api/products/${product.id}`)).toEqual([])
  expect(requests.filter((u) => u.startsWith(secondImages))).toHaveLength(1)
})

test('/profile draws the profile and its first posts from the HTML and preloads the first tile, the one its <img> shows', async ({ page, baseURL }) => {
  expect((await page.request.post('/api/account/login', { data: DEMO, headers: { origin: baseURL! } })).ok()).toBe(true)
  const html = await (await page.request.get('/profile')).text()
  const [profileKey, postsKey] = firstScreenKeys(html)
  expect(profileKey).toBe('/api/profile')
  expect(postsKey).toMatch(/^\/api\/profiles\/[\w.]+\/posts\?limit=10$/)
  const preload = /<link rel="preload" as="image" fetchpriority="high" href="([^"]+)">/.exec(html)
  expect(preload).not.toBeNull()

  const requests = await requestsDuring(page, async () => {
    await page.goto('/profile')
    await expect(page.getByRole('list', { name: 'Posts grid' }).locator('img').first()).toBeVisible()
    await page.waitForLoadState('networkidle')
  })
  expect(requests.filter((u) => u === profileKey || u === postsKey)).toEqual([])
  const first = page.getByRole('list', { name: 'Posts grid' }).locator('img').first()
  await expect(first).toHaveAttribute('src', preload![1]!)
  await expect(first).toHaveAttribute('fetchpriority', 'high')
  expect(requests.filter((u) => u === preload![1])).toHaveLength(1)
})
