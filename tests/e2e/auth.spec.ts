import { expect, test } from '@playwright/test'
import { M } from '../../src/shared/messages'
import { DEMO, mailedLink, registerAndVerify, signIn, uniqueEmail } from './support'

test('register, verify by mail, land on /feed, sign out, sign in again', async ({ page }) => {
  const { email, password } = await registerAndVerify(page)
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/feed')
  await expect(page).toHaveURL(/\/login\?redirect=%2Ffeed/)
  await signIn(page, email, password)
})

test('sign-up validation messages', async ({ page }) => {
  await page.goto('/register')
  const submit = page.getByRole('button', { name: 'Create account' })
  await submit.click()
  await expect(page.getByText(M.enterEmailAndPassword)).toBeVisible()
  await page.getByLabel('Email').fill(uniqueEmail())
  await page.getByLabel('Password', { exact: true }).fill('short')
  await submit.click()
  await expect(page.getByText(M.passwordTooShort)).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill('long-enough')
  await page.getByLabel('Confirm password').fill('different!')
  await submit.click()
  await expect(page.getByText(M.passwordsDoNotMatch)).toBeVisible()
})

test('an existing verified account: signing up again says it exists', async ({ page }) => {
  await page.goto('/register')
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel('Password', { exact: true }).fill('whatever-1')
  await page.getByLabel('Confirm password').fill('whatever-1')
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText(M.accountExists)).toBeVisible()
})

test('login errors: wrong password and unverified e-mail', async ({ page }) => {
  await page.goto('/login')
  const submit = page.getByRole('button', { name: 'Log in' })
  await expect(submit).toBeDisabled()
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel('Password').fill('not-the-password')
  await submit.click()
  await expect(page.getByText(M.invalidCredentials)).toBeVisible()

  const email = uniqueEmail('unverified')
  await page.request.post('/api/account/register', { data: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill('abcdefgh')
  await submit.click()
  await expect(page.getByText(M.emailNotConfirmed)).toBeVisible()
})

test('verify-email screen: resend messages', async ({ page }) => {
  const email = uniqueEmail('resend')
  await page.request.post('/api/account/register', { data: { email, password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
  await page.goto(`/verify-email?email=${encodeURIComponent(email)}`)
  await expect(page.getByText(email).first()).toBeVisible()
  await page.getByRole('button', { name: M.resendVerification }).click()
  await expect(page.getByText(M.verificationSent)).toBeVisible()
  await page.getByLabel('Email').fill('')
  await page.getByRole('button', { name: M.resendVerification }).click()
  await expect(page.getByText(M.enterYourEmail)).toBeVisible()
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByRole('button', { name: M.resendVerification }).click()
  await expect(page.getByText(M.alreadyConfirmed)).toBeVisible()
  await page.getByRole('link', { name: M.continueToLogin }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('verification callback errors', async ({ page }) => {
  await page.goto('/auth/callback?error=INVALID_TOKEN')
  await expect(page.getByRole('heading', { name: M.verificationError })).toBeVisible()
  await page.goto('/auth/callback')
  await expect(page.getByText(M.noVerificationData)).toBeVisible()
  await page.getByRole('link', { name: M.goToLogin }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('signed-out callback asks for the session a few times, not hundreds', async ({ page }) => {
  let sessionCalls = 0
  page.on('request', (req) => {
    if (new URL(req.url()).pathname === '/api/session') sessionCalls++
  })
  await page.goto('/auth/callback')
  await expect(page.getByText(M.noVerificationData)).toBeVisible()
  await page.waitForTimeout(2000)
  expect(sessionCalls).toBeLessThanOrEqual(3)
})

test('a reused verification link says so; an expired one offers a new link', async ({ page, browser }) => {
  const { email } = await registerAndVerify(page)
  const link = await mailedLink(page.request, email, 'verify-email')
  const fresh = await browser.newContext()
  const other = await fresh.newPage()
  await other.goto(link)
  await expect(other.getByText(M.verificationLinkUsed)).toBeVisible()
  await expect(other.getByRole('link', { name: M.goToLogin })).toBeVisible()
  await other.goto('/auth/callback?link=verify&error=TOKEN_EXPIRED')
  await expect(other.getByText(M.verificationLinkExpired)).toBeVisible()
  await other.getByRole('link', { name: M.sendNewLink }).click()
  await expect(other).toHaveURL(/\/verify-email$/)
  await fresh.close()
})

test('protected route redirects to login and returns after sign-in', async ({ page }) => {
  await page.goto('/my-orders')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmy-orders/)
  await page.getByLabel('Email').fill(DEMO.email)
  await page.getByLabel('Password').fill(DEMO.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/my-orders$/)
  await page.goto('/login')
  await expect(page).toHaveURL(/\/feed$/)
})

test('root sends anonymous visitors to /login; unknown paths show the 404 screen', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: M.notFound })).toBeVisible()
  await page.getByRole('link', { name: /home/i }).click()
  await expect(page).toHaveURL(/\/login$/)
})

test('forgot password: reset by mailed link, then sign in with the new password', async ({ page }) => {
  const { email } = await registerAndVerify(page)
  await page.context().clearCookies()
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot password?' }).click()
  // The login screen stays until the next one has loaded: type into the new one.
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send reset link' }).click()
  await expect(page.getByText(/reset link is on its way/)).toBeVisible()
  await page.goto(await mailedLink(page.request, email, '/reset-password'))
  await page.getByLabel('New password', { exact: true }).fill('a-new-password')
  await page.getByLabel('Confirm new password').fill('a-new-password')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Password changed')).toBeVisible()
  await signIn(page, email, 'a-new-password')
})

test('social buttons are visibly disabled when not configured', async ({ page }) => {
  await page.goto('/login')
  for (const label of ['Google', 'Apple', 'Facebook', 'X', 'Microsoft']) {
    await expect(page.getByRole('button', { name: `Continue with ${label}` })).toBeDisabled()
  }
})
