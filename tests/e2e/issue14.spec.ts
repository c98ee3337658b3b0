import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { FM } from '../../src/shared/posts/messages'
import { MAX_LIBRARY_PHOTOS } from '../../src/shared/posts/schemas'
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
})
