import fs from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { RouteScreen } from '../../src/server/http/web-build'
import { DEMO, signIn } from './support'

// Every route of the route table (as the build recorded it), signed out and signed in: axe finds
// no serious or critical WCAG 2.1 A/AA violation, and a signed-out visitor logs no console error.
const webRoot = path.resolve(process.env.WEB_ROOT ?? 'dist/web')
const table = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite/routes.json'), 'utf8')) as RouteScreen[]
const routes = ['/', ...table.map((r) => r.path)]

/** A concrete path for a route pattern, with ids from the demo data. */
async function concrete(page: Page, pattern: string) {
  const first = async (api: string, list: string) => ((await (await page.request.get(api)).json()) as Record<string, { id: string }[]>)[list]?.[0]?.id
  const samples: Record<string, () => Promise<string | undefined>> = {
    ':productId': () => first('/api/products?limit=1', 'items'),
    ':orderId': () => first('/api/orders', 'items'),
    ':postId': () => first('/api/feed', 'items'),
    ':id': async () => (pattern.startsWith('/video/') ? '1' : first('/api/addresses', 'items')),
    ':username': async () => 'milo',
    ':handle': async () => 'milo',
    ':userId': async () => 'milo',
    '*': async () => 'no/such/page',
  }
  const parts = await Promise.all(
    pattern.split('/').map(async (seg) => {
      if (!seg.startsWith(':') && seg !== '*') return seg
      const sample = samples[seg]
      if (!sample) throw new Error(`no sample value for ${seg} in ${pattern}: add one to a11y.spec.ts`)
      return (await sample()) ?? 'unknown'
    }),
  )
  return parts.join('/') || '/'
}

/** Waits until the screen has drawn and its loading placeholders are gone (bounded: some shimmer on purpose). */
async function settle(page: Page) {
  await expect(page.locator('main').first()).toBeVisible()
  await page.waitForFunction(() => !document.querySelector('.animate-shimmer, [aria-busy="true"]'), null, { timeout: 5_000 }).catch(() => {})
}

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`)
}

test('signed out: every route is axe-clean and logs no console error', async ({ page }) => {
  test.setTimeout(routes.length * 10_000)
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()} (${m.location().url})`)
  })
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`))
  const found: string[] = []
  for (const pattern of routes) {
    await page.goto(await concrete(page, pattern))
    await settle(page)
    found.push(...(await seriousViolations(page)).map((v) => `${pattern} → ${page.url()}: ${v}`))
  }
  expect(found).toEqual([])
  expect(errors).toEqual([])
})

async function signedInViolations(page: Page) {
  await signIn(page, DEMO.email, DEMO.password)
  const found: string[] = []
  for (const pattern of routes) {
    await page.goto(await concrete(page, pattern))
    await settle(page)
    found.push(...(await seriousViolations(page)).map((v) => `${pattern}: ${v}`))
  }
  return found
}

test('signed in: every route is axe-clean', async ({ page }) => {
  test.setTimeout(routes.length * 15_000)
  expect(await signedInViolations(page)).toEqual([])
})

test.describe('in dark mode', () => {
  test.use({ colorScheme: 'dark' })
  test('signed in: every route is axe-clean (contrast on the dark surfaces too)', async ({ page }) => {
    test.setTimeout(routes.length * 15_000)
    expect(await signedInViolations(page)).toEqual([])
  })
})
