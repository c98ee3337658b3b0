import sharp from 'sharp'

type Palette = { from: string; to: string; accent: string }

export const DEMO_STORY_SIZE = { width: 720, height: 1280 }
/**
 * Where the caption line sits (picture pixels): just under the dress hem (y ≈ 995), clear of the
 * bottom sixth that /live's emoji row and comment field (and the story viewer's reply bar) cover
 * on a 390x844 screen.
 */
export const DEMO_CAPTION = { baseline: 1055, fontSize: 44 }

/** A generated 9:16 story picture (gradient, a dress silhouette and a line of text); no photos. */
export async function demoStoryImage(palette: Palette, caption: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280" viewBox="0 0 720 1280">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.42" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="720" height="1280" fill="url(#bg)"/>
  <circle cx="360" cy="540" r="420" fill="url(#glow)"/>
  <path d="M300 250 q60 40 120 0 l30 120 q-30 30 -25 70 l145 520 q-210 70 -420 0 l145 -520 q5 -40 -25 -70 z" fill="${palette.accent}" opacity="0.92"/>
  <path d="M300 250 q60 40 120 0" stroke="#ffffff" stroke-opacity="0.6" stroke-width="6" fill="none"/>
  <text x="360" y="${DEMO_CAPTION.baseline}" font-family="Georgia, serif" font-size="${DEMO_CAPTION.fontSize}" fill="#ffffff" text-anchor="middle">${caption.replace(/[<&>]/g, '')}</text>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
