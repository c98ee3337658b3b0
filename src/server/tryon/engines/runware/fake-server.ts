import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { KONTEXT_SIZES } from '~/shared/tryon/sizes'
import { modelFamily } from '~/shared/tryon/runware-task'
import { composeTryOn } from '../../../test/tryon-engine'

/**
 * Test double of Runware's REST API on loopback (tests, e2e and benchmarks only), following the
 * documented shapes: `POST /v1` with a JSON array of tasks and a bearer key; `{ data: [...] }` on
 * success, `{ errors: [{ code, message, parameter, taskUUID }] }` on failure; `imageInference`
 * with `deliveryMethod: async` answered by an acknowledgement, then `getResponse` items whose
 * `status` is `processing`, `success` (with `imageBase64Data`) or `error`.
 */
export type FakeRunware = {
  url: string
  /** Every imageInference task received, newest last. */
  tasks: Record<string, unknown>[]
  /** The next task fails in getResponse with this message. */
  failNext(message: string): void
  close(): Promise<void>
}

type Job = { task: Record<string, unknown>; readyAt: number } & ({ error: string } | { images: string[] })

const errorBody = (code: string, message: string, extra: Record<string, unknown> = {}) => ({ errors: [{ code, message, ...extra }] })

function decodeDataUri(uri: unknown) {
  const m = typeof uri === 'string' ? /^data:image\/[a-z]+;base64,(.+)$/.exec(uri) : null
  return m?.[1] ? Buffer.from(m[1], 'base64') : null
}

export async function startFakeRunware(opts: { apiKey: string; delayMs?: number; port?: number }): Promise<FakeRunware> {
  const jobs = new Map<string, Job>()
  const tasks: Record<string, unknown>[] = []
  let nextFailure: string | null = null

  async function render(task: Record<string, unknown>) {
    const refs = (task.referenceImages as unknown[] | undefined) ?? [task.seedImage, task.seedImage]
    const person = decodeDataUri(refs[0])
    const garment = decodeDataUri(refs[1])
    if (!person || !garment) throw new Error('bad images')
    const format = String(task.outputFormat).toUpperCase() === 'PNG' ? 'png' : String(task.outputFormat).toUpperCase() === 'WEBP' ? 'webp' : 'jpeg'
    const count = Number(task.numberResults ?? 1)
    return Promise.all(Array.from({ length: count }, async () => (await composeTryOn(person, garment, Number(task.width), Number(task.height), format)).toString('base64')))
  }

  function validate(task: Record<string, unknown>) {
    if (typeof task.taskUUID !== 'string' || !/^[0-9a-f-]{36}$/.test(task.taskUUID)) return errorBody('invalidTaskUUID', 'Invalid value for taskUUID parameter.', { parameter: 'taskUUID' })
    if (typeof task.positivePrompt !== 'string' || task.positivePrompt.length < 2) return errorBody('invalidPositivePrompt', 'Invalid value for positivePrompt parameter.', { parameter: 'positivePrompt', taskUUID: task.taskUUID })
    const n = Number(task.numberResults)
    if (!Number.isInteger(n) || n < 1 || n > 20) return errorBody('invalidNumberResults', 'Invalid value for numberResults parameter.', { parameter: 'numberResults', taskUUID: task.taskUUID })
    const family = modelFamily(String(task.model))
    if (family === 'kontext' && !KONTEXT_SIZES.some(([w, h]) => w === task.width && h === task.height))
      return errorBody('unsupportedDimensions', `Unsupported dimensions ${String(task.width)}x${String(task.height)} for this model.`, { parameter: 'width', taskUUID: task.taskUUID })
    if (family !== 'img2img' && (!Array.isArray(task.referenceImages) || task.referenceImages.length !== 2 || task.referenceImages.some((r) => !decodeDataUri(r))))
      return errorBody('invalidReferenceImages', 'Invalid value for referenceImages parameter.', { parameter: 'referenceImages', taskUUID: task.taskUUID })
    return null
  }

  async function handle(body: unknown): Promise<[number, unknown]> {
    if (!Array.isArray(body)) return [400, errorBody('invalidRequest', 'The request body must be an array of tasks.')]
    const data: unknown[] = []
    for (const task of body as Record<string, unknown>[]) {
      if (task.taskType === 'imageInference') {
        const invalid = validate(task)
        if (invalid) return [400, invalid]
        tasks.push(task)
        const job: Job = { task, readyAt: Date.now() + (opts.delayMs ?? 300), ...(nextFailure ? { error: nextFailure } : { images: await render(task) }) }
        nextFailure = null
        jobs.set(String(task.taskUUID), job)
        if (task.deliveryMethod === 'async') data.push({ taskType: 'imageInference', taskUUID: task.taskUUID })
        else if ('error' in job) return [400, errorBody('inferenceError', job.error, { taskUUID: task.taskUUID })]
        else for (const image of job.images) data.push({ taskType: 'imageInference', taskUUID: task.taskUUID, imageUUID: crypto.randomUUID(), imageBase64Data: image, cost: 0.04 })
      } else if (task.taskType === 'getResponse') {
        const job = jobs.get(String(task.taskUUID))
        if (!job) return [400, errorBody('taskNotFound', 'No active task with this taskUUID.', { parameter: 'taskUUID', taskUUID: task.taskUUID })]
        if (Date.now() < job.readyAt) data.push({ taskType: 'imageInference', taskUUID: task.taskUUID, status: 'processing' })
        else if ('error' in job) data.push({ taskType: 'imageInference', taskUUID: task.taskUUID, status: 'error', message: job.error })
        else for (const image of job.images) data.push({ taskType: 'imageInference', taskUUID: task.taskUUID, status: 'success', imageUUID: crypto.randomUUID(), imageBase64Data: image, cost: 0.04 })
      } else return [400, errorBody('invalidTaskType', `Unsupported taskType ${String(task.taskType)}.`, { parameter: 'taskType' })]
    }
    return [200, { data }]
  }

  const server = http.createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || req.url !== '/v1') return send(404, errorBody('notFound', 'Not found.'))
    if (req.headers.authorization !== `Bearer ${opts.apiKey}`) return send(401, errorBody('invalidApiKey', 'Invalid API key. Get one at https://my.runware.ai/signup', { parameter: 'apiKey' }))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      let body: unknown
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return send(400, errorBody('invalidJSON', 'The request body is not valid JSON.'))
      }
      handle(body).then(
        ([status, out]) => send(status, out),
        (err: Error) => send(500, errorBody('internalError', err.message)),
      )
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/v1`,
    tasks,
    failNext: (message) => {
      nextFailure = message
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
