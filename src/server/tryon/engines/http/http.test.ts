import http from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeTryOn } from '../../../test/tryon-engine'
import { TryOnError, type TryOnInput } from '../../engine'
import { createHttpEngine } from '.'

type Received = { path: string; body: Record<string, unknown> }
let server: http.Server
let url: string
const received: Received[] = []
let mode: 'ok' | 'busy' | 'garbage' = 'ok'

/** A tiny try-on server speaking docs/tryon-http-protocol.md. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.method === 'GET' && req.url === '/v1/health') return send(200, { status: 'ok' })
      if (req.method !== 'POST' || req.url !== '/v1/tryon') return send(404, { error: { message: 'not found' } })
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
      received.push({ path: req.url, body })
      if (mode === 'busy') return send(503, { error: { message: 'All GPUs are busy.', retryable: true } })
      if (mode === 'garbage') return send(200, { images: [{ contentType: 'text/html', data: 'nope' }] })
      const image = await composeTryOn(Buffer.from(body.person.data, 'base64'), Buffer.from(body.garment.data, 'base64'), body.width, body.height)
      send(200, { model: 'idm-vton', images: Array.from({ length: body.numberResults }, () => ({ contentType: 'image/jpeg', data: image.toString('base64') })) })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const photo = (color: string) => sharp({ create: { width: 120, height: 160, channels: 3, background: color } }).jpeg().toBuffer()

async function input(): Promise<TryOnInput> {
  return {
    person: { key: 'user-photos/u/p.jpg', data: await photo('#aa8866'), contentType: 'image/jpeg' },
    garment: { key: 'products/x/garment.png', data: await photo('#3355ff'), contentType: 'image/jpeg', category: 'dress' },
    measurements: { heightCm: 170, chestCm: 88 },
    size: 'M',
    width: 384,
    height: 512,
    numberResults: 2,
    outputFormat: 'JPG',
    prompt: 'p',
  }
}

describe('http engine', () => {
  it('posts person, garment, category, size and measurements and returns the images', async () => {
    mode = 'ok'
    const engine = createHttpEngine({ url })
    await engine.check()
    const out = await engine.generate(await input())
    expect(out.model).toBe('idm-vton')
    expect(out.images).toHaveLength(2)
    expect((await sharp(out.images[0]!.data).metadata()).width).toBe(384)
    const body = received.at(-1)!.body
    expect(body).toMatchObject({ size: 'M', measurements: { heightCm: 170, chestCm: 88 }, width: 384, height: 512, numberResults: 2, outputFormat: 'JPG', garment: { category: 'dress', contentType: 'image/jpeg' } })
  })

  it('passes on the server error message and whether to retry', async () => {
    mode = 'busy'
    const err = (await createHttpEngine({ url }).generate(await input()).catch((e: unknown) => e)) as TryOnError
    expect(err).toBeInstanceOf(TryOnError)
    expect(err.message).toBe('All GPUs are busy.')
    expect(err.retryable).toBe(true)
  })

  it('refuses an answer that does not follow the protocol', async () => {
    mode = 'garbage'
    const err = (await createHttpEngine({ url }).generate(await input()).catch((e: unknown) => e)) as TryOnError
    expect(err.message).toMatch(/could not read/)
  })
})
