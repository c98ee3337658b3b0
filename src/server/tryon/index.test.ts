import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import type { Storage } from '../platform/storage'
import { createEngine } from '.'

const storage = {} as Storage

describe('createEngine', () => {
  it('chooses the engine named by TRYON_ENGINE', async () => {
    expect((await createEngine(loadConfig({ TRYON_ENGINE: 'runware', RUNWARE_API_KEY: 'k' }), storage)).name).toBe('runware')
    expect((await createEngine(loadConfig({ TRYON_ENGINE: 'http', TRYON_HTTP_URL: 'http://127.0.0.1:9' }), storage)).name).toBe('http')
  })

  it('refuses a runware or http engine without its settings', () => {
    expect(() => loadConfig({ TRYON_ENGINE: 'runware' })).toThrow(/RUNWARE_API_KEY/)
    expect(() => loadConfig({ TRYON_ENGINE: 'http' })).toThrow(/TRYON_HTTP_URL/)
  })
})
