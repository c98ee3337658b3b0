import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eventStream, messageStream, signedInUser, startServer, startWorker, tmpDir } from '../../bench/lib'
import { loadConfig } from '../../src/server/config'
import { createStorage } from '../../src/server/platform/storage'
import { postgresBinDir, startPgCluster, type PgCluster } from '../../src/server/test/postgres'
import { startS3Server } from '../../src/server/test/s3'
import { startProxy } from './proxy'
import { startTryOnServer } from './tryon-server'

// Drape at scale, as real processes: PostgreSQL, an S3-compatible server, two web instances with
// WORKERS=off behind a round-robin proxy, and a separate job worker (`npm run worker`).

const BASE_PORT = Number(process.env.SCALE_PORT ?? 4420)
const PORTS = { proxy: BASE_PORT, s3: BASE_PORT + 1, tryon: BASE_PORT + 2, a: BASE_PORT + 3, b: BASE_PORT + 4 }
/** Long enough to stop a worker in the middle of a generation. */
const GENERATION_MS = 3000

type Server = Awaited<ReturnType<typeof startServer>>
type Worker = Awaited<ReturnType<typeof startWorker>>
type User = Awaited<ReturnType<typeof signedInUser>>

const logDir = tmpDir('drape-scale-logs-')
const dataDirs = { a: tmpDir('drape-scale-a-'), b: tmpDir('drape-scale-b-'), worker: tmpDir('drape-scale-worker-'), worker2: tmpDir('drape-scale-worker2-') }
let cluster: PgCluster
let s3: Awaited<ReturnType<typeof startS3Server>>
let tryon: Awaited<ReturnType<typeof startTryOnServer>>
let proxy: Awaited<ReturnType<typeof startProxy>>
let env: Record<string, string>
let a: Server
let b: Server
let worker: Worker
let worker2: Worker | undefined
let alice: User
let bob: User

const startWorkerNamed = (name: 'worker' | 'worker2') => startWorker({ dataDir: dataDirs[name], env, logFile: path.join(logDir, `${name}.log`) })
const startWeb = (name: 'a' | 'b') => startServer({ port: PORTS[name], dataDir: dataDirs[name], env, waitForPage: false, logFile: path.join(logDir, `${name}.log`) })

beforeAll(async () => {
  const binDir = postgresBinDir()
  if (!binDir) throw new Error('PostgreSQL server programs not found: set PG_BIN')
  ;[cluster, s3, tryon, proxy] = await Promise.all([
    startPgCluster({ binDir, fsync: false }),
    startS3Server({ port: PORTS.s3 }),
    startTryOnServer(PORTS.tryon, GENERATION_MS),
    startProxy(PORTS.proxy, [`http://127.0.0.1:${PORTS.a}`, `http://127.0.0.1:${PORTS.b}`]),
  ])
  env = {
    DATABASE_URL: cluster.url,
    DATABASE_POOL_MAX: '4',
    ...s3.env,
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: '1',
    WORKERS: 'off',
    AUTH_SECRET: 'scale-test-auth-secret-shared-by-every-instance',
    SEED_DEMO: 'false',
    TRYON_ENGINE: 'http',
    TRYON_HTTP_URL: tryon.url,
  }
  // Together, as a deploy starts them; every one that started is stopped in afterAll even when another failed.
  const [startedA, startedB, startedWorker] = await Promise.allSettled([startWeb('a'), startWeb('b'), startWorkerNamed('worker')])
  if (startedA.status === 'fulfilled') a = startedA.value
  if (startedB.status === 'fulfilled') b = startedB.value
  if (startedWorker.status === 'fulfilled') worker = startedWorker.value
  for (const s of [startedA, startedB, startedWorker]) if (s.status === 'rejected') throw s.reason
})

afterAll(async () => {
  await Promise.all([a?.kill(), b?.kill(), worker?.kill(), worker2?.kill()])
  await Promise.all([cluster?.destroy(), s3?.close(), tryon?.close(), proxy?.close()])
  for (const dir of Object.values(dataDirs)) fs.rmSync(dir, { recursive: true, force: true })
  process.stdout.write(`scale test logs: ${logDir}\n`)
})

const send = (url: string, pathname: string, opts: { cookie: string; body?: unknown; form?: FormData }) =>
  fetch(`${url}${pathname}`, {
    method: opts.body === undefined && !opts.form ? 'GET' : 'POST',
    headers: { origin: proxy.url, cookie: opts.cookie, ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  })

const photo = (color: string) => sharp({ create: { width: 300, height: 400, channels: 3, background: color } }).jpeg().toBuffer()

async function upload(url: string, user: User, type: 'base' | 'product', color: string) {
  const form = new FormData()
  form.set('photo_type', type)
  form.set('file', new Blob([new Uint8Array(await photo(color))], { type: 'image/jpeg' }), `${type}.jpg`)
  const res = await send(url, '/api/photos', { cookie: user.cookie, form })
  expect(res.status).toBe(201)
  return (await res.json()) as { filePath: string; fileUrl: string }
}

let subject: { filePath: string; fileUrl: string }
let garment: { filePath: string; fileUrl: string }

async function startTryOn(url: string) {
  const res = await send(url, '/api/tryon/generations', {
    cookie: alice.cookie,
    body: { subject: { bucket: 'user-photos', path: subject.filePath }, garment: { bucket: 'user-photos', path: garment.filePath }, category: 'dress' },
  })
  expect(res.status).toBeLessThan(300)
  return ((await res.json()) as { id: string }).id
}

type GenerationData = { id: string; status: string; outputUrl: string | null }
const generationEvent = (id: string, status: string) => (e: { type: string; data: unknown }) => e.type === 'generation' && (e.data as GenerationData).id === id && (e.data as GenerationData).status === status

describe('Drape at scale', () => {
  it('signs a user up on one instance and verifies and signs them in on the other', async () => {
    alice = await signedInUser(a.url, 'alice', { verifyAt: b.url, origin: proxy.url })
    bob = await signedInUser(b.url, 'bob', { verifyAt: a.url, origin: proxy.url })
    const onA = await send(a.url, '/api/profile', { cookie: alice.cookie })
    expect(onA.status).toBe(200)
    expect(((await onA.json()) as { username: string }).username).toBe(alice.username)
  })

  it('serves a photo uploaded through one instance from S3 on the other', async () => {
    subject = await upload(a.url, alice, 'base', '#aa8866')
    garment = await upload(a.url, alice, 'product', '#3355ff')
    const served = await send(b.url, subject.fileUrl, { cookie: alice.cookie })
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/jpeg')
    const inBucket = await createStorage(loadConfig({ DATA_DIR: logDir, ...s3.env })).get(`user-photos/${subject.filePath}`)
    expect(Buffer.from(await served.arrayBuffer()).equals(inBucket!.body)).toBe(true)
    expect(fs.existsSync(path.join(dataDirs.a, 'storage'))).toBe(false)
    expect((await send(b.url, subject.fileUrl, { cookie: bob.cookie })).status).toBe(404)
  })

  it('runs a try-on started on one instance on the worker; its live status reaches the stream on the other', async () => {
    const stream = await eventStream(b.url, alice.cookie)
    const before = tryon.requests()
    const id = await startTryOn(a.url)
    await stream.next(generationEvent(id, 'processing'), 15_000)
    const done = await stream.next(generationEvent(id, 'succeeded'), 30_000)
    await stream.close()
    expect(tryon.requests() - before).toBe(1)
    // The worker logs the success after publishing it.
    await expect.poll(() => worker.log(), { timeout: 5000 }).toContain(id)
    const output = await send(a.url, (done.data as GenerationData).outputUrl!, { cookie: alice.cookie })
    expect(output.status).toBe(200)
    expect(output.headers.get('content-type')).toBe('image/jpeg')
  })

  it('delivers a message sent through one instance to the other user’s stream on the other', async () => {
    const stream = await messageStream(b.url, bob.cookie)
    const res = await send(a.url, `/api/messages/with/${bob.username}`, { cookie: alice.cookie, body: { body: 'Seen the new collection?' } })
    expect(res.status).toBe(201)
    await stream.arrival(((await res.json()) as { id: string }).id, 5000)
    await stream.close()
  })

  it('hands a try-on back when its worker is stopped mid-generation; a second worker finishes it', async () => {
    const stream = await eventStream(b.url, alice.cookie)
    const before = tryon.requests()
    const id = await startTryOn(a.url)
    await stream.next(generationEvent(id, 'processing'), 15_000)
    await expect.poll(() => tryon.requests() - before, { timeout: 5000 }).toBe(1)
    const stopping = performance.now()
    await worker.stop()
    expect(worker.exitCode()).toBe(0)
    expect(performance.now() - stopping).toBeLessThan(10_000)
    expect(worker.log()).toContain('handed back')
    await stream.next((e) => generationEvent(id, 'queued')(e) && e.at > stopping, 5000)

    worker2 = await startWorkerNamed('worker2')
    await stream.next(generationEvent(id, 'succeeded'), 30_000)
    await stream.close()
    expect(tryon.requests() - before).toBe(2)
    await expect.poll(() => worker2!.log(), { timeout: 5000 }).toContain(id)
  })

  it('keeps serving through the proxy when one web instance shuts down; its event streams end with a reconnect', async () => {
    // Round robin: one stream on each instance.
    const streams = [await eventStream(proxy.url, alice.cookie), await eventStream(proxy.url, alice.cookie)]
    await a.stop()
    expect(a.exitCode()).toBe(0)
    await expect.poll(() => streams.filter((s) => s.isOpen()).length, { timeout: 5000 }).toBe(1)
    const ended = streams.find((s) => !s.isOpen())!
    expect(ended.events.at(-1)?.type).toBe('reconnect')

    for (let i = 0; i < 10; i++) expect((await send(proxy.url, '/api/profile', { cookie: alice.cookie })).status).toBe(200)
    expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200)
    const open = streams.find((s) => s.isOpen())!
    const res = await send(proxy.url, `/api/messages/with/${alice.username}`, { cookie: bob.cookie, body: { body: 'Still here.' } })
    expect(res.status).toBe(201)
    const { id } = (await res.json()) as { id: string }
    await open.next((e) => e.type === 'message' && (e.data as { id: string }).id === id, 5000)
    for (const s of streams) await s.close()
  })

  it('keeps serving through the proxy when a web instance is killed (kill -9)', async () => {
    a = await startWeb('a')
    await b.kill()
    for (let i = 0; i < 10; i++) expect((await send(proxy.url, '/api/profile', { cookie: alice.cookie })).status).toBe(200)
    expect((await fetch(`${proxy.url}/api/health`)).status).toBe(200)
  })
})
