import { present } from '~/shared/lists'
import { SIZES, type SizeName } from '~/shared/marketplace/constants'
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
  let decided: { index: number; size: SizeName; label: string; value: number } | null = null
  for (const m of MEASURES) {
    const value = body[m.field]
    const ranges = order.map((s) => chart[s]?.[m.key])
    if (value == null || ranges.every((range) => range === undefined)) continue
    const index = ranges.findIndex((range) => range !== undefined && value <= range[1])
    const size = order[index]
    if (size === undefined) return { status: 'no_fit', reason: `${m.label} ${cm(value)} is above our largest size (${present(order.at(-1), 'a size in the chart')})` }
    if (!decided || index > decided.index) decided = { index, size, label: m.label, value }
  }
  if (!decided) return { status: 'no_measurements' }
  const { size } = decided
  const isAvailable = available.find((s) => s.name === size)?.available ?? false
  return { status: 'recommended', size, available: isAvailable, reason: `${decided.label} ${cm(decided.value)} fits ${size}` }
}
