import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { devMail } from '../db/schema'
import { logger } from './logger'

export type Mail = { to: string; subject: string; text: string; html: string }

export type Mailer = {
  kind: 'dev' | 'smtp'
  send(mail: Mail): Promise<void>
}

export const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])]

/** SMTP when SMTP_URL is set; otherwise the dev mailbox, kept in the database. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl)
    return {
      kind: 'smtp',
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...mail })
        logger.info('mail sent', { to: mail.to, subject: mail.subject })
      },
    }
  }
  return {
    kind: 'dev',
    async send(mail) {
      await opts.db.insert(devMail).values({ ...mail, to: mail.to.toLowerCase(), links: linksIn(mail.text) })
      logger.info('mail kept in dev mailbox', { to: mail.to, subject: mail.subject })
    },
  }
}

export async function listDevMail(db: Db, to?: string) {
  const rows = await db
    .select()
    .from(devMail)
    .where(to ? eq(devMail.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMail.createdAt))
    .limit(100)
  return rows.map(({ id: _id, ...m }) => m)
}
