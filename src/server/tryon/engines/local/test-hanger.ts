import sharp from 'sharp'
import type { Point } from './geometry'
import { type Rgb, decode } from './raster'

/**
 * Test photos of garments on hangers and with swing tags: a hanger's parts drawn as SVG over a
 * product photo (its backdrop copied upwards first where the hook needs room), saved as a JPEG as
 * a shop's photo would be.
 */

const points = (ps: Point[]) => ps.map((p) => `${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')

/** A hanger's hook: a wire standing up from `base` (the collar's top, the bar's middle) `height` high and curling over to the right. */
export function hook(base: Point, height: number, colour = '#3c3c3c', wire = 6): string {
  const radius = height * 0.22
  const top = base.y - height + radius
  return `<path d="M${base.x} ${base.y + wire * 2} L${base.x} ${top} A${radius} ${radius} 0 0 1 ${base.x + 2 * radius} ${top} L${base.x + 2 * radius} ${top + radius * 0.4}" fill="none" stroke="${colour}" stroke-width="${wire}" stroke-linecap="round"/>`
}

/** A hanger's bar through the given points (out past one shoulder, up to the neck, down past the other). */
export const bar = (through: Point[], thickness: number, colour: string) =>
  `<polyline points="${points(through)}" fill="none" stroke="${colour}" stroke-width="${thickness}" stroke-linejoin="round" stroke-linecap="round"/>`

/** A clip hanger's clip gripping the waistband: a rectangle from its bar down over the fabric. */
export const clip = (x: number, y: number, width: number, height: number, colour = '#2a2a2a') => `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="3" fill="${colour}"/>`

/** A swing tag: a string from `from` (on the garment) to the tag's hole at `to`, the card hanging below it. */
export function swingTag(from: Point, to: Point, card = { width: 48, height: 80, colour: '#b5895a' }, string = { width: 6, colour: '#202020' }): string {
  const x = to.x - card.width / 2
  return `<line x1="${from.x}" y1="${from.y}" x2="${to.x}" y2="${to.y + 8}" stroke="${string.colour}" stroke-width="${string.width}" stroke-linecap="round"/><rect x="${x}" y="${to.y}" width="${card.width}" height="${card.height}" rx="4" fill="${card.colour}"/><circle cx="${to.x}" cy="${to.y + 10}" r="4" fill="#f0f0f0"/>`
}

/**
 * The photo with `room` rows of its backdrop added above it (its top row copied upwards), and the
 * shapes drawn over it (their coordinates in the taller photo), decoded from a JPEG.
 */
export async function paintOver(photo: Buffer, shapes: string[], room = 0): Promise<Rgb> {
  const taller = await sharp(photo).extend({ top: room, extendWith: 'copy' }).png().toBuffer()
  const { width, height } = await sharp(taller).metadata()
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${shapes.join('')}</svg>`
  const jpeg = await sharp(taller)
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 90 })
    .toBuffer()
  return (await decode(jpeg)).rgb
}
