import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'

type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on loopback that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (c: Buffer) => (raw += c.toString()))
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) }
}

let smtp: Awaited<ReturnType<typeof startSmtp>>
let t: TestApp
beforeAll(async () => {
  smtp = await startSmtp()
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Drape <no-reply@drape.test>' })
})
afterAll(async () => {
  await t.close()
  await smtp.close()
})

describe('mail over SMTP', () => {
  it('sends the verification mail through the SMTP server', async () => {
    const res = await t.request('/api/account/register', { body: { email: 'smtp@example.com', password: 'abcdefgh', confirmPassword: 'abcdefgh' } })
    expect(res.status).toBe(201)
    await expect.poll(() => smtp.received.length).toBe(1)
    const mail = smtp.received[0]!
    expect(mail.to).toEqual(['smtp@example.com'])
    expect(mail.from).toBe('no-reply@drape.test')
    expect(mail.raw).toContain('Subject: Verify your Drape account')
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('/api/auth/verify-email?token=3D')
  })

  it('has no dev mailbox when SMTP is configured', async () => {
    expect((await t.request('/api/dev/mailbox')).status).toBe(404)
    expect((await t.request('/dev/mailbox')).status).toBe(404)
  })
})
