import http from 'node:http'

/**
 * A small round-robin HTTP load balancer: each request goes to the next upstream, a refused
 * connection (an instance that is down) to the one after it; responses stream through, so event
 * streams work. Appends the client's address to X-Forwarded-For, as a real balancer does.
 */
export async function startProxy(port: number, upstreams: string[]) {
  let next = 0
  const server = http.createServer((req, res) => {
    const body: Buffer[] = []
    req.on('data', (chunk: Buffer) => body.push(chunk))
    req.on('end', () => forward(0))
    const forward = (tried: number) => {
      const target = new URL(upstreams[next++ % upstreams.length]!)
      const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ')
      const upstream = http.request(
        { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor }, agent: false },
        (upstreamRes) => {
          res.writeHead(upstreamRes.statusCode!, upstreamRes.headers)
          upstreamRes.pipe(res)
        },
      )
      upstream.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code === 'ECONNREFUSED' && tried + 1 < upstreams.length) return forward(tried + 1)
        if (res.headersSent) return void res.destroy()
        res.writeHead(502, { 'content-type': 'text/plain' }).end('no upstream answered')
      })
      res.on('close', () => upstream.destroy())
      upstream.end(Buffer.concat(body))
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return {
    url: `http://localhost:${port}`,
    close: () => {
      server.closeAllConnections()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
