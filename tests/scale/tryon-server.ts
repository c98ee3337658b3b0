import http from 'node:http'
import { composeTryOn } from '../../src/server/test/tryon-engine'

/**
 * A try-on server speaking docs/tryon-http-protocol.md that takes `delayMs` per generation (so a
 * worker can be stopped in the middle of one); `requests` counts the generations asked for.
 */
export async function startTryOnServer(port: number, delayMs: number) {
  let requests = 0
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', async () => {
      const send = (status: number, body: unknown) => {
        if (res.destroyed) return
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      }
      if (req.method === 'GET' && req.url === '/v1/health') return send(200, { status: 'ok' })
      if (req.method !== 'POST' || req.url !== '/v1/tryon') return send(404, { error: { message: 'not found' } })
      requests++
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { person: { data: string }; garment: { data: string }; width: number; height: number }
      await new Promise((r) => setTimeout(r, delayMs))
      const image = await composeTryOn(Buffer.from(body.person.data, 'base64'), Buffer.from(body.garment.data, 'base64'), body.width, body.height)
      send(200, { model: 'scale-test', images: [{ contentType: 'image/jpeg', data: image.toString('base64') }] })
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
