import { describe, expect, it } from 'vitest'
import { formatLikeCount, timeAgo } from './format'

describe('formatLikeCount (spec part 1 §9: thousands,remainder from 1000)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1001, '1,001'],
    [1234, '1,234'],
    [12_050, '12,050'],
    [1_234_567, '1234,567'],
  ])('%i -> %s', (n, shown) => expect(formatLikeCount(n)).toBe(shown))
})

describe('timeAgo', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it.each([
    ['2026-11-22T11:59:30Z', 'now'],
    ['2026-11-22T11:55:00Z', '5m'],
    ['2026-11-22T09:00:00Z', '3h'],
    ['2026-11-20T12:00:00Z', '2d'],
    ['2026-10-01T12:00:00Z', '1 Oct 2026'],
  ])('%s -> %s', (iso, shown) => expect(timeAgo(iso, now)).toBe(shown))
})
