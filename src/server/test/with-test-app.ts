import { afterAll, beforeAll } from 'vitest'
import { type CatalogueProduct, insertCatalogue } from '../features/products'
import { createTestApp, type TestApp } from './harness'

/**
 * The test app of the enclosing describe block: started before its tests and closed after them.
 * Use it like the app itself (`t.request(…)`) inside the tests.
 */
export function withTestApp(env: Record<string, string> = {}): TestApp {
  let app: TestApp | undefined
  beforeAll(async () => {
    app = await createTestApp(env)
  })
  afterAll(() => app?.close())
  const current = () => {
    if (!app) throw new Error('The test app starts in beforeAll: use it inside a test.')
    return app
  }
  return new Proxy({} as TestApp, { get: (_, key) => Reflect.get(current(), key) })
}

/**
 * The test app of the enclosing describe block with the demo catalogue inserted: `catalogue` is
 * filled with the inserted products before the tests run.
 */
export function withCatalogueApp(env: Record<string, string> = {}): { t: TestApp; catalogue: CatalogueProduct[] } {
  const t = withTestApp(env)
  const catalogue: CatalogueProduct[] = []
  beforeAll(async () => {
    catalogue.push(...(await insertCatalogue(t.platform)))
  })
  return { t, catalogue }
}
