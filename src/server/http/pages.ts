const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

const shell = (title: string, body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>body{margin:0;font:14px/1.5 system-ui,sans-serif;color:#111;background:#F6F5F3}main{max-width:760px;margin:0 auto;padding:24px}
h1{font:28px Georgia,serif}article{background:#fff;border-radius:12px;padding:16px;margin:12px 0}small,.muted{color:#6B6B6B}
code{background:#F6F5F3;padding:1px 4px;border-radius:4px}a{color:#B8285A;overflow-wrap:anywhere}pre{overflow-wrap:anywhere}.m{font-weight:600;text-transform:uppercase;font-size:12px;margin-right:8px}</style>
</head><body><main>${body}</main></body></html>`

type Mail = { to: string; subject: string; text: string; links: string[]; createdAt: Date }

export function mailboxPage(mails: Mail[]) {
  const items = mails
    .map(
      (m) => `<article><small>${escape(m.createdAt.toISOString())} · to ${escape(m.to)}</small><h2>${escape(m.subject)}</h2>
<pre style="white-space:pre-wrap">${escape(m.text)}</pre>${m.links.map((l) => `<p><a href="${escape(l)}">${escape(l)}</a></p>`).join('')}</article>`,
    )
    .join('')
  return shell('Drape dev mailbox', `<h1>Dev mailbox</h1><p class="muted">Mails the app sent while no SMTP server is configured, newest first.</p>${items || '<p>No mail yet.</p>'}`)
}

type OpenApi = { info: { title: string; version: string }; paths: Record<string, Record<string, { summary?: string; tags?: string[] }>> }

export function apiDocsPage(doc: OpenApi) {
  const rows = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })))
    .sort((a, b) => (a.op.tags?.[0] ?? '').localeCompare(b.op.tags?.[0] ?? '') || a.path.localeCompare(b.path))
    .map((r) => `<article><span class="m">${r.method}</span><code>${escape(r.path)}</code><div class="muted">${escape(r.op.summary ?? '')}</div></article>`)
    .join('')
  return shell(`${doc.info.title} API`, `<h1>${escape(doc.info.title)} API ${escape(doc.info.version)}</h1>
<p class="muted">Every route with its request and response schemas is in <a href="/api/openapi.json">/api/openapi.json</a>. Errors are <code>{ error: { code, message, fields? } }</code>.</p>${rows}`)
}
