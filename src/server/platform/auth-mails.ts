import type { Mail } from './mail'

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

function layout(title: string, body: string, action: { label: string; url: string }) {
  return `<!doctype html><html><body style="margin:0;background:#F6F5F3;font-family:-apple-system,Segoe UI,Roboto,sans-serif;color:#111">
<div style="max-width:440px;margin:32px auto;background:#fff;border-radius:12px;padding:32px">
<div style="font-family:Georgia,serif;font-size:28px;margin-bottom:24px">Drape</div>
<h1 style="font-size:20px;font-weight:600;margin:0 0 12px">${escape(title)}</h1>
<p style="font-size:14px;line-height:20px;color:#6B6B6B;margin:0 0 24px">${escape(body)}</p>
<a href="${escape(action.url)}" style="display:inline-block;background:#E0457B;color:#fff;text-decoration:none;padding:12px 20px;border-radius:999px;font-weight:600">${escape(action.label)}</a>
<p style="font-size:12px;color:#6B6B6B;margin:24px 0 0;word-break:break-all">${escape(action.url)}</p>
</div></body></html>`
}

export function verificationMail(to: string, url: string): Mail {
  const body = 'Welcome to Drape. Confirm your e-mail address to start browsing, liking and trying on dresses.'
  return {
    to,
    subject: 'Verify your Drape account',
    text: `${body}\n\nVerify your e-mail: ${url}\n\nIf you did not create an account, you can ignore this mail.`,
    html: layout('Verify your e-mail', body, { label: 'Verify e-mail', url }),
  }
}

export function resetPasswordMail(to: string, url: string): Mail {
  const body = 'Someone asked to reset the password of your Drape account. The link works for one hour.'
  return {
    to,
    subject: 'Reset your Drape password',
    text: `${body}\n\nChoose a new password: ${url}\n\nIf it was not you, ignore this mail; your password stays the same.`,
    html: layout('Reset your password', body, { label: 'Choose a new password', url }),
  }
}
