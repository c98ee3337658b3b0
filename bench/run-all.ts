// Runs every benchmark script in bench/ (except helpers) one after the other.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'

const scripts = fs
  .readdirSync('bench')
  .filter((f) => f.endsWith('.ts') && !['lib.ts', 'run-all.ts'].includes(f) && !f.startsWith('_'))
  .sort()
for (const s of scripts) {
  console.log(`\n# bench/${s}`)
  spawnSync(process.execPath, ['--import', 'tsx', `bench/${s}`], { stdio: 'inherit' })
}
