import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { E2E_MAILBOX_KEY } from './mailbox-key'

export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`

/** The newest mailed link to `to` that contains `contains`, read from the dev mailbox API. */
export async function mailedLink(request: APIRequestContext, to: string, contains: string) {
  let link: string | undefined
  await expect
    .poll(async () => {
      const mails = (await (await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}&key=${E2E_MAILBOX_KEY}`)).json()) as { links: string[] }[]
      link = mails.flatMap((m) => m.links).find((l) => l.includes(contains))
      return Boolean(link)
    })
    .toBe(true)
  return link!
}

/** Registers through the UI, follows the mailed link and lands on /feed signed in. */
export async function registerAndVerify(page: Page, email = uniqueEmail(), password = 'correct-horse-1') {
  await page.goto('/register')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm password').fill(password)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page).toHaveURL(/\/verify-email\?email=/)
  const link = await mailedLink(page.request, email, 'verify-email')
  await page.goto(link)
  await expect(page).toHaveURL(/\/feed$/)
  return { email, password }
}

/** Signs in through the login screen. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/feed$/)
}

export const DEMO = { email: 'ava@drape.app', password: 'drape-demo-1' }

/** Fills the address fields (checkout shipping or the address form) by their labels. */
export async function fillAddress(page: Page, a: { lastName: string; country: string; streetName: string; city: string; zipCode: string; phoneNumber: string }) {
  await page.getByLabel('Last name').fill(a.lastName)
  await page.getByLabel('Country').fill(a.country)
  await page.getByLabel('Street name').fill(a.streetName)
  await page.getByLabel('City').fill(a.city)
  await page.getByLabel('Zip code').fill(a.zipCode)
  await page.getByLabel('Phone number').fill(a.phoneNumber)
}

/** Holds back the requests to `url` until the returned function is called (what a slow network does). */
export async function holdRequests(page: Page, url: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await released
    await route.continue()
  })
  return release
}

