import { Hono } from 'hono'
import { z } from 'zod'
import { PhotoListQuerySchema, PhotoSchema, PhotoTypeSchema, UuidParamSchema } from '~/shared/tryon/schemas'
import { fromZodError } from '../../http/errors'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { params, query } from '../../http/validate'
import type { Platform } from '../../platform'
import { fileFromForm } from '../../platform/images'
import { hit } from '../../platform/rate-limit'
import { deletePhoto, listPhotos, uploadPhoto } from './service'

const UploadFormSchema = z.object({ photo_type: PhotoTypeSchema, file: z.custom<File>((v) => v instanceof Blob, 'Choose an image to upload.') })

export function photoRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/photos', describe({ summary: 'My photos of one type (base or product), newest first', tags: ['photos'], auth: true, response: z.array(PhotoSchema) }), query(PhotoListQuerySchema), async (c) => {
      return c.json(await listPhotos(p, requireUser(c).id, c.req.valid('query').type))
    })
    .post('/photos', describe({ summary: 'Upload a photo (multipart: file, photo_type)', tags: ['photos'], auth: true, form: UploadFormSchema, response: PhotoSchema }), async (c) => {
      const user = requireUser(c)
      const body = await c.req.parseBody()
      const parsed = z.object({ photo_type: PhotoTypeSchema }).safeParse(body)
      if (!parsed.success) throw fromZodError(parsed.error)
      const file = await fileFromForm(body)
      if (p.config.RATE_LIMIT) await hit(p.db, `photos:${user.id}`, 60, 3600, 'You have uploaded many photos. Please try again later.')
      return c.json(await uploadPhoto(p, user.id, file, parsed.data.photo_type), 201)
    })
    .delete('/photos/:id', describe({ summary: 'Delete one of my photos', tags: ['photos'], auth: true, response: PhotoSchema }), params(UuidParamSchema), async (c) => {
      return c.json(await deletePhoto(p, requireUser(c).id, c.req.valid('param').id))
    })
}
