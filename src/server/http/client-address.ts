import type { IncomingMessage } from 'node:http'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './session'

/** The header better-auth reads the client address from; we always set it ourselves. */
export const CLIENT_ADDRESS_HEADER = 'x-drape-client-address'

/**
 * The client's address. With `trustProxy` = 0 it is the socket's peer, whatever the request says;
 * behind N trusted proxies it is the N-th `X-Forwarded-For` entry from the right (each proxy
 * appends the address it saw, so entries further left are whatever the client chose to send).
 */
export function clientAddress(socketAddress: string | undefined, forwardedFor: string | undefined, trustProxy: number) {
  const socket = socketAddress ?? 'unknown'
  if (trustProxy === 0 || !forwardedFor) return socket
  const hops = forwardedFor.split(',').map((h) => h.trim()).filter(Boolean)
  return hops[Math.max(0, hops.length - trustProxy)] ?? socket
}

/** Puts the client's address on the context as `clientIp`. */
export function clientAddressMiddleware(trustProxy: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
    c.set('clientIp', clientAddress(incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trustProxy))
    await next()
  }
}

/** A copy of `headers` that tells better-auth the client's address (whatever the client sent in it). */
export function headersWithClientAddress(headers: Headers, address: string) {
  const copy = new Headers(headers)
  copy.set(CLIENT_ADDRESS_HEADER, address)
  return copy
}
