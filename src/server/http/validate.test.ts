import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { ValidationErrorSchema } from '~/shared/api'
import { MM } from '~/shared/marketplace/messages'
import { PlaceOrderSchema } from '~/shared/marketplace/schemas'
import { LiveCommentSchema } from '~/shared/social/schemas'
import { handleError } from './errors'
import { json } from './validate'

// The shared schemas are built with zod/mini, which loads no locale; the server's classic zod
// sets the English one for both (one core config). A rule without its own message still answers
// in words, not zod's bare 'Invalid input'.
function app() {
  const a = new Hono()
  a.onError(handleError)
  a.post('/comment', json(LiveCommentSchema), (c) => c.json(c.req.valid('json')))
  a.post('/order', json(PlaceOrderSchema), (c) => c.json(c.req.valid('json')))
  return a
}

const post = async (path: string, body: unknown) => {
  const res = await app().request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, body: (await res.json()) as unknown }
}

describe('json() validation of a shared zod/mini schema', () => {
  it("answers zod's English default message for a rule without its own", async () => {
    const { status, body } = await post('/comment', { body: 'x'.repeat(201) })
    expect(status).toBe(400)
    expect(ValidationErrorSchema.parse(body).error.fields).toEqual({ body: 'Too big: expected string to have <=200 characters' })
  })

  it("answers a schema's own messages, per field, and applies its trims and defaults", async () => {
    const { body } = await post('/order', { shipping: { lastName: ' ', country: 'NL', streetName: 'Damrak 1', city: 'Amsterdam', zipCode: '10#', phoneNumber: '+31 20 123 4567' }, shippingMethod: 'free', paymentMethod: 'cash', agreeToTerms: false })
    expect(ValidationErrorSchema.parse(body).error.fields).toEqual({
      'shipping.lastName': MM.fieldRequired,
      'shipping.zipCode': 'Use letters, digits, spaces or dashes',
      agreeToTerms: 'Please agree to the terms',
    })
    expect((await post('/comment', { body: '  hi  ' })).body).toEqual({ body: 'hi' })
  })
})
