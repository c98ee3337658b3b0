import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'shopify-products.csv')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'drape-import-cli-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'scripts/catalogue-import.ts', ...args], {
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'warn', DATABASE_URL: '' },
    timeout: 120_000,
  })

describe('npm run catalogue:import', () => {
  it('prints the report of a dry run', async () => {
    fs.mkdirSync(path.join(dir, 'images'))
    // No network in tests: the fixture's one URL image becomes a local file.
    fs.writeFileSync(path.join(dir, 'products.csv'), fs.readFileSync(FIXTURE, 'utf8').replace('https://cdn.example.com/files/slip-back.jpg', 'images/slip.webp'))
    const jpeg = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#9caf88' } }).jpeg().toBuffer()
    for (const name of ['wrap-sage.jpg', 'wrap-navy.png', 'wrap-back.png', 'slip.webp', 'tee.jpg']) fs.writeFileSync(path.join(dir, 'images', name), jpeg)
    const run = cli(path.join(dir, 'products.csv'), '--dry-run')
    expect(run.status, run.stderr).toBe(0)
    expect(run.stdout).toContain('products: 4 to create, 0 to update, 0 unchanged, 0 to archive, 2 skipped')
    expect(run.stdout).toContain('line 15 (cotton-tee-dress), Option2 Value: Size "38" is not one of XXS, XS, S, M, L, XL, XXL')
  }, 120_000)

  it('says what is wrong with its arguments', () => {
    const missing = cli(path.join(dir, 'nowhere.csv'))
    expect(missing.status).toBe(1)
    expect(missing.stderr).toContain('No such file')
    expect(cli().status).toBe(2)
  })
})
