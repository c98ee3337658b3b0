import sharp from 'sharp'

/**
 * Generated demo artwork (no photos are copied from anywhere): a garment silhouette on a
 * gradient backdrop, drawn as SVG and rasterised with sharp. Deterministic per seed.
 */
const GARMENTS = {
  dress: 'M540 260 C500 260 470 300 455 330 L400 360 C380 380 390 420 420 430 L440 520 C400 700 330 900 300 1080 C460 1120 620 1120 780 1080 C750 900 680 700 640 520 L660 430 C690 420 700 380 680 360 L625 330 C610 300 580 260 540 260 Z',
  coat: 'M430 250 L360 300 L300 560 L330 1050 L500 1060 L520 420 L560 420 L580 1060 L750 1050 L780 560 L720 300 L650 250 L590 330 L540 360 L490 330 Z',
  skirt: 'M420 420 L660 420 L690 480 C740 650 800 850 850 1010 C650 1060 430 1060 230 1010 C280 850 340 650 390 480 Z',
  shirt: 'M440 280 L330 330 L230 480 L320 540 L370 470 L380 980 L700 980 L710 470 L760 540 L850 480 L750 330 L640 280 C620 330 580 350 540 350 C500 350 460 330 440 280 Z',
} as const
export type Garment = keyof typeof GARMENTS

export function artworkSvg(seed: { garment: Garment; from: string; to: string; cloth: string; accent: string; pattern: 'dots' | 'stripes' | 'plain' }) {
  const pattern =
    seed.pattern === 'dots'
      ? `<pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse"><circle cx="30" cy="30" r="9" fill="${seed.accent}" opacity="0.7"/></pattern>`
      : seed.pattern === 'stripes'
        ? `<pattern id="p" width="48" height="48" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="20" height="48" fill="${seed.accent}" opacity="0.55"/></pattern>`
        : `<pattern id="p" width="10" height="10" patternUnits="userSpaceOnUse"><rect width="10" height="10" fill="none"/></pattern>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1350" viewBox="0 0 1080 1350">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${seed.from}"/><stop offset="1" stop-color="${seed.to}"/></linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.35" r="0.6"><stop offset="0" stop-color="#ffffff" stop-opacity="0.45"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.18"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.22"/></linearGradient>
    ${pattern}
  </defs>
  <rect width="1080" height="1350" fill="url(#bg)"/>
  <rect width="1080" height="1350" fill="url(#glow)"/>
  <ellipse cx="540" cy="1180" rx="380" ry="46" fill="#000" opacity="0.12"/>
  <line x1="540" y1="120" x2="540" y2="250" stroke="#2b2b2b" stroke-width="6"/>
  <path d="M470 262 Q540 200 610 262" fill="none" stroke="#2b2b2b" stroke-width="8" stroke-linecap="round"/>
  <path d="${GARMENTS[seed.garment]}" fill="${seed.cloth}"/>
  <path d="${GARMENTS[seed.garment]}" fill="url(#p)"/>
  <path d="${GARMENTS[seed.garment]}" fill="url(#shade)"/>
</svg>`
}

export async function renderArtwork(seed: Parameters<typeof artworkSvg>[0]) {
  // Uncompressed: the PNG only travels to the upload pipeline, which re-encodes it as WebP.
  return sharp(Buffer.from(artworkSvg(seed))).png({ compressionLevel: 0 }).toBuffer()
}

/** A generated demo avatar: a head-and-shoulders silhouette on a two-colour gradient. */
export function avatarSvg(from: string, to: string, figure: string) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
  <defs><linearGradient id="a" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="320" height="320" fill="url(#a)"/>
  <circle cx="160" cy="130" r="58" fill="${figure}"/>
  <path d="M50 320 C60 230 110 200 160 200 C210 200 260 230 270 320 Z" fill="${figure}"/>
</svg>`
}
