import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { startS3Server } from '../test/s3'
import { createStorage, FILES_PREFIX, type Storage } from './storage'

let dir: string
let local: Storage
let s3: Storage
let s3Server: Awaited<ReturnType<typeof startS3Server>>

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'drape-storage-'))
  s3Server = await startS3Server()
  local = createStorage(loadConfig({ DATA_DIR: dir }))
  s3 = createStorage(loadConfig({ DATA_DIR: dir, ...s3Server.env }))
})
afterAll(async () => {
  await s3Server.close()
  await fs.rm(dir, { recursive: true, force: true })
})

// The whole contract, held by every adapter: the app never knows which one it runs on.
describe.each([
  ['local disk', () => local, 'local'],
  ['S3-compatible server', () => s3, 's3'],
] as const)('storage on %s', (_name, storage, kind) => {
  it('is the configured kind and passes its check', async () => {
    expect(storage().kind).toBe(kind)
    await expect(storage().check()).resolves.toBeUndefined()
  })

  it('reads back the bytes and content type that were put', async () => {
    const body = Buffer.from(Array.from({ length: 256 * 1024 }, (_, i) => (i * 31) % 256))
    await storage().put(`user-photos/u1/${kind}.jpg`, body, 'image/jpeg')
    await storage().put(`posts/u1/${kind}.webp`, Buffer.from('webp bytes'), 'image/webp')
    const jpg = await storage().get(`user-photos/u1/${kind}.jpg`)
    expect(jpg?.contentType).toBe('image/jpeg')
    expect(jpg?.body.equals(body)).toBe(true)
    expect(await storage().get(`posts/u1/${kind}.webp`)).toEqual({ body: Buffer.from('webp bytes'), contentType: 'image/webp' })
  })

  it('replaces an object put again under the same key, content type included', async () => {
    const key = `user-photos/u2/${kind}.analysis.json`
    await storage().put(key, Buffer.from('{"v":1}'), 'application/json')
    await storage().put(key, Buffer.from('png'), 'image/png')
    expect(await storage().get(key)).toEqual({ body: Buffer.from('png'), contentType: 'image/png' })
  })

  it('answers null for a key that was never put, and forgets what was deleted', async () => {
    expect(await storage().get(`missing/${kind}/nothing.jpg`)).toBeNull()
    expect(await storage().has(`missing/${kind}/nothing.jpg`)).toBe(false)
    const key = `ai-outputs/u3/${kind}/0-0.jpg`
    await storage().put(key, Buffer.from('out'), 'image/jpeg')
    expect(await storage().has(key)).toBe(true)
    await storage().delete(key)
    expect(await storage().get(key)).toBeNull()
    expect(await storage().has(key)).toBe(false)
  })

  it('deletes a missing key without an error', async () => {
    await expect(storage().delete(`missing/${kind}/gone.jpg`)).resolves.toBeUndefined()
  })

  it('refuses keys that could leave the store', async () => {
    for (const key of ['', '../etc/passwd', 'a//b', 'a/./b', 'a\\b/c']) {
      await expect(storage().put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid storage key/)
      await expect(storage().get(key)).rejects.toThrow(/Invalid storage key/)
      await expect(storage().has(key)).rejects.toThrow(/Invalid storage key/)
    }
  })

  it('serves every object through the app, never the bucket', () => {
    expect(storage().url('products/p1/a.jpg')).toBe(`${FILES_PREFIX}products/p1/a.jpg`)
  })
})

describe('S3 storage', () => {
  it('fails its check when the server is unreachable', async () => {
    const unreachable = createStorage(loadConfig({ DATA_DIR: dir, ...s3Server.env, S3_ENDPOINT: 'http://127.0.0.1:9' }))
    await expect(unreachable.check()).rejects.toThrow()
  })
})

describe('local storage', () => {
  it('takes concurrent puts of one key: each succeeds, one whole body wins, no temporary file is left', async () => {
    const key = 'user-photos/u1/photo.jpg.analysis.json'
    const bodies = Array.from({ length: 20 }, (_, i) => Buffer.from(JSON.stringify({ writer: i, pad: 'x'.repeat(64 * 1024) })))
    const results = await Promise.allSettled(bodies.map((body) => local.put(key, body, 'application/json')))
    expect(results.filter((r) => r.status === 'rejected')).toEqual([])
    const stored = await local.get(key)
    expect(stored?.contentType).toBe('application/json')
    expect(bodies.some((b) => b.equals(stored!.body))).toBe(true)
    expect((await fs.readdir(path.join(dir, 'storage/user-photos/u1'))).filter((f) => f.startsWith('photo.jpg.analysis'))).toEqual(['photo.jpg.analysis.json', 'photo.jpg.analysis.json.type'])
  })
})
