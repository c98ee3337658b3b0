import zlib from 'node:zlib'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { describe, expect, it } from 'vitest'
import { COMPRESS_MIN_BYTES, compressAnswers, pickEncoding } from './compression'

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Dress number ${i}` })) }
const app = new Hono()
app.use('*', compressAnswers())
app.get('/big', (c) => c.json(big, 201, { 'x-kept': 'yes' }))
app.get('/small', (c) => c.json({ ok: true }))
app.get('/events', (c) => streamSSE(c, async (s) => s.writeSSE({ data: 'x'.repeat(4 * COMPRESS_MIN_BYTES) })))
app.get('/bytes', (c) => c.body(new Uint8Array(4 * COMPRESS_MIN_BYTES), 200, { 'content-type': 'image/webp' }))

const get = (path: string, acceptEncoding?: string) => app.request(path, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })
const bytes = async (res: Response) => Buffer.from(await res.arrayBuffer())

describe('compression of API answers', () => {
  it('compresses JSON over the threshold with brotli, else gzip, keeping status and headers', async () => {
    const br = await get('/big', 'gzip, deflate, br')
    expect(br.status).toBe(201)
    expect(br.headers.get('content-encoding')).toBe('br')
    expect(br.headers.get('x-kept')).toBe('yes')
    expect(br.headers.get('vary')).toBe('Accept-Encoding')
    expect(JSON.parse(zlib.brotliDecompressSync(await bytes(br)).toString())).toEqual(big)

    const gz = await get('/big', 'gzip')
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(await bytes(gz)).toString())).toEqual(big)
  })

  it('leaves small answers, clients without an encoding and other types alone', async () => {
    const small = await get('/small', 'br')
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    expect((await get('/big')).headers.get('content-encoding')).toBeNull()
    expect((await get('/bytes', 'br')).headers.get('content-encoding')).toBeNull()
  })

  it('never buffers or compresses an event stream', async () => {
    const res = await get('/events', 'br')
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('content-encoding')).toBeNull()
    expect(await res.text()).toContain('data: xxx')
  })

  it('reads Accept-Encoding with its q-values', () => {
    expect(pickEncoding('gzip, br')).toBe('br')
    expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip')
    expect(pickEncoding('*')).toBe('br')
    expect(pickEncoding('identity')).toBeNull()
    expect(pickEncoding(undefined)).toBeNull()
  })
})
