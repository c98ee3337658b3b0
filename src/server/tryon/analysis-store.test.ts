import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Storage } from '../platform/storage'
import { createAnalysisStore } from './analysis-store'
import { memoryStorage } from './engines/local/test-fixtures'

const StoredSchema = z.object({ source: z.string(), n: z.number() })
const image = { key: 'user-photos/u/p.jpg', data: Buffer.from('photo bytes'), contentType: 'image/jpeg' }
const codec = {
  async load(storage: Storage, key: string, source: string) {
    const stored = await storage.get(`${key}.analysis.json`)
    const value = stored && StoredSchema.parse(JSON.parse(stored.body.toString()))
    return value?.source === source ? value.n : null
  },
  async save(storage: Storage, key: string, source: string, n: number) {
    await storage.put(`${key}.analysis.json`, Buffer.from(JSON.stringify({ source, n })), 'application/json')
  },
}

describe('analysis store', () => {
  it('computes a photo once however many ask at the same time, and stores it', async () => {
    const storage = memoryStorage()
    const store = createAnalysisStore(codec, { memory: 2 })
    let computations = 0
    const compute = async () => {
      computations++
      await new Promise((r) => setTimeout(r, 20))
      return 42
    }
    const results = await Promise.all(Array.from({ length: 5 }, () => store.get(image, compute, storage)))
    await Promise.all(results.map((r) => r.saved))
    expect(computations).toBe(1)
    expect(results.map((r) => r.value)).toEqual([42, 42, 42, 42, 42])
    expect(storage.keys()).toEqual(['user-photos/u/p.jpg.analysis.json'])
    expect((await store.get(image, compute, storage)).cached).toBe(true)
  })

  it("takes another process's stored analysis, and recomputes when the photo's bytes changed", async () => {
    const storage = memoryStorage()
    await (await createAnalysisStore(codec, { memory: 2 }).get(image, async () => 7, storage)).saved
    const other = createAnalysisStore(codec, { memory: 2 })
    expect(await other.get(image, async () => -1, storage)).toMatchObject({ value: 7, cached: true })
    expect(await other.get({ ...image, data: Buffer.from('new bytes') }, async () => 8, storage)).toMatchObject({ value: 8, cached: false })
  })

  it('hands out the value when storing it fails (logged), and lets a failed computation be retried', async () => {
    const broken: Storage = { ...memoryStorage(), put: () => Promise.reject(new Error('disk full')) }
    const store = createAnalysisStore(codec, { memory: 2 })
    const got = await store.get(image, async () => 1, broken)
    await expect(got.saved).resolves.toBeUndefined()
    expect(got.value).toBe(1)
    const fresh = createAnalysisStore(codec, { memory: 2 })
    await expect(fresh.get(image, () => Promise.reject(new Error('model crashed')), broken)).rejects.toThrow('model crashed')
    expect((await fresh.get(image, async () => 2, broken)).value).toBe(2)
  })
})
