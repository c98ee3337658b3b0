import { Hono } from 'hono'
import { z } from 'zod'
import { FollowStateSchema } from '~/shared/posts/schemas'
import { PM } from '~/shared/profiles/messages'
import { formToProfileFields, ProfileFormSchema, ProfileSchema, PublicProfileSchema, UsernameParamSchema } from '~/shared/profiles/schemas'
import { badRequest } from '../../http/errors'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { form, json, params } from '../../http/validate'
import type { Platform } from '../../platform'
import { fileFromForm } from '../../platform/images'
import { FILES_PREFIX } from '../../platform/storage'
import { uploadAvatar } from './avatar'
import { ensureProfile, publicProfile, saveProfile, setFollowing, toProfile } from './service'

const UploadFormSchema = z.strictObject({ file: z.unknown() })

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
        const fields = formToProfileFields(c.req.valid('json'))
        // An avatar is one the user uploaded (or the one already set): no third-party image URLs.
        if (fields.avatar_url && !fields.avatar_url.startsWith(`${FILES_PREFIX}avatars/${me.id}/`)) {
          const current = await ensureProfile(db, me.id)
          if (fields.avatar_url !== current.avatarUrl) throw badRequest(PM.avatarNotYours, { avatar_url: PM.avatarNotYours })
        }
        return c.json(await saveProfile(db, me.id, fields))
      },
    )
    .post(
      '/profile/avatar',
      describe({ summary: 'Upload an avatar image; answers the URL to save as avatar_url', tags: ['profiles'], auth: true, response: z.object({ url: z.string() }) }),
      form(UploadFormSchema),
      async (c) => {
        const me = requireUser(c)
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
