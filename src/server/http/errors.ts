import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { z } from 'zod'
import type { ApiError } from '~/shared/api'
import { isDatabaseUnavailable } from '../db/unavailable'
import { logger } from '../platform/logger'

// The shared schemas are zod/mini, which loads no locale (classic zod sets English only once a
// classic schema is built): without this, a rule with no message of its own answers 'Invalid input'.
z.config(z.locales.en())

export type ErrorCode =
  | 'bad_request'
  | 'validation_failed'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'internal'
  | (string & {})

const statusCodes: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
}

/** An error that becomes `{ error: { code, message, fields? } }` with its HTTP status. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message)
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, fields ? 'validation_failed' : 'bad_request', message, fields)
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, 'unauthorized', message)
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, 'forbidden', message)
export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message)
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message)
export const tooLarge = (message = 'That is too large.') => new AppError(413, 'payload_too_large', message)
export const unsupportedType = (message = 'That type of file is not supported.') =>
  new AppError(415, 'unsupported_media_type', message)
export const rateLimited = (message = 'Too many requests. Please try again later.') =>
  new AppError(429, 'rate_limited', message)

/** Turns a zod error into a validation AppError with one message per field. */
export function fromZodError(error: z.core.$ZodError): AppError {
  const fields: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join('.') : '_'
    fields[key] ??= issue.message
  }
  const message = Object.values(fields)[0] ?? 'Invalid input.'
  return badRequest(message, fields)
}

export function errorBody(code: ErrorCode, message: string, fields?: Record<string, string>): ApiError {
  return { error: fields ? { code, message, fields } : { code, message } }
}

export function handleError(err: unknown, c: Context) {
  if (err instanceof AppError) {
    return c.json(errorBody(err.code, err.message, err.fields), err.status)
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode
    const message = err.status === 400 && /json/i.test(err.message) ? 'The request body is not valid JSON.' : err.message
    return c.json(errorBody(statusCodes[status] ?? 'bad_request', message || 'Bad request.'), status)
  }
  if (isDatabaseUnavailable(err)) {
    logger.warn('database unavailable', { path: c.req.path, method: c.req.method, err })
    return c.json(errorBody('unavailable', 'The service is briefly unavailable. Please try again in a moment.'), 503)
  }
  logger.error('unhandled error', { path: c.req.path, method: c.req.method, err })
  return c.json(errorBody('internal', 'Something went wrong on our side. Please try again.'), 500)
}
