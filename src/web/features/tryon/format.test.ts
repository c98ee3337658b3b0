import { describe, expect, it } from 'vitest'
import { formatHistoryDate } from './format'

describe('formatHistoryDate', () => {
  it("formats as 'MMM dd, HH:mm' in local time", () => {
    expect(formatHistoryDate(new Date(2026, 10, 2, 14, 5).toISOString())).toBe('Nov 02, 14:05')
    expect(formatHistoryDate(new Date(2026, 0, 31, 0, 0).toISOString())).toBe('Jan 31, 00:00')
  })
})
