import { desc, eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { devMail } from '../db/schema'
import { logger } from './logger'
import { secretMatches } from './secrets'

export type Mail = { to: string; subject: string; text: string; html: string }

/**
 * `smtp` delivers; `dev` keeps mails in the database for the dev mailbox, readable only with its
 * key; `off` (production without SMTP_URL) drops them with a warning.
 */
export type Mailer =
  | { kind: 'smtp' | 'off'; send(mail: Mail): Promise<void> }
  | { kind: 'dev'; key: string; send(mail: Mail): Promise<void> }

export const linksIn = (text: string) => [...new Set(text.match(/https?:\/\/[^\s"'<>]+/g) ?? [])]

/** SMTP when SMTP_URL is set; otherwise the dev mailbox when it has a key; otherwise nowhere. */
export function createMailer(opts: { smtpUrl?: string; from: string; db: Db; devMailboxKey?: string }): Mailer {
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
  if (!opts.devMailboxKey) {
    return {
      kind: 'off',
      async send(mail) {
        logger.warn('mail not sent: no SMTP_URL is configured', { subject: mail.subject })
      },
    }
  }
  return {
    kind: 'dev',
    key: opts.devMailboxKey,
    async send(mail) {
      await opts.db.insert(devMail).values({ ...mail, to: mail.to.toLowerCase(), links: linksIn(mail.text) })
      logger.info('mail kept in dev mailbox', { to: mail.to, subject: mail.subject })
    },
  }
}

/** The dev mailbox's mails when `key` is its key, otherwise null (the mailbox then does not exist). */
export async function readDevMailbox(mailer: Mailer, db: Db, key: string | undefined, to?: string) {
  if (mailer.kind !== 'dev' || !secretMatches(mailer.key, key)) return null
  return listDevMail(db, to)
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
