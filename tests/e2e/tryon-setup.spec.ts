import { expect, test } from '@playwright/test'
import { T } from '../../src/shared/tryon/messages'
import { registerAndVerify } from './support'

// The default e2e server runs the local engine (tryon.spec.ts runs its own server with Runware).
test('Setup says which engine runs, shows the Runware settings as such, and fits a phone', async ({ page }) => {
  await registerAndVerify(page)
  await page.goto('/style-studio-setup')
  await expect(page.getByTestId('engine-name')).toHaveText('Local')
  await expect(page.getByText(T.engineLocal)).toBeVisible()
  await expect(page.getByRole('heading', { name: T.runwareSettingsHeading })).toBeVisible()
  await expect(page.getByLabel('Prompt template')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
