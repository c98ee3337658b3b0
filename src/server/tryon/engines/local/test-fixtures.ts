import fs from 'node:fs'
import path from 'node:path'
import type { Storage } from '../../../platform/storage'
import type { StoredImage } from '../../engine'

/** The shared try-on photos (never copied into the repo; TRYON_FIXTURES points elsewhere); absent on a fresh clone without them. */
export const FIXTURES = path.resolve(process.env.TRYON_FIXTURES ?? path.join(process.cwd(), '../shared/fixtures/tryon'))
export const hasFixtures = fs.existsSync(path.join(FIXTURES, 'persons')) && fs.existsSync(path.join(FIXTURES, 'garments'))
export const SKIP_REASON = `try-on fixtures not found at ${FIXTURES}: skipping the engine's photo tests`

export const fixture = (kind: 'persons' | 'garments', name: string): StoredImage => ({
  key: `fixtures/${kind}/${name}`,
  data: fs.readFileSync(path.join(FIXTURES, kind, name)),
  contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
})

/** A Storage held in memory, for tests and benches. */
export function memoryStorage(): Storage & { keys(): string[] } {
  const objects = new Map<string, { body: Buffer; contentType: string }>()
  return {
    kind: 'local',
    async put(key, body, contentType) {
      objects.set(key, { body, contentType })
    },
    async get(key) {
      return objects.get(key) ?? null
    },
    async has(key) {
      return objects.has(key)
    },
    async delete(key) {
      objects.delete(key)
    },
    url: (key) => `/api/files/${key}`,
    async check() {},
    keys: () => [...objects.keys()],
  }
}
