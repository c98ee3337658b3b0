import { afterAll, beforeAll } from 'vitest'
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
