import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { api, ApiRequestError } from './api'

const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })))
const Likes = z.object({ liked: z.boolean(), count: z.number().default(0) })

afterEach(() => vi.unstubAllGlobals())

describe('api with a response schema', () => {
  it("returns the schema's output (defaults applied)", async () => {
    answer(200, { liked: true })
    await expect(api('/x', { schema: Likes })).resolves.toEqual({ liked: true, count: 0 })
  })

  it('fails loudly in development when the answer does not match', async () => {
    answer(200, { liked: 'yes' })
    await expect(api('/x', { schema: Likes })).rejects.toThrow('The answer of /x does not match its schema')
  })

  it('still turns an error answer into ApiRequestError with its fields', async () => {
    answer(400, { error: { code: 'validation_failed', message: 'Enter a city.', fields: { city: 'Enter a city.' } } })
    const err = await api('/x', { schema: Likes }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err).toMatchObject({ status: 400, code: 'validation_failed', fields: { city: 'Enter a city.' } })
  })
})
