import { SIZES } from '~/shared/marketplace/constants'
import type { SizeAdvice, SizeChart } from '~/shared/marketplace/schemas'
import type { BodyMeasurementsCm } from '../profiles'

const MEASURES = [
  { key: 'chest', field: 'chestCm', label: 'Chest' },
  { key: 'waist', field: 'waistCm', label: 'Waist' },
  { key: 'hip', field: 'hipCm', label: 'Hip' },
] as const

const cm = (v: number) => `${Number(v.toFixed(1))} cm`

/**
 * Recommends a size from a product's size chart: for each measurement the smallest size whose
 * range reaches it, then the largest of those (a dress must fit everywhere). The reason names
 * the measurement that decided, e.g. 'Chest 92 cm fits M'.
 */
export function recommendSize(chart: SizeChart, available: readonly { name: string; available: boolean }[], body: BodyMeasurementsCm): SizeAdvice {
  const order = SIZES.filter((s) => chart[s])
  const given = MEASURES.filter((m) => body[m.field] != null && order.some((s) => chart[s]![m.key]))
  if (given.length === 0) return { status: 'no_measurements' }

  let decided: { index: number; label: string; value: number } | null = null
  for (const m of given) {
    const value = body[m.field]!
    const index = order.findIndex((s) => {
      const range = chart[s]![m.key]
      return range !== undefined && value <= range[1]
    })
    if (index === -1) {
      const largest = order.at(-1)!
      return { status: 'no_fit', reason: `${m.label} ${cm(value)} is above our largest size (${largest})` }
    }
    if (!decided || index > decided.index) decided = { index, label: m.label, value }
  }
  const size = order[decided!.index]!
  const isAvailable = available.find((s) => s.name === size)?.available ?? false
  return { status: 'recommended', size, available: isAvailable, reason: `${decided!.label} ${cm(decided!.value)} fits ${size}` }
}
