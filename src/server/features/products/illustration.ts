import type { DressStyle } from './catalogue'

/**
 * A flat fashion illustration of a dress as SVG (600×800 view box, 3:4): the silhouette follows
 * length, neckline, sleeves and fit; the fabric has the colour and a pattern; soft shading, a flat shadow,
 * seams, folds and a hanger on a clean light background. `garmentOnly` leaves out background, shadow and
 * hanger (a transparent cut-out for the try-on engine).
 */
type Rgb = [number, number, number]

const hexToRgb = (hex: string): Rgb => {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255]
}
const toHex = (c: Rgb) => `#${c.map((v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0')).join('')}`
const mix = (a: string, b: string, t: number) => {
  const x = hexToRgb(a)
  const y = hexToRgb(b)
  return toHex([x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t])
}
const luminance = (hex: string) => {
  const [r, g, b] = hexToRgb(hex)
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255
}

const CX = 300
const HEM_Y: Record<DressStyle['length'], number> = { mini: 545, knee: 610, midi: 680, maxi: 765 }
const NECK_HALF: Record<DressStyle['neckline'], number> = { 'v-neck': 42, round: 40, square: 50, sweetheart: 48, halter: 26, 'off-shoulder': 112, boat: 72, collar: 36 }

type Geometry = {
  sy: number
  neckHalf: number
  shoulderHalf: number
  armpitY: number
  bustHalf: number
  waistY: number
  waistHalf: number
  hipY: number
  hipHalf: number
  hemY: number
  hemHalf: number
}

function geometry(s: DressStyle): Geometry {
  const sy = s.neckline === 'off-shoulder' ? 192 : 150
  const hemY = HEM_Y[s.length]
  const waistY = 335
  const skirt = hemY - waistY
  const waistHalf = s.fit === 'shift' ? 80 : s.fit === 'bodycon' ? 62 : 66
  const hemHalf = {
    'a-line': Math.min(215, 120 + skirt * 0.3),
    bodycon: 84,
    'fit-and-flare': Math.min(228, 135 + skirt * 0.4),
    shift: 104 + skirt * 0.08,
    wrap: 112 + skirt * 0.24,
    slip: 96 + skirt * 0.16,
  }[s.fit]
  const neckHalf = NECK_HALF[s.neckline]
  const narrow = s.fit === 'slip' || s.neckline === 'halter'
  return { sy, neckHalf, shoulderHalf: narrow ? neckHalf + 16 : s.neckline === 'off-shoulder' ? 112 : 92, armpitY: 240, bustHalf: 84, waistY, waistHalf, hipY: 430, hipHalf: 92, hemY, hemHalf }
}

/** The neckline from the left neck point to the right one (the pen is at the left point). */
function neckline(s: DressStyle, g: Geometry) {
  const l = CX - g.neckHalf
  const r = CX + g.neckHalf
  const y = g.sy - 4
  switch (s.neckline) {
    case 'v-neck':
      return `L ${CX} ${y + (s.fit === 'wrap' ? 120 : 96)} L ${r} ${y}`
    case 'round':
      return `C ${l + 4} ${y + 52}, ${r - 4} ${y + 52}, ${r} ${y}`
    case 'square':
      return `L ${l + 2} ${y + 58} L ${r - 2} ${y + 58} L ${r} ${y}`
    case 'sweetheart':
      return `C ${l} ${y + 62}, ${CX - 14} ${y + 74}, ${CX} ${y + 56} C ${CX + 14} ${y + 74}, ${r} ${y + 62}, ${r} ${y}`
    case 'halter':
      return `C ${l + 6} ${y + 44}, ${r - 6} ${y + 44}, ${r} ${y}`
    case 'off-shoulder':
      return `Q ${CX} ${y + 16} ${r} ${y}`
    case 'boat':
      return `Q ${CX} ${y + 30} ${r} ${y}`
    case 'collar':
      return `L ${CX} ${y + 58} L ${r} ${y}`
  }
}

/** The outline of body and skirt, clockwise from the left neck point. */
function bodyPath(s: DressStyle, g: Geometry) {
  const side = (k: 1 | -1) => {
    const x = (dx: number) => CX + k * dx
    const shoulder = s.neckline === 'off-shoulder' ? '' : `L ${x(g.shoulderHalf)} ${g.sy + 8}`
    const armhole = `Q ${x(Math.max(g.shoulderHalf - 12, g.bustHalf - 10))} ${g.armpitY - 44} ${x(g.bustHalf)} ${g.armpitY}`
    const toWaist = `Q ${x(g.bustHalf + 2)} ${(g.armpitY + g.waistY) / 2} ${x(g.waistHalf)} ${g.waistY}`
    const skirt =
      s.fit === 'bodycon'
        ? `Q ${x(g.hipHalf + 4)} ${g.hipY - 30} ${x(g.hipHalf)} ${g.hipY} L ${x(g.hemHalf)} ${g.hemY}`
        : `C ${x(g.waistHalf + 14)} ${g.waistY + 50}, ${x(g.hemHalf - 26)} ${g.hemY - 70}, ${x(g.hemHalf)} ${g.hemY}`
    return { shoulder, armhole, toWaist, skirt }
  }
  const right = side(1)
  // The left side is walked upwards: same points in reverse order.
  const x = (dx: number) => CX - dx
  const leftUp = [
    s.fit === 'bodycon'
      ? `L ${x(g.hipHalf)} ${g.hipY} Q ${x(g.hipHalf + 4)} ${g.hipY - 30} ${x(g.waistHalf)} ${g.waistY}`
      : `C ${x(g.hemHalf - 26)} ${g.hemY - 70}, ${x(g.waistHalf + 14)} ${g.waistY + 50}, ${x(g.waistHalf)} ${g.waistY}`,
    `Q ${x(g.bustHalf + 2)} ${(g.armpitY + g.waistY) / 2} ${x(g.bustHalf)} ${g.armpitY}`,
    s.neckline === 'off-shoulder'
      ? `Q ${x(g.bustHalf + 6)} ${g.sy + 20} ${x(g.neckHalf)} ${g.sy - 4}`
      : `Q ${x(Math.max(g.shoulderHalf - 12, g.bustHalf - 10))} ${g.armpitY - 44} ${x(g.shoulderHalf)} ${g.sy + 8} L ${x(g.neckHalf)} ${g.sy - 4}`,
  ]
  const hem = s.fit === 'fit-and-flare' ? `Q ${CX} ${g.hemY + 26} ${CX - g.hemHalf} ${g.hemY}` : `Q ${CX} ${g.hemY + 16} ${CX - g.hemHalf} ${g.hemY}`
  const rightOffShoulder = s.neckline === 'off-shoulder' ? `Q ${CX + g.bustHalf + 6} ${g.sy + 20} ${CX + g.bustHalf} ${g.armpitY}` : `${right.shoulder} ${right.armhole}`
  return `M ${CX - g.neckHalf} ${g.sy - 4} ${neckline(s, g)} ${rightOffShoulder} ${right.toWaist} ${right.skirt} ${hem} ${leftUp.join(' ')} Z`
}

/** One sleeve (k = 1 right, -1 left) between the shoulder and the armpit. */
function sleevePath(s: DressStyle, g: Geometry, k: 1 | -1) {
  const x = (dx: number) => CX + k * dx
  const top = s.neckline === 'off-shoulder' ? { x: x(g.bustHalf + 2), y: g.sy + 6 } : { x: x(g.shoulderHalf), y: g.sy + 8 }
  const sh = Math.abs(top.x - CX)
  const arm = `${x(g.bustHalf)} ${g.armpitY}`
  switch (s.sleeve) {
    case 'sleeveless':
      return null
    case 'cap':
      return `M ${top.x} ${top.y} Q ${x(sh + 30)} ${top.y + 10} ${x(sh + 30)} ${top.y + 44} Q ${x(sh + 14)} ${g.armpitY - 20} ${arm} Z`
    case 'short':
      return `M ${top.x} ${top.y} L ${x(sh + 62)} ${top.y + 74} L ${x(sh + 30)} ${top.y + 104} L ${arm} Z`
    case 'puff':
      return `M ${top.x} ${top.y} C ${x(sh + 74)} ${top.y - 20}, ${x(sh + 84)} ${top.y + 80}, ${x(sh + 44)} ${top.y + 104} L ${arm} Z`
    case 'three-quarter':
      return `M ${top.x} ${top.y} Q ${x(sh + 50)} ${top.y + 60} ${x(sh + 66)} ${top.y + 222} L ${x(sh + 28)} ${top.y + 232} Q ${x(sh + 16)} ${g.armpitY + 40} ${arm} Z`
    case 'long':
      return `M ${top.x} ${top.y} Q ${x(sh + 56)} ${top.y + 70} ${x(sh + 76)} ${top.y + 312} L ${x(sh + 36)} ${top.y + 322} Q ${x(sh + 18)} ${g.armpitY + 60} ${arm} Z`
  }
}

function patternDef(s: DressStyle, base: string, accent: string) {
  const open = (w: number, h: number) => `<pattern id="p" patternUnits="userSpaceOnUse" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="${base}"/>`
  switch (s.pattern) {
    case 'stripes':
      return `${open(40, 40)}<rect y="0" width="40" height="13" fill="${accent}"/></pattern>`
    case 'dots':
      return `${open(44, 44)}<circle cx="11" cy="11" r="5.5" fill="${accent}"/><circle cx="33" cy="33" r="5.5" fill="${accent}"/></pattern>`
    case 'floral': {
      const flower = (fx: number, fy: number) =>
        [0, 72, 144, 216, 288].map((a) => `<circle cx="${(fx + 7 * Math.cos((a * Math.PI) / 180)).toFixed(1)}" cy="${(fy + 7 * Math.sin((a * Math.PI) / 180)).toFixed(1)}" r="5.5" fill="${accent}"/>`).join('') +
        `<circle cx="${fx}" cy="${fy}" r="3.5" fill="#F2C14E"/>`
      return `${open(72, 72)}${flower(18, 18)}${flower(54, 54)}<ellipse cx="52" cy="16" rx="7" ry="3" fill="${mix(accent, '#3C7A4A', 0.6)}" transform="rotate(-30 52 16)"/><ellipse cx="16" cy="52" rx="7" ry="3" fill="${mix(accent, '#3C7A4A', 0.6)}" transform="rotate(30 16 52)"/></pattern>`
    }
    case 'gingham':
      return `${open(36, 36)}<rect width="18" height="36" fill="${accent}" opacity="0.35"/><rect width="36" height="18" fill="${accent}" opacity="0.35"/></pattern>`
    case 'ribbed':
      return `${open(14, 14)}<rect width="4" height="14" fill="${accent}" opacity="0.25"/></pattern>`
    case 'solid':
    case 'pleats':
      return `${open(10, 10)}</pattern>`
  }
}

function details(s: DressStyle, g: Geometry, line: string, light: string) {
  const out: string[] = []
  if (s.fit !== 'shift') out.push(`<path d="M ${CX - g.waistHalf} ${g.waistY} Q ${CX} ${g.waistY + 8} ${CX + g.waistHalf} ${g.waistY}" fill="none" stroke="${line}" stroke-width="2.5" opacity="0.55"/>`)
  const folds = s.pattern === 'pleats' ? 9 : s.fit === 'bodycon' ? 0 : 4
  for (let i = 0; i < folds; i++) {
    const t = (i / (folds - 1)) * 2 - 1
    out.push(`<path d="M ${(CX + t * g.waistHalf * 0.7).toFixed(1)} ${g.waistY + 14} L ${(CX + t * g.hemHalf * 0.78).toFixed(1)} ${g.hemY - 6}" stroke="${line}" stroke-width="${s.pattern === 'pleats' ? 2.5 : 2}" opacity="${s.pattern === 'pleats' ? 0.45 : 0.22}" stroke-linecap="round"/>`)
  }
  if (s.fit === 'wrap') out.push(`<path d="M ${CX - g.neckHalf} ${g.sy} Q ${CX + 10} ${g.waistY - 60} ${CX + g.waistHalf - 6} ${g.waistY + 6} L ${CX + g.hemHalf * 0.55} ${g.hemY + 8}" fill="none" stroke="${line}" stroke-width="2.5" opacity="0.5"/>`)
  if (s.neckline === 'collar') {
    const y = g.sy - 4
    for (const k of [-1, 1]) out.push(`<path d="M ${CX + k * g.neckHalf} ${y} L ${CX + k * 6} ${y + 56} L ${CX + k * (g.neckHalf + 26)} ${y + 34} Z" fill="${light}" stroke="${line}" stroke-width="2.5" stroke-linejoin="round"/>`)
  }
  if (s.buttons) {
    const end = s.length === 'maxi' ? g.waistY + 160 : g.hemY - 40
    for (let y = g.sy + 76; y < end; y += 42) out.push(`<circle cx="${CX}" cy="${y}" r="5" fill="${light}" stroke="${line}" stroke-width="1.5"/>`)
    out.push(`<path d="M ${CX + 12} ${g.sy + 56} L ${CX + 12} ${end}" stroke="${line}" stroke-width="1.5" opacity="0.4"/>`)
  }
  if (s.belt) {
    out.push(`<path d="M ${CX - g.waistHalf - 2} ${g.waistY - 11} Q ${CX} ${g.waistY - 3} ${CX + g.waistHalf + 2} ${g.waistY - 11} L ${CX + g.waistHalf + 2} ${g.waistY + 9} Q ${CX} ${g.waistY + 17} ${CX - g.waistHalf - 2} ${g.waistY + 9} Z" fill="${line}"/>`)
    out.push(`<path d="M ${CX + 18} ${g.waistY + 4} q 10 40 -6 86 M ${CX + 18} ${g.waistY + 4} q 26 34 24 78" fill="none" stroke="${line}" stroke-width="9" stroke-linecap="round"/>`)
  }
  return out.join('')
}

export function dressSvg(style: DressStyle, colorHex: string, opts: { width: number; garmentOnly?: boolean }) {
  const g = geometry(style)
  const dark = luminance(colorHex) < 0.35
  const line = dark ? mix(colorHex, '#000000', 0.45) : mix(colorHex, '#000000', 0.32)
  const light = mix(colorHex, '#FFFFFF', 0.55)
  const accent = style.pattern === 'floral' ? (dark ? '#F3C6D3' : mix(colorHex, '#B0305A', 0.7)) : dark ? mix(colorHex, '#FFFFFF', 0.62) : mix(colorHex, '#1F2A44', 0.55)
  const background = mix(colorHex, '#FBFAF8', 0.9)
  const body = bodyPath(style, g)
  const sleeves = ([-1, 1] as const).map((k) => sleevePath(style, g, k)).filter(Boolean) as string[]
  const shapes = [...sleeves.map((d) => `<path d="${d}"/>`), `<path d="${body}"/>`].join('')
  const height = Math.round((opts.width * 4) / 3)
  const scene = opts.garmentOnly
    ? ''
    : `<rect width="600" height="800" fill="url(#bg)"/>` +
      `<use href="#dress" transform="translate(10 14)" fill="#000" opacity="0.07"/>` +
      `<path d="M ${CX - 118} ${g.sy + 22} L ${CX} ${g.sy - 40} L ${CX + 118} ${g.sy + 22}" fill="none" stroke="#A89C8E" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>` +
      `<path d="M ${CX} ${g.sy - 40} L ${CX} ${g.sy - 64} C ${CX} ${g.sy - 94}, ${CX + 32} ${g.sy - 94}, ${CX + 32} ${g.sy - 70}" fill="none" stroke="#8E8274" stroke-width="6" stroke-linecap="round"/>`
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${opts.width}" height="${height}" viewBox="0 0 600 800">` +
    `<defs>${patternDef(style, colorHex, accent)}` +
    `<radialGradient id="bg" cx="50%" cy="42%" r="70%"><stop offset="0" stop-color="#FFFFFF"/><stop offset="1" stop-color="${background}"/></radialGradient>` +
    `<linearGradient id="shade" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.16"/><stop offset="0.45" stop-color="#FFFFFF" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.16"/></linearGradient>` +
    `<g id="dress">${shapes}</g></defs>` +
    scene +
    // (the cut-out for the try-on has no outline: worn, a drawn line round the dress showed as a dark beaded edge)
    `<use href="#dress" fill="url(#p)"${opts.garmentOnly ? '' : ` stroke="${line}" stroke-width="3" stroke-linejoin="round"`}/>` +
    `<use href="#dress" fill="url(#shade)"/>` +
    details(style, g, line, light) +
    `</svg>`
  )
}
