// Issue #13: Lighthouse 12 (mobile preset) on the main routes of the production build with demo
// data, signed in where the route needs it. Each route runs LH_RUNS times (default 3) and the
// median of each figure is printed: `route perf N a11y N LCP X s`. Run after `npm run build`.
// LH_VERBOSE=1 adds FCP, TBT, CLS and the audits that cost points; LH_JSON_DIR=<dir> keeps each report;
// LH_ROUTES=/login,/feed runs only those.
import fs from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { DEMO } from '../tests/e2e/support'
import { percentile, startServer, tmpDir } from './lib'

const RUNS = Number(process.env.LH_RUNS ?? 3)
const PORT = Number(process.env.LH_PORT ?? 4390)
const VERBOSE = process.env.LH_VERBOSE === '1'
const only = process.env.LH_ROUTES?.split(',')
const JSON_DIR = process.env.LH_JSON_DIR

if (!fs.existsSync('dist/web/index.html')) throw new Error('no production build: run `npm run build` first')

const server = await startServer({ port: PORT, dataDir: tmpDir('drape-lh-'), env: { RATE_LIMIT: 'false', SEED_DEMO: 'true' } })
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})

try {
  const cookie = await signIn()
  const product = (await (await fetch(`${server.url}/api/products?limit=1`)).json()) as { items: { id: string }[] }
  const routes: [path: string, signedIn: boolean][] = [
    ['/login', false],
    ['/register', false],
    ['/feed', true],
    ['/marketplace', false],
    [`/product/${product.items[0]!.id}`, false],
    ['/cart', true],
    ['/profile', true],
    ['/style-studio-generate', true],
  ]
  for (const [route, signedIn] of routes) {
    if (only && !only.some((r) => route.startsWith(r))) continue
    const runs: Result[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await audit(`${server.url}${route}`, signedIn ? cookie : undefined))
    report(route.startsWith('/product/') ? '/product/:id' : route, runs)
  }
} finally {
  chrome.kill()
  await server.stop()
}

async function signIn() {
  const res = await fetch(`${server.url}/api/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify(DEMO),
  })
  if (!res.ok) throw new Error(`demo sign-in failed: ${res.status}`)
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
}

async function audit(url: string, cookie: string | undefined) {
  // Lighthouse clears the origin's storage (cookies too) before loading, so the session goes in a header.
  const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], ...(cookie ? { extraHeaders: { cookie } } : {}) }
  let lhr: Result | undefined
  // A trace now and then comes back unusable (NO_NAVSTART and the like): that run is repeated.
  for (let attempt = 1; !lhr; attempt++) {
    const result = (await lighthouse(url, flags))?.lhr
    if (!result) throw new Error(`no Lighthouse result for ${url}`)
    if (!result.runtimeError) lhr = result
    else if (attempt === 3) throw new Error(`${url}: ${result.runtimeError.message}`)
  }
  if (JSON_DIR) fs.writeFileSync(`${JSON_DIR}/${new URL(url).pathname.split('/')[1]}-${Date.now()}.json`, JSON.stringify(lhr))
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`${url} ended on ${lhr.finalDisplayedUrl} (signed out?)`)
  return lhr
}

function report(route: string, runs: Result[]) {
  const median = (pick: (r: Result) => number) => percentile(runs.map(pick), 50)
  const score = (id: string) => median((r) => Math.round((r.categories[id]?.score ?? 0) * 100))
  const metric = (id: string) => median((r) => r.audits[id]?.numericValue ?? NaN)
  console.log(`${route} perf ${score('performance')} a11y ${score('accessibility')} LCP ${(metric('largest-contentful-paint') / 1000).toFixed(1)} s`)
  if (!VERBOSE) return
  console.log(`  FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s, TBT ${Math.round(metric('total-blocking-time'))} ms, CLS ${metric('cumulative-layout-shift').toFixed(3)}, SI ${(metric('speed-index') / 1000).toFixed(2)} s; perf runs ${runs.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100)).join(', ')}`)
  const last = runs[runs.length - 1]!
  for (const audit of Object.values(last.audits)) {
    const failed = audit.score !== null && audit.score < 0.9 && audit.scoreDisplayMode !== 'informative' && audit.scoreDisplayMode !== 'manual' && audit.scoreDisplayMode !== 'notApplicable'
    if (failed) console.log(`  - ${audit.id}: ${audit.displayValue ?? ''} ${audit.title}`)
  }
}
