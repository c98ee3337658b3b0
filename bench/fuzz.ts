// Sends ≥10,000 malformed requests across every API operation (signed in and out) to the real app
// in process, on PGlite, and counts 5xx answers and stack traces. The same generator as the CI
// slice in src/server/security/fuzz.test.ts. Usage: node --import tsx bench/fuzz.ts [perOperation] [seed]
import { AUTH_PASSTHROUGH_OPERATIONS, describeFailure, fuzzRequests, runFuzz } from '../src/server/security/fuzz'
import { OpenApiDocSchema, operationsOf } from '../src/server/security/operations'
import { createOwner, renewableSession } from '../src/server/security/owner-fixtures'
import { createTestApp } from '../src/server/test/harness'

const perOperation = Number(process.argv[2] ?? 100)
const seed = Number(process.argv[3] ?? Date.now() % 1_000_000)

const t = await createTestApp({ LOG_LEVEL: 'silent' })
const owner = await createOwner(t)
const operations = [...operationsOf((await t.request('/api/openapi.json', { schema: OpenApiDocSchema })).json), ...AUTH_PASSTHROUGH_OPERATIONS]
const requests = fuzzRequests(operations, { perOperation, seed, pathValues: owner.pathValues })
const started = performance.now()
const summary = await runFuzz(t.app as never, requests, {
  origin: t.config.publicUrl,
  session: renewableSession(t, owner),
  onProgress: (done) => done % 1000 === 0 && process.stderr.write(`  ${done} / ${requests.length}\n`),
})
const seconds = (performance.now() - started) / 1000
for (const f of [...summary.serverErrors, ...summary.stackTraces].slice(0, 30)) console.log(describeFailure(f))
console.log(`operations ${operations.length}, seed ${seed}, ${seconds.toFixed(0)} s`)
console.log(`statuses ${Object.entries(summary.byStatus).map(([s, n]) => `${s}:${n}`).join(' ')}`)
console.log(`requests ${summary.requests}, 5xx ${summary.serverErrors.length}, stack traces ${summary.stackTraces.length}`)
await t.close()
process.exitCode = summary.serverErrors.length || summary.stackTraces.length ? 1 : 0
