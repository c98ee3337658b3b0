import { describe, expect, it } from 'vitest'
import { renderIndexHtml } from './index-html'

const template = '<html><head><title>Drape</title></head><body><div id="root"></div></body></html>'
const session = { user: { id: 'u1', email: 'a@b.co', emailVerified: true, name: '</script><script>alert(1)</script>', image: null }, expiresAt: '2026-01-01T00:00:00.000Z' }

describe('index.html per request', () => {
  it('inlines the session so that no text in it can end the script element', () => {
    const html = renderIndexHtml(template, { session, modulePreloads: [] })
    const block = /<script type="application\/json" id="drape-session">(.*?)<\/script>/.exec(html)![1]!
    expect(block).not.toContain('<')
    expect(JSON.parse(block)).toEqual(session)
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it('adds a preload link per font and a modulepreload link per chunk to the head', () => {
    const html = renderIndexHtml(template, { session: null, modulePreloads: ['/assets/a.js', '/assets/b.js'], fonts: ['/assets/serif.woff2'] })
    expect(html).toContain(
      '<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/serif.woff2"><link rel="modulepreload" crossorigin href="/assets/a.js"><link rel="modulepreload" crossorigin href="/assets/b.js"></head>',
    )
    expect(html).toContain('<body><script type="application/json" id="drape-session">null</script><div id="root">')
  })

  it("inlines the first screen's answers escaped like the session, and preloads its largest image with its srcset and sizes", () => {
    const answers = { '/api/feed?limit=10': { items: [{ caption: '</script><script>alert(1)</script><!--' }] } }
    const images = [{ href: '/api/files/a.webp?x="><script>', srcset: '/a-360.webp 360w, /a-720.webp 720w', sizes: '100vw' }]
    const html = renderIndexHtml(template, { session: null, modulePreloads: [], firstScreen: { answers, images } })
    const block = /<script type="application\/json" id="drape-first-screen">(.*?)<\/script>/.exec(html)![1]!
    expect(block).not.toContain('<')
    expect(JSON.parse(block)).toEqual(answers)
    expect(html.match(/<script/g)).toHaveLength(2)
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/api/files/a.webp?x=&quot;>&lt;script>" imagesrcset="/a-360.webp 360w, /a-720.webp 720w" imagesizes="100vw"></head>',
    )
    expect(renderIndexHtml(template, { session: null, modulePreloads: [], firstScreen: { answers: {}, images: [] } })).not.toContain('drape-first-screen')
  })
})
