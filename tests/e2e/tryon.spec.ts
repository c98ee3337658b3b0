import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import sharp from 'sharp'
import { T } from '../../src/shared/tryon/messages'
import { DEFAULT_POST_CAPTION } from '../../src/shared/tryon/schemas'
import { startFakeRunware, type FakeRunware } from '../../src/server/tryon/engines/runware/fake-server'
import { E2E_MAILBOX_KEY } from './mailbox-key'
import { registerAndVerify } from './support'

// This spec runs its own app server with TRYON_ENGINE=runware pointed at a fake Runware API on loopback.
const PORT = Number(process.env.E2E_PORT ?? 4173) + 1
const BASE = `http://localhost:${PORT}`
const KEY = 'e2e-runware-key'
const FIXTURES = path.resolve('../shared/fixtures/tryon')
const SHOTS = process.env.TRYON_SHOTS_DIR

let fake: FakeRunware
let server: ChildProcess
let dataDir: string

test.use({ baseURL: BASE })
test.describe.configure({ mode: 'serial' })

async function photo(kind: 'persons' | 'garments', name: string, color: string) {
  const file = path.join(FIXTURES, kind, name)
  if (fs.existsSync(file)) return { name, mimeType: 'image/jpeg', buffer: fs.readFileSync(file) }
  return { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer: await sharp({ create: { width: 600, height: 800, channels: 3, background: color } }).jpeg().toBuffer() }
}

test.beforeAll(async () => {
  test.setTimeout(150_000)
  fake = await startFakeRunware({ apiKey: KEY, delayMs: 2500 })
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-e2e-tryon-'))
  server = spawn('node', ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, PUBLIC_URL: BASE, LOG_LEVEL: 'warn', RATE_LIMIT: 'false', DEV_MAILBOX_KEY: E2E_MAILBOX_KEY, SEED_DEMO: 'true', TRYON_ENGINE: 'runware', RUNWARE_API_KEY: KEY, RUNWARE_URL: fake.url },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  await expect.poll(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.status, { timeout: 120_000, intervals: [500] }).toBe(200)
})

test.afterAll(async () => {
  server?.kill('SIGTERM')
  await fake?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const shot = (page: Page, name: string) => (SHOTS ? page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true }) : Promise.resolve())

test('setup, try on, watch it live, save, post to the feed, delete, history and export', async ({ page }) => {
  test.setTimeout(120_000)
  await registerAndVerify(page)

  // Settings: invalid JSON is refused; saved settings travel with the next request.
  await page.goto('/style-studio-setup')
  await expect(page.getByRole('heading', { name: T.setupTitle })).toBeVisible()
  await expect(page.getByText(T.noGenerations)).toBeVisible()
  await page.getByLabel('Model').selectOption('bfl:3@1')
  await page.getByLabel('Output format').selectOption('PNG')
  const json = page.getByLabel(/JSON payload/)
  await expect(json).toHaveValue(/"model": "bfl:3@1"/)
  await json.fill('{ "steps": 30,')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText(T.invalidJson).first()).toBeVisible()
  await page.getByRole('button', { name: T.resetToGenerated }).click()
  await expect(page.getByText(T.jsonReset)).toBeVisible()
  await json.fill('{ "CFGScale": 3.5 }')
  await page.getByRole('button', { name: 'Save settings' }).click()
  await expect(page.getByText(T.settingsSaved)).toBeVisible()
  await shot(page, 'setup')

  // Generator: both photos, start, live status, result.
  await page.goto('/style-studio-generate')
  const startButton = page.getByRole('button', { name: T.startTryOn })
  await expect(startButton).toBeDisabled()
  await page.getByLabel('Upload base photo').setInputFiles(await photo('persons', '00055_00.jpg', '#c9a27e'))
  await page.getByLabel('Upload product photo').setInputFiles(await photo('garments', '00126_00.jpg', '#2244aa'))
  await shot(page, 'generate-ready')
  await startButton.click()
  await expect(page.getByText(T.photoUploaded, { exact: true })).toBeVisible()
  await expect(page.getByText(T.tryOnStarted, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: T.processing })).toBeVisible({ timeout: 10_000 })
  await shot(page, 'generate-processing')
  const result = page.getByRole('img', { name: 'Your virtual try-on result' })
  await expect(result).toBeVisible({ timeout: 30_000 })
  await shot(page, 'generate-result')

  const task = fake.tasks.at(-1)!
  expect(task).toMatchObject({ model: 'bfl:3@1', outputFormat: 'PNG', width: 1024, height: 1024, CFGScale: 3.5, numberResults: 1 })
  expect(task.referenceImages).toHaveLength(2)

  await page.getByRole('button', { name: 'Enlarge result' }).click()
  await expect(page.getByRole('img', { name: /enlarged/ })).toBeVisible()
  await page.getByRole('button', { name: 'Close', exact: true }).click()

  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(T.resultSaved)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Saved results' }).getByRole('listitem')).toHaveCount(1)
  await page.getByRole('button', { name: 'Post to Feed' }).click()
  await expect(page.getByText(T.posted)).toBeVisible()

  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByText(T.tryOnReset)).toBeVisible()
  await expect(page.getByRole('button', { name: T.startTryOn })).toBeDisabled()
  await page.getByRole('button', { name: 'Delete saved result' }).click()
  await expect(page.getByText(T.resultDeleted)).toBeVisible()
  await expect(page.getByRole('list', { name: 'Saved results' })).toHaveCount(0)

  await page.goto('/feed')
  await expect(page.getByText(DEFAULT_POST_CAPTION).first()).toBeVisible()

  // History: my generation, succeeded.
  await page.goto('/style-studio-setup')
  await expect(page.getByRole('cell', { name: 'succeeded' })).toBeVisible()
  await expect(page.getByRole('cell', { name: /^[A-Z][a-z]{2} \d{2}, \d{2}:\d{2}$/ })).toBeVisible()

  // Hub: the generation and the photo are there.
  await page.goto('/style-studio')
  await expect(page.getByRole('list', { name: 'Recent generations' }).getByRole('listitem')).toHaveCount(1)
  await shot(page, 'hub')
  await page.getByRole('tab', { name: 'Pictures' }).click()
  await expect(page.getByRole('list', { name: 'Your photos' }).getByRole('listitem')).toHaveCount(1)

  // Export: my own data, version 3.0.0, no image URLs.
  await page.goto('/export')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export my data' }).click()
  const file = await (await download).path()
  const text = fs.readFileSync(file, 'utf8')
  const data = JSON.parse(text) as { version: string; posts: unknown[]; generations: unknown[] }
  expect(data.version).toBe('3.0.0')
  expect(data.posts).toHaveLength(1)
  expect(data.generations).toHaveLength(1)
  expect(text).not.toMatch(/\/api\/files\/|imageUrl|image_url/)
})

test('the start button needs both photos, and a failing engine shows its message', async ({ page }) => {
  test.setTimeout(90_000)
  await registerAndVerify(page)
  await page.goto('/style-studio-generate')
  await expect(page.getByText(T.noPhotosYet).first()).toBeVisible()
  await page.getByLabel('Upload base photo').setInputFiles(await photo('persons', '00034_00.jpg', '#a08060'))
  await expect(page.getByRole('button', { name: T.startTryOn })).toBeDisabled()
  await page.getByLabel('Upload product photo').setInputFiles(await photo('garments', '00055_00.jpg', '#aa2244'))
  fake.failNext('Content moderation: image rejected')
  await page.getByRole('button', { name: T.startTryOn }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Content moderation: image rejected' })).toBeVisible({ timeout: 30_000 })
  await shot(page, 'generate-failed')
})

test("a product page's Try it on hands the product to the generator as the garment", async ({ page }) => {
  test.setTimeout(90_000)
  await registerAndVerify(page)
  const { items } = (await (await page.request.get('/api/products?limit=1')).json()) as { items: { id: string }[] }
  await page.goto(`/product/${items[0]!.id}`)
  await page.getByRole('button', { name: 'Try it on' }).click()
  await expect(page).toHaveURL(/\/style-studio-generate$/)
  await expect(page.getByRole('img', { name: 'Selected look' })).toBeVisible()
  await page.getByLabel('Upload base photo').setInputFiles(await photo('persons', '01008_00.jpg', '#b09070'))
  await page.getByRole('button', { name: T.startTryOn }).click()
  await expect(page.getByRole('img', { name: 'Your virtual try-on result' })).toBeVisible({ timeout: 30_000 })
  const [generation] = (await (await page.request.get('/api/tryon/generations?limit=1')).json()) as { productId: string; garmentUrl: string }[]
  expect(generation!.productId).toBe(items[0]!.id)
  expect(generation!.garmentUrl).toMatch(new RegExp(`^/api/files/products/${items[0]!.id}/`))
})
