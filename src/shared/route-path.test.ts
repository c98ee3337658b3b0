import { describe, expect, it } from 'vitest'
import { bestRoute, matchRoutePath } from './route-path'

describe('route patterns', () => {
  it('matches static and param segments, decoded, case-insensitive, with an optional trailing slash', () => {
    expect(matchRoutePath('/product/:productId', '/product/a%20b')).toEqual({ productId: 'a b' })
    expect(matchRoutePath('/Feed', '/feed/')).toEqual({})
    expect(matchRoutePath('/product/:productId', '/product')).toBeNull()
    expect(matchRoutePath('/product/:productId', '/product/1/reviews')).toBeNull()
    expect(matchRoutePath('*', '/no/such/page')).toEqual({ '*': 'no/such/page' })
  })

  it('picks the most specific route, whatever the order of the table', () => {
    const routes = [{ path: '*' }, { path: '/profile/address/edit/:id' }, { path: '/profile/:tab' }, { path: '/profile/address' }]
    expect(bestRoute(routes, '/profile/address')?.route.path).toBe('/profile/address')
    expect(bestRoute(routes, '/profile/wishlist')).toEqual({ route: { path: '/profile/:tab' }, params: { tab: 'wishlist' } })
    expect(bestRoute(routes, '/profile/address/edit/7')?.params).toEqual({ id: '7' })
    expect(bestRoute(routes, '/nowhere')?.route.path).toBe('*')
    expect(bestRoute([{ path: '/feed' }], '/nowhere')).toBeNull()
  })
})
