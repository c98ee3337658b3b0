import { OkSchema } from '~/shared/api'
import { Hono } from 'hono'
import { z } from 'zod'
import { HandleParamSchema, StoryRowSchema, StorySchema, UserStoriesSchema } from '~/shared/social/schemas'
import { describe } from '../../http/openapi'
import { type AppEnv, requireUser } from '../../http/session'
import { form, params } from '../../http/validate'
import type { Platform } from '../../platform'
import { fileFromForm } from '../../platform/images'
import { hit } from '../../platform/rate-limit'
import { announceStory, createStory, deleteStory, markStoryViewed, storyRow, toStory, userStories } from './service'

const StoryIdParamSchema = z.strictObject({ id: z.uuid('No such story.') })
const StoryUploadSchema = z.strictObject({ file: z.instanceof(Blob, { message: 'Choose an image to upload.' }) })
const STORIES_PER_HOUR = 30

export function storyRoutes(p: Platform) {
  return new Hono<AppEnv>()
    .get('/stories', describe({ summary: 'The story row: users with active stories, ring per viewer', tags: ['stories'], auth: true, response: StoryRowSchema }), async (c) => {
      return c.json(await storyRow(p, requireUser(c).id))
    })
    .post('/stories', describe({ summary: 'Post a story (an image that lives 24 hours)', tags: ['stories'], auth: true, response: StorySchema }), form(StoryUploadSchema), async (c) => {
      const me = requireUser(c)
      if (p.config.RATE_LIMIT) await hit(p.db, `story:${me.id}`, STORIES_PER_HOUR, 3600, 'You have posted many stories in the last hour. Please try again later.')
      const { buffer } = await fileFromForm(c.req.valid('form'))
      const story = await createStory(p, me.id, buffer)
      await announceStory(p, me.id)
      return c.json(toStory(story, me.id, false), 201)
    })
    .get('/stories/:handle', describe({ summary: "A user's active stories with the previous and next user of the row", tags: ['stories'], auth: true, response: UserStoriesSchema }), params(HandleParamSchema), async (c) => {
      return c.json(await userStories(p, requireUser(c).id, c.req.valid('param').handle))
    })
    .post('/stories/:id/view', describe({ summary: 'Mark a story seen by the signed-in user', tags: ['stories'], auth: true, response: OkSchema }), params(StoryIdParamSchema), async (c) => {
      await markStoryViewed(p, requireUser(c).id, c.req.valid('param').id)
      return c.json({ ok: true as const })
    })
    .delete('/stories/:id', describe({ summary: 'Delete one of your stories', tags: ['stories'], auth: true, response: OkSchema }), params(StoryIdParamSchema), async (c) => {
      await deleteStory(p, requireUser(c).id, c.req.valid('param').id)
      return c.json({ ok: true as const })
    })
}
