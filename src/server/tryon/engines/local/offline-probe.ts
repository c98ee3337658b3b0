/**
 * Run by offline.test.ts inside a network namespace with no network (`unshare -rn`): counts every
 * socket the process tries to open while the engine loads its models and makes a try-on, and
 * prints the result as JSON.
 */
import dgram from 'node:dgram'
import net from 'node:net'
import { createLocalEngine } from './index'
import { fixture } from './test-fixtures'

const attempts: string[] = []
const connect = net.Socket.prototype.connect
net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
  attempts.push(`tcp ${JSON.stringify(args[0])}`)
  return (connect as (...a: unknown[]) => net.Socket).apply(this, args)
} as typeof connect
const createSocket = dgram.createSocket
dgram.createSocket = ((...args: Parameters<typeof dgram.createSocket>) => {
  attempts.push('udp')
  return createSocket(...args)
}) as typeof dgram.createSocket

const engine = createLocalEngine()
await engine.check()
const out = await engine.generate({
  person: fixture('persons', '00055_00.jpg'),
  garment: fixture('garments', '050191_1.jpg'),
  width: 192,
  height: 256,
  numberResults: 1,
  outputFormat: 'JPG',
})
console.log(JSON.stringify({ images: out.images.length, bytes: out.images[0]?.data.length ?? 0, attempts }))
