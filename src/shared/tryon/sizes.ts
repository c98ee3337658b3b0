/** The only sizes FLUX.1 Kontext accepts on Runware (runware:106@1, bfl:3@1, bfl:4@1). */
const SQUARE = [1024, 1024] as const
export const KONTEXT_SIZES: readonly (readonly [number, number])[] = [
  [1568, 672],
  [1392, 752],
  [1184, 880],
  [1248, 832],
  SQUARE,
  [832, 1248],
  [880, 1184],
  [752, 1392],
  [672, 1568],
]

/** The Kontext size closest in aspect ratio (then in area) to the requested one. */
export function snapKontextSize(width: number, height: number): { width: number; height: number } {
  const ratio = Math.log(width / height)
  let best: readonly [number, number] = SQUARE
  let bestScore = Infinity
  for (const size of KONTEXT_SIZES) {
    const score = Math.abs(Math.log(size[0] / size[1]) - ratio) * 1000 + Math.abs(size[0] * size[1] - width * height) / 1e6
    if (score < bestScore) {
      bestScore = score
      best = size
    }
  }
  return { width: best[0], height: best[1] }
}

/** FLUX Virtual Try-On: any size in multiples of 16, at most 2 megapixels. */
export function boundVtoSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, Math.sqrt(2_000_000 / (width * height)))
  const snap = (v: number) => Math.max(256, Math.floor((v * scale) / 16) * 16)
  return { width: snap(width), height: snap(height) }
}
