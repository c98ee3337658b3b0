import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { SKIP_REASON, hasFixtures } from './test-fixtures'

/** Whether this machine lets us make a user and network namespace (containers may not). */
const canUnshare = spawnSync('unshare', ['-rn', 'true']).status === 0
if (!canUnshare) console.warn('unshare -rn is not available here: skipping the offline engine test')
if (!hasFixtures) console.warn(SKIP_REASON)

describe.skipIf(!canUnshare || !hasFixtures)('local engine offline', () => {
  it('loads its models and makes a try-on with the network switched off, opening no socket', () => {
    const probe = fileURLToPath(new URL('./offline-probe.ts', import.meta.url))
    const run = spawnSync('unshare', ['-rn', process.execPath, '--import', 'tsx', probe], {
      encoding: 'utf8',
      env: process.env,
      timeout: 280_000,
    })
    expect(run.status, run.stderr).toBe(0)
    const result = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as { images: number; bytes: number; attempts: string[] }
    expect(result.images).toBe(1)
    expect(result.bytes).toBeGreaterThan(1000)
    expect(result.attempts).toEqual([])
  }, 300_000)
})
