import { type Plane, type Rgb, blur, isSet, luminance, pixelLab } from './raster'

/**
 * SSIM map of two images (luminance, Gaussian window sigma 1.5, the usual constants), and its
 * mean over a weight mask (the whole image when none).
 */
export function ssim(a: Rgb, b: Rgb, weight?: Plane): number {
  const x = luminance(a)
  const y = luminance(b)
  const mul = (p: Plane, q: Plane): Plane => ({ ...p, data: p.data.map((v, i) => v * (q.data[i] ?? 0)) })
  const mx = blur(x, 1.5)
  const my = blur(y, 1.5)
  const sxx = blur(mul(x, x), 1.5)
  const syy = blur(mul(y, y), 1.5)
  const sxy = blur(mul(x, y), 1.5)
  const c1 = 0.01 ** 2
  const c2 = 0.03 ** 2
  let sum = 0
  let total = 0
  for (let i = 0; i < x.data.length; i++) {
    const w = weight ? (weight.data[i] ?? 0) : 1
    if (w <= 0) continue
    const ux = mx.data[i] ?? 0
    const uy = my.data[i] ?? 0
    const vx = (sxx.data[i] ?? 0) - ux * ux
    const vy = (syy.data[i] ?? 0) - uy * uy
    const cxy = (sxy.data[i] ?? 0) - ux * uy
    sum += (w * ((2 * ux * uy + c1) * (2 * cxy + c2))) / ((ux * ux + uy * uy + c1) * (vx + vy + c2))
    total += w
  }
  return total ? sum / total : 1
}

/** Mean Lab colour of the pixels of an image where the mask is set. */
export function meanLab(img: Rgb, mask: Plane): [number, number, number] {
  const s: [number, number, number] = [0, 0, 0]
  let n = 0
  for (let i = 0; i < mask.data.length; i++) {
    if (!isSet(mask, i)) continue
    const lab = pixelLab(img, i)
    s[0] += lab[0]
    s[1] += lab[1]
    s[2] += lab[2]
    n++
  }
  return [s[0] / (n || 1), s[1] / (n || 1), s[2] / (n || 1)]
}

/** CIEDE2000 colour difference (Sharma, Wu and Dalal 2005). */
export function ciede2000([L1, a1, b1]: [number, number, number], [L2, a2, b2]: [number, number, number]): number {
  const rad = Math.PI / 180
  const C1 = Math.hypot(a1, b1)
  const C2 = Math.hypot(a2, b2)
  const Cm = (C1 + C2) / 2
  const G = 0.5 * (1 - Math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
  const a1p = a1 * (1 + G)
  const a2p = a2 * (1 + G)
  const C1p = Math.hypot(a1p, b1)
  const C2p = Math.hypot(a2p, b2)
  const hp = (b: number, a: number) => (a === 0 && b === 0 ? 0 : ((Math.atan2(b, a) / rad) + 360) % 360)
  const h1p = hp(b1, a1p)
  const h2p = hp(b2, a2p)
  const dLp = L2 - L1
  const dCp = C2p - C1p
  let dhp = 0
  if (C1p * C2p !== 0) dhp = Math.abs(h2p - h1p) <= 180 ? h2p - h1p : h2p - h1p > 180 ? h2p - h1p - 360 : h2p - h1p + 360
  const dHp = 2 * Math.sqrt(C1p * C2p) * Math.sin((dhp / 2) * rad)
  const Lpm = (L1 + L2) / 2
  const Cpm = (C1p + C2p) / 2
  let hpm = h1p + h2p
  if (C1p * C2p !== 0) hpm = Math.abs(h1p - h2p) <= 180 ? (h1p + h2p) / 2 : h1p + h2p < 360 ? (h1p + h2p + 360) / 2 : (h1p + h2p - 360) / 2
  const T = 1 - 0.17 * Math.cos((hpm - 30) * rad) + 0.24 * Math.cos(2 * hpm * rad) + 0.32 * Math.cos((3 * hpm + 6) * rad) - 0.2 * Math.cos((4 * hpm - 63) * rad)
  const dTheta = 30 * Math.exp(-(((hpm - 275) / 25) ** 2))
  const Rc = 2 * Math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
  const Sl = 1 + (0.015 * (Lpm - 50) ** 2) / Math.sqrt(20 + (Lpm - 50) ** 2)
  const Sc = 1 + 0.045 * Cpm
  const Sh = 1 + 0.015 * Cpm * T
  const Rt = -Math.sin(2 * dTheta * rad) * Rc
  return Math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))
}
