import { Hono } from 'hono'
import { z } from 'zod'
import { FollowStateSchema } from '~/shared/posts/schemas'
import { AvatarUploadSchema, formToProfileFields, ProfileFormSchema, ProfileSchema, PublicProfileSchema, UsernameParamSchema } from '~/shared/profiles/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { form, json, params } from '../../http/validate'
import type { Platform } from '../../platform'
import { fileFromForm } from '../../platform/images'
import { hit } from '../../platform/rate-limit'
import { uploadAvatar } from './avatar'
import { ensureProfile, publicProfile, saveProfile, setFollowing, toProfile } from './service'

const UploadFormSchema = z.strictObject({ file: z.unknown() })
const AVATAR_UPLOADS_PER_HOUR = 20

export function profileRoutes(p: Platform) {
  const { db } = p
  return new Hono<AppEnv>()
    .get('/profile', describe({ summary: 'The signed-in user’s profile (created on first access)', tags: ['profiles'], auth: true, response: ProfileSchema }), async (c) => {
      const me = requireUser(c)
      return c.json(toProfile(await ensureProfile(db, me.id)))
    })
    .put(
      '/profile',
      describe({ summary: 'Replace the profile (every field; missing ones become null); measurements in the entered unit, stored in cm and kg', tags: ['profiles'], auth: true, response: ProfileSchema }),
      json(ProfileFormSchema),
      async (c) => {
        const me = requireUser(c)
        return c.json(await saveProfile(p, me.id, formToProfileFields(c.req.valid('json'))))
      },
    )
    .post(
      '/profile/avatar',
      describe({ summary: 'Upload an avatar image; answers the URL to save as avatar_url (deleted after a day unless saved)', tags: ['profiles'], auth: true, response: AvatarUploadSchema }),
      form(UploadFormSchema),
      async (c) => {
        const me = requireUser(c)
        if (p.config.RATE_LIMIT) await hit(db, `avatar:${me.id}`, AVATAR_UPLOADS_PER_HOUR, 3600, 'You have changed your photo many times. Please try again later.')
        const { buffer } = await fileFromForm(c.req.valid('form'))
        return c.json(await uploadAvatar(p, me.id, buffer), 201)
      },
    )
    .get('/profiles/:username', describe({ summary: 'A user’s public profile', tags: ['profiles'], auth: true, response: PublicProfileSchema }), params(UsernameParamSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await publicProfile(db, me.id, c.req.valid('param').username))
    })
    .put('/profiles/:username/follow', describe({ summary: 'Follow a user', tags: ['profiles'], auth: true, response: FollowStateSchema }), params(UsernameParamSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await setFollowing(p, me.id, c.req.valid('param').username, true))
    })
    .delete('/profiles/:username/follow', describe({ summary: 'Unfollow a user', tags: ['profiles'], auth: true, response: FollowStateSchema }), params(UsernameParamSchema), async (c) => {
      const me = requireUser(c)
      return c.json(await setFollowing(p, me.id, c.req.valid('param').username, false))
    })
}
