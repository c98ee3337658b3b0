import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { AUTH_PASSTHROUGH_OPERATIONS, describeFailure, fuzzRequests, runFuzz } from './fuzz'
import { OpenApiDocSchema, operationsOf } from './operations'
import { createOwner, type Owner, renewableSession } from './owner-fixtures'

/** The seed-fixed slice CI runs; `node --import tsx bench/fuzz.ts` runs the full ≥10,000. */
const SEED = 20261122
const PER_OPERATION = 10

let t: TestApp
let owner: Owner
beforeAll(async () => {
  t = await createTestApp()
  owner = await createOwner(t)
})
afterAll(() => t.close())

it('answers malformed requests to every operation, signed in and out, without a 5xx or a stack trace', async () => {
  const operations = [...operationsOf((await t.request('/api/openapi.json', { schema: OpenApiDocSchema })).json), ...AUTH_PASSTHROUGH_OPERATIONS]
  const requests = fuzzRequests(operations, { perOperation: PER_OPERATION, seed: SEED, pathValues: owner.pathValues })
  const summary = await runFuzz(t.app as never, requests, { origin: t.config.publicUrl, session: renewableSession(t, owner) })
  expect(summary.requests).toBeGreaterThanOrEqual(1000)
  expect(summary.serverErrors.map(describeFailure)).toEqual([])
  expect(summary.stackTraces.map(describeFailure)).toEqual([])
}, 180_000)
