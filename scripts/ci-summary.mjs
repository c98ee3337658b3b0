// Adds up the Vitest and Playwright counts in CI logs into one closing `N passed, N failed` line,
// preceded by the names of the tests that failed or were flaky (Playwright's failOnFlakyTests
// fails the run on a flaky test, so it must be named where the end of the log is read).
// A log with no counts at all (the run broke before testing) counts as one failure.
import fs from 'node:fs'

let passed = 0
let failed = 0
let flaky = 0
let skipped = 0
const named = []
const strip = (s) => s.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue
  const text = strip(fs.readFileSync(file, 'utf8'))
  if (!/Tests\s+.*\(\d+\)|\d+ (passed|failed)/.test(text)) failed += 1
  // Vitest: a file that fails to load counts once ("Failed Suites 1"); then
  // "Tests  3 failed | 40 passed | 2 skipped (45)"; a failed test is listed as " FAIL  file > name".
  for (const m of text.matchAll(/Failed Suites (\d+)/g)) failed += Number(m[1])
  for (const m of text.matchAll(/^\s*Tests\s+(.+)\(\d+\)\s*$/gm)) {
    passed += Number(m[1].match(/(\d+) passed/)?.[1] ?? 0)
    failed += Number(m[1].match(/(\d+) failed/)?.[1] ?? 0)
    skipped += Number(m[1].match(/(\d+) skipped/)?.[1] ?? 0)
  }
  for (const m of text.matchAll(/^\s*FAIL\s+(.+)$/gm)) named.push(`${file}: failed ${m[1].trim()}`)
  // Playwright: "  12 passed (1.2m)", "  1 failed", "  2 flaky", "  1 skipped", each of the
  // failed and flaky ones followed by its tests, one per indented line.
  for (const m of text.matchAll(/^\s+(\d+) (passed|failed|flaky|skipped|did not run)(?: \(.*)?\n((?:\s{4,}\S.*\n)*)/gm)) {
    const n = Number(m[1])
    if (m[2] === 'passed') passed += n
    else if (m[2] === 'failed') failed += n
    else if (m[2] === 'flaky') flaky += n
    else skipped += n
    if (m[2] === 'failed' || m[2] === 'flaky')
      for (const line of m[3].split('\n').filter(Boolean)) named.push(`${file}: ${m[2]} ${line.trim()}`)
  }
}
for (const line of named) console.log(line)
console.log(`${passed} passed, ${failed + flaky} failed${flaky ? ` (${flaky} of them flaky)` : ''}${skipped ? `, ${skipped} skipped` : ''}`)
