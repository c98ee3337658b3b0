import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({})
    expect(c.PORT).toBe(3000)
    expect(c.DATABASE_URL).toBeUndefined()
    expect(c.TRYON_ENGINE).toBe('local')
    expect(c.publicUrl).toBe('http://localhost:3000')
  })

  it('lists every bad variable in one readable error', () => {
    let err: unknown
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url' })
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(ConfigError)
    const message = (err as Error).message
    expect(message).toContain('PORT')
    expect(message).toContain('DATABASE_URL')
  })

  it('needs a key for the runware engine', () => {
    expect(() => loadConfig({ TRYON_ENGINE: 'runware' })).toThrow(/RUNWARE_API_KEY is required when TRYON_ENGINE=runware/)
  })

  it('keeps mail in the dev mailbox unless in production or with SMTP', () => {
    expect(loadConfig({}).devMailbox).toBe(true)
    expect(loadConfig({ NODE_ENV: 'production' }).devMailbox).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', DEV_MAILBOX: 'on' }).devMailbox).toBe(true)
    expect(loadConfig({ DEV_MAILBOX: 'off' }).devMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525', DEV_MAILBOX: 'on' }).devMailbox).toBe(false)
    expect(() => loadConfig({ DEV_MAILBOX_KEY: 'short' })).toThrow(/DEV_MAILBOX_KEY must be at least 16 characters/)
  })

  it('trusts no proxy unless told how many hops', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(0)
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2)
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/)
  })

  it('needs a bucket with an S3 endpoint', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/S3_BUCKET/)
  })
})
