import { expect, it } from 'vitest'
import { trackInFlight } from './in-flight'

it('is idle only once every request handled has answered, failed ones included', async () => {
  const answers: (() => void)[] = []
  const tracked = trackInFlight((fail: boolean) => new Promise<Response>((resolve, reject) => answers.push(() => (fail ? reject(new Error('x')) : resolve(new Response('ok'))))))
  await tracked.idle()
  const first = tracked.fetch(false)
  const second = tracked.fetch(true).catch(() => null)
  let idle = false
  void tracked.idle().then(() => (idle = true))
  answers[0]!()
  await first
  expect(idle).toBe(false)
  answers[1]!()
  await second
  await expect.poll(() => idle).toBe(true)
})
