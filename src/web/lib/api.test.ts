import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { FIRST_SCREEN_ELEMENT_ID } from '~/shared/html-data'
import { api, ApiRequestError } from './api'
import { readInlinedAnswers } from './inlined-answers'

const answer = (status: number, body: unknown) => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })))
const Likes = z.object({ liked: z.boolean(), count: z._default(z.number(), 0) })

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

/** index.html as the server sends it for a first screen: the answers of its GET requests inlined. */
function inline(answers: Record<string, unknown>) {
  const el = { textContent: JSON.stringify(answers), remove: vi.fn() }
  vi.stubGlobal('document', { getElementById: (id: string) => (id === FIRST_SCREEN_ELEMENT_ID ? el : null) })
  readInlinedAnswers()
}

describe('an answer inlined into index.html', () => {
  it('is served once without a request, through the same schema', async () => {
    inline({ '/api/x?a=1': { liked: true } })
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    await expect(api('/x', { query: { a: 1 }, schema: Likes })).resolves.toEqual({ liked: true, count: 0 })
    expect(fetch).not.toHaveBeenCalled()
    answer(200, { liked: false })
    await expect(api('/x', { query: { a: 1 }, schema: Likes })).resolves.toEqual({ liked: false, count: 0 })
  })

  it('fails loudly in development when it does not match the schema', async () => {
    inline({ '/api/x': { liked: 'yes' } })
    await expect(api('/x', { schema: Likes })).rejects.toThrow('The answer of /x does not match its schema')
  })
})
