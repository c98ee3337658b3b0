import { describe, expect, it } from 'vitest'
import { filterBadgeCount } from '~/shared/marketplace/constants'
import { DEFAULT_FILTERS, parseFilters, toQuery } from './filters'

describe('listing filters in the URL', () => {
  it('round-trips through the query string and leaves defaults out', () => {
    const f = { ...DEFAULT_FILTERS, q: 'wrap', category: 'evening' as const, brands: ['Linea', 'Sable & Rose'], sizes: ['M'], colors: ['Red'], minPrice: 50, maxPrice: 300, sort: 'price-low' as const }
    const params = new URLSearchParams(toQuery(f))
    expect(parseFilters(params)).toEqual(f)
    expect(toQuery(DEFAULT_FILTERS)).toEqual({})
  })

  it('ignores unknown values and clamps prices to 0-500', () => {
    const f = parseFilters(new URLSearchParams('category=shoes&sizes=M,XXXL&colors=Teal,Red&minPrice=-20&maxPrice=9000&sort=cheap'))
    expect(f).toMatchObject({ category: 'all', sizes: ['M'], colors: ['Red'], minPrice: 0, maxPrice: 500, sort: 'newest' })
  })

  it('the badge counts brands, sizes, colours and a category other than all', () => {
    expect(filterBadgeCount({ category: 'all', brands: ['a', 'b'], sizes: ['M'], colors: [] })).toBe(3)
    expect(filterBadgeCount({ category: 'mini', brands: [], sizes: [], colors: ['Red'] })).toBe(2)
  })
})
