import { describe, expect, it } from 'vitest'
import { allowed, deniedProductionPackages } from './dependency-licences'

describe('production dependency licences', () => {
  it('reads SPDX expressions: a permissive alternative is enough, every part of an AND counts', () => {
    expect(allowed('MIT')).toBe(true)
    expect(allowed('(BSD-3-Clause OR GPL-2.0)')).toBe(true)
    expect(allowed('AGPL-3.0')).toBe(false)
    expect(allowed('LGPL-3.0-or-later')).toBe(true)
    expect(allowed('GPL-2.0-or-later')).toBe(false)
    expect(allowed('MIT AND GPL-3.0')).toBe(false)
    expect(allowed('SSPL-1.0')).toBe(false)
    expect(allowed('GNU AFFERO GENERAL PUBLIC LICENSE')).toBe(false)
  })

  it('has no AGPL, GPL or SSPL package in the production tree (npm ls --omit=dev)', () => {
    const denied = deniedProductionPackages(process.cwd())
    expect(denied.map((d) => `${d.name}@${d.version} (${d.licence}) via ${d.via.join(' > ') || 'package.json'}`)).toEqual([])
  }, 60_000)
})
