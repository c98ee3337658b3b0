import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { fieldErrors, fieldsUnder, firstFieldError } from './field-errors'

const Schema = z.object({
  name: z.string().min(2, 'Too short.').regex(/^[a-z]+$/, 'Letters only.'),
  shipping: z.object({ city: z.string().min(1, 'Enter a city.') }),
  tags: z.array(z.string().max(3, 'Tag too long.')),
})

describe('fieldErrors', () => {
  it('keys messages by dotted path, first issue of each field wins', () => {
    const r = Schema.safeParse({ name: '1', shipping: { city: '' }, tags: ['ok', 'toolong'] })
    expect(r.success).toBe(false)
    expect(fieldErrors(r.error!.issues)).toEqual({ name: 'Too short.', 'shipping.city': 'Enter a city.', 'tags.1': 'Tag too long.' })
  })

  it("puts a whole-input issue under '_'", () => {
    const r = z.object({ a: z.string(), b: z.string() }).refine((v) => v.a === v.b, 'Must match.').safeParse({ a: 'x', b: 'y' })
    expect(fieldErrors(r.error!.issues)).toEqual({ _: 'Must match.' })
  })

  it('firstFieldError gives the first message, or undefined', () => {
    expect(firstFieldError({ b: 'B.', a: 'A.' })).toBe('B.')
    expect(firstFieldError({})).toBeUndefined()
  })
})

describe('fieldsUnder', () => {
  it('gives the fields under a prefix without it, or null', () => {
    expect(fieldsUnder('shipping', { 'shipping.city': 'Enter a city.', couponCode: 'Unknown.', shippingMethod: 'Pick one.' })).toEqual({ city: 'Enter a city.' })
    expect(fieldsUnder('shipping', { couponCode: 'Unknown.' })).toBeNull()
    expect(fieldsUnder('shipping', undefined)).toBeNull()
  })
})
