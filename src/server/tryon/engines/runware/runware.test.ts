import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { snapKontextSize } from '~/shared/tryon/sizes'
import { TryOnError, type TryOnInput } from '../../engine'
import { startFakeRunware, type FakeRunware } from './fake-server'
import { createRunwareEngine } from '.'

const KEY = 'test-key-123'
let fake: FakeRunware
let input: TryOnInput

const photo = (color: string, w = 300, h = 400) => sharp({ create: { width: w, height: h, channels: 3, background: color } }).jpeg().toBuffer()

beforeAll(async () => {
  fake = await startFakeRunware({ apiKey: KEY, delayMs: 150 })
  input = {
    person: { key: 'user-photos/u/p.jpg', data: await photo('#c8a27a'), contentType: 'image/jpeg' },
    garment: { key: 'user-photos/u/g.jpg', data: await photo('#2255cc', 200, 200), contentType: 'image/jpeg' },
    width: 768,
    height: 1024,
    numberResults: 1,
    outputFormat: 'JPG',
    model: 'bfl:4@1',
    prompt: 'Person of image 1 wearing the garment of image 2.',
  }
})
afterAll(() => fake.close())

const engine = (key = KEY) => createRunwareEngine({ apiKey: key, url: fake.url, pollIntervalMs: 50, timeoutMs: 5000 })

describe('snapKontextSize', () => {
  it('snaps to the nearest documented Kontext size', () => {
    expect(snapKontextSize(768, 1024)).toEqual({ width: 880, height: 1184 })
    expect(snapKontextSize(1024, 1024)).toEqual({ width: 1024, height: 1024 })
    expect(snapKontextSize(1920, 1080)).toEqual({ width: 1392, height: 752 })
    expect(snapKontextSize(512, 1536)).toEqual({ width: 672, height: 1568 })
  })
})

describe('runware engine against a fake Runware API', () => {
  it('sends imageInference with referenceImages [person, garment] and a snapped size, then polls getResponse', async () => {
    const stages: string[] = []
    const out = await engine().generate({ ...input, numberResults: 2 }, (s) => stages.push(s))
    expect(out.model).toBe('bfl:4@1')
    expect(out.images).toHaveLength(2)
    const meta = await sharp(out.images[0]!.data).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 880, 1184])
    const task = fake.tasks.at(-1)!
    expect(task).toMatchObject({ taskType: 'imageInference', model: 'bfl:4@1', width: 880, height: 1184, numberResults: 2, outputFormat: 'JPG', outputType: 'base64Data', deliveryMethod: 'async', positivePrompt: input.prompt })
    expect((task.referenceImages as string[]).map((r) => r.slice(0, 23))).toEqual(['data:image/jpeg;base64,', 'data:image/jpeg;base64,'])
    expect(Buffer.from((task.referenceImages as string[])[0]!.split(',')[1]!, 'base64').equals(input.person.data)).toBe(true)
    expect(stages).toEqual(['submitting', 'waiting'])
  })

  it('merges custom JSON but keeps the keys the server owns, and falls back to runware:106@1 for unknown models', async () => {
    await engine().generate({ ...input, model: 'someone:1@1', customJson: { steps: 28, CFGScale: 3.5, taskType: 'imageUpscale', outputType: 'URL', positivePrompt: 'x' } })
    const task = fake.tasks.at(-1)!
    expect(task).toMatchObject({ model: 'runware:106@1', steps: 28, CFGScale: 3.5, taskType: 'imageInference', outputType: 'base64Data', positivePrompt: input.prompt })
  })

  it('sends FLUX Virtual Try-On the person and garment within 2 megapixels', async () => {
    await engine().generate({ ...input, model: 'bfl:flux@vto', width: 2048, height: 2048 })
    const task = fake.tasks.at(-1)!
    expect(task.model).toBe('bfl:flux@vto')
    expect((task.width as number) * (task.height as number)).toBeLessThanOrEqual(2_000_000)
    expect(task.referenceImages).toHaveLength(2)
  })

  it('turns a refused key into a readable, non-retryable error', async () => {
    const err = await engine('wrong').generate(input).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(TryOnError)
    expect((err as TryOnError).message).toMatch(/refused our API key/)
    expect((err as TryOnError).retryable).toBe(false)
  })

  it('reports an error that arrives through getResponse', async () => {
    fake.failNext('Content moderation: image rejected')
    const err = (await engine().generate(input).catch((e: unknown) => e)) as TryOnError
    expect(err).toBeInstanceOf(TryOnError)
    expect(err.message).toBe('Content moderation: image rejected')
  })

  it('reports an unreachable service as retryable', async () => {
    const down = createRunwareEngine({ apiKey: KEY, url: 'http://127.0.0.1:9/v1', pollIntervalMs: 50, timeoutMs: 2000 })
    const err = (await down.generate(input).catch((e: unknown) => e)) as TryOnError
    expect(err).toBeInstanceOf(TryOnError)
    expect(err.retryable).toBe(true)
  })

  it('gives up at its time limit while the task is still processing', async () => {
    const slow = await startFakeRunware({ apiKey: KEY, delayMs: 10_000 })
    try {
      const e = createRunwareEngine({ apiKey: KEY, url: slow.url, pollIntervalMs: 50, timeoutMs: 400 })
      const err = (await e.generate(input).catch((x: unknown) => x)) as TryOnError
      expect(err.message).toMatch(/took too long/)
    } finally {
      await slow.close()
    }
  })
})
