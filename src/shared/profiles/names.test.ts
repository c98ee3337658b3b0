import { describe, expect, it } from 'vitest'
import { displayNameOf } from './names'

describe('displayNameOf (spec part 1 §3)', () => {
  it.each([
    [{ display_name: 'Ava', first_name: 'Anna', username: 'ava' }, 'Ava'],
    [{ display_name: null, first_name: 'Anna', username: 'ava' }, 'Anna'],
    [{ display_name: '  ', first_name: ' ', username: 'ava' }, 'ava'],
    [{ display_name: null, first_name: null, username: null }, 'User'],
  ])('%o -> %s', (p, shown) => expect(displayNameOf(p)).toBe(shown))
})
