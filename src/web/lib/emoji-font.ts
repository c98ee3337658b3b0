import { useEffect } from 'react'
// Noto Color Emoji (OFL-1.1, @fontsource/noto-color-emoji): subset 9 holds every live reaction
// (❤️ 🔥 😍 👏 😂), 0.5 MB of the font's 24 MB. The WOFF, not the WOFF2: Chromium loads that
// WOFF2 subset but draws nothing with it (checked at 390x844 on Linux without an emoji font).
import reactionsSubset from '@fontsource/noto-color-emoji/files/noto-color-emoji-9-400-normal.woff?url'

const FAMILY = 'Drape Emoji'
/** Only these code points come from the shipped font; the browser fetches it when it draws one of them. */
const UNICODE_RANGE = 'U+2764, U+FE0F, U+1F44F, U+1F525, U+1F602, U+1F60D'

/** The system's colour emoji first (Apple, Windows); elsewhere the shipped subset, so no box is drawn. */
export const EMOJI_FONT_STACK = `'Apple Color Emoji', 'Segoe UI Emoji', '${FAMILY}', 'Noto Color Emoji', sans-serif`

let added = false

/** Registers the reaction emoji font on the screens that show reactions (it loads on first use). */
export function useEmojiFont() {
  useEffect(() => {
    if (added || typeof FontFace === 'undefined') return
    added = true
    document.fonts.add(new FontFace(FAMILY, `url(${reactionsSubset}) format('woff')`, { unicodeRange: UNICODE_RANGE, display: 'swap' }))
  }, [])
}
