import { describe, expect, it } from 'vitest'
import { SIZES } from '~/shared/marketplace/constants'
import type { SizeChart } from '~/shared/marketplace/schemas'
import { recommendSize } from './size-advice'

const chart: SizeChart = {
  S: { chest: [84, 87], waist: [66, 69], hip: [92, 95] },
  M: { chest: [88, 91], waist: [70, 73], hip: [96, 99] },
  L: { chest: [92, 96], waist: [74, 78], hip: [100, 104] },
}
const sizes = SIZES.map((name) => ({ name, available: name !== 'L' }))
const body = (b: Partial<Record<'chestCm' | 'waistCm' | 'hipCm' | 'heightCm', number>>) => ({ chestCm: null, waistCm: null, hipCm: null, heightCm: null, ...b })

describe('recommendSize', () => {
  it('names the measurement and the size', () => {
    expect(recommendSize(chart, sizes, body({ chestCm: 90 }))).toEqual({ status: 'recommended', size: 'M', available: true, reason: 'Chest 90 cm fits M' })
  })
  it('the largest size any measurement needs decides', () => {
    expect(recommendSize(chart, sizes, body({ chestCm: 86, hipCm: 101.5 }))).toEqual({ status: 'recommended', size: 'L', available: false, reason: 'Hip 101.5 cm fits L' })
  })
  it('small bodies get the smallest size; too large ones are told', () => {
    expect(recommendSize(chart, sizes, body({ waistCm: 50 }))).toMatchObject({ size: 'S' })
    expect(recommendSize(chart, sizes, body({ chestCm: 120 }))).toEqual({ status: 'no_fit', reason: 'Chest 120 cm is above our largest size (L)' })
  })
  it('without chest, waist or hip there is nothing to recommend', () => {
    expect(recommendSize(chart, sizes, body({ heightCm: 170 }))).toEqual({ status: 'no_measurements' })
  })
})
