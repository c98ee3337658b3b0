import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { createStorage, type Storage } from './storage'

let dir: string
let storage: Storage

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'drape-storage-'))
  storage = createStorage(loadConfig({ DATA_DIR: dir }))
})
afterAll(() => fs.rm(dir, { recursive: true, force: true }))

describe('local storage', () => {
  it('takes concurrent puts of one key: each succeeds, one whole body wins, no temporary file is left', async () => {
    const key = 'user-photos/u1/photo.jpg.analysis.json'
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(JSON.stringify({ writer: i, pad: 'x'.repeat(64 * 1024) })))
    const results = await Promise.allSettled(bodies.map((body) => storage.put(key, body, 'application/json')))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    const stored = await storage.get(key)
    expect(stored?.contentType).toBe('application/json')
    expect(bodies.some((b) => b.equals(stored!.body))).toBe(true)
    expect(await fs.readdir(path.join(dir, 'storage/user-photos/u1'))).toEqual(['photo.jpg.analysis.json', 'photo.jpg.analysis.json.type'])
  })

  it('reads back what was put and forgets what was deleted', async () => {
    await storage.put('a/b.txt', Buffer.from('hello'), 'text/plain')
    expect(await storage.get('a/b.txt')).toEqual({ body: Buffer.from('hello'), contentType: 'text/plain' })
    await storage.delete('a/b.txt')
    expect(await storage.get('a/b.txt')).toBeNull()
  })
})
