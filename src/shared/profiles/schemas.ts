import { z } from 'zod/mini'
import { PM } from './messages'

// Without zod, so that screens that need only these do not load it (issue #13 first-load budget).
export { displayNameOf } from './names'

export const GENDERS = ['female', 'male', 'non_binary', 'other', 'prefer_not_to_say'] as const
export const UNIT_PREFERENCES = ['metric', 'imperial'] as const
export const SHOE_SYSTEMS = ['eu', 'us', 'uk', 'jp'] as const
export type UnitPreference = (typeof UNIT_PREFERENCES)[number]

/** Spec part 1 §5 conversions. */
export const CM_PER_INCH = 2.54
export const LB_PER_KG = 2.2046226218
export const USERNAME_PATTERN = /^[a-z0-9._]{3,20}$/
export const PHONE_PATTERN = /^\+?[1-9]\d{6,14}$/

/**
 * Body measurements: form key, stored column (metric), label and the allowed range in the entered
 * unit (checked before conversion). `kind` says how imperial values convert.
 */
export const MEASUREMENTS = [
  { key: 'height', column: 'height_cm', label: 'Height', min: 20, max: 1100, kind: 'length' },
  { key: 'weight', column: 'weight_kg', label: 'Weight', min: 10, max: 800, kind: 'weight' },
  { key: 'chest', column: 'chest_cm', label: 'Chest', min: 10, max: 400, kind: 'length' },
  { key: 'waist', column: 'waist_cm', label: 'Waist', min: 10, max: 400, kind: 'length' },
  { key: 'hip', column: 'hip_cm', label: 'Hip', min: 10, max: 400, kind: 'length' },
  { key: 'inseam', column: 'inseam_cm', label: 'Inseam', min: 10, max: 200, kind: 'length' },
  { key: 'outseam', column: 'outseam_cm', label: 'Outseam', min: 10, max: 250, kind: 'length' },
  { key: 'sleeve', column: 'sleeve_cm', label: 'Sleeve', min: 10, max: 200, kind: 'length' },
  { key: 'shoulder', column: 'shoulder_cm', label: 'Shoulder', min: 10, max: 200, kind: 'length' },
  { key: 'neck', column: 'neck_cm', label: 'Neck', min: 5, max: 120, kind: 'length' },
  { key: 'thigh', column: 'thigh_cm', label: 'Thigh', min: 10, max: 200, kind: 'length' },
  { key: 'calf', column: 'calf_cm', label: 'Calf', min: 5, max: 120, kind: 'length' },
] as const
export const SHOE_SIZE_RANGE = { min: 1, max: 60 } as const

type Measurement = (typeof MEASUREMENTS)[number]
export type MeasurementKey = Measurement['key']
export type MeasurementColumn = Measurement['column']

/** Text that may be empty: trimmed, '' and missing become null, then `rule` applies. */
const optionalText = (...checks: z.core.$ZodCheck<string>[]) =>
  z.pipe(
    z.pipe(
      z.nullish(z.string()),
      z.transform((v) => v?.trim() || null),
    ),
    z.nullable(z.string().check(...checks)),
  )

/** A number typed in a field: '' and missing become null; otherwise it must be a number in range. */
const optionalNumber = (label: string, min: number, max: number) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([z.number(), z.string(), z.null()])),
      z.transform((v, ctx) => {
        if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
        const n = typeof v === 'number' ? v : Number(v.trim())
        if (!Number.isFinite(n)) {
          ctx.issues.push({ code: 'custom', message: PM.notANumber, input: v })
          return z.NEVER
        }
        return n
      }),
    ),
    z.nullable(z.number().check(z.minimum(min, PM.outOfRange(label, min, max)), z.maximum(max, PM.outOfRange(label, min, max)))),
  )

const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.pipe(
    z.optional(z.union([z.enum(values), z.literal(''), z.null()])),
    z.transform((v) => (v ? v : null)),
  )

const webUrl = z.url({ protocol: /^https?$/ })
const isUrl = (v: string) => webUrl.safeParse(v).success || /^\/api\/files\/[\w./-]+$/.test(v)

const measurementFields = Object.fromEntries(MEASUREMENTS.map((m) => [m.key, optionalNumber(m.label, m.min, m.max)])) as {
  [K in MeasurementKey]: ReturnType<typeof optionalNumber>
}

/**
 * The profile form of spec part 1 §5, measurements in the entered unit. Every field is optional and
 * nullable. The client validates with it before sending; the server validates the same body.
 */
export const ProfileFormSchema = z.strictObject({
  first_name: optionalText(z.maxLength(60, PM.nameTooLong)),
  last_name: optionalText(z.maxLength(60, PM.nameTooLong)),
  display_name: optionalText(z.maxLength(60, PM.nameTooLong)),
  username: optionalText(z.regex(USERNAME_PATTERN, PM.usernameRule)),
  bio: optionalText(z.maxLength(280, PM.bioTooLong)),
  phone_e164: optionalText(z.regex(PHONE_PATTERN, PM.phoneRule)),
  avatar_url: optionalText(z.maxLength(2048, PM.avatarNotUrl), z.refine(isUrl, PM.avatarNotUrl)),
  gender: optionalEnum(GENDERS),
  unit_preference: z._default(z.enum(UNIT_PREFERENCES), 'metric'),
  ...measurementFields,
  shoe_size: optionalNumber('Shoe size', SHOE_SIZE_RANGE.min, SHOE_SIZE_RANGE.max),
  shoe_system: optionalEnum(SHOE_SYSTEMS),
})
export type ProfileFormInput = z.input<typeof ProfileFormSchema>
export type ProfileForm = z.output<typeof ProfileFormSchema>

/** A profile as stored and returned to its owner (spec part 1 §3): metric measurements. */
export const ProfileSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  username: z.nullable(z.string()),
  display_name: z.nullable(z.string()),
  first_name: z.nullable(z.string()),
  last_name: z.nullable(z.string()),
  bio: z.nullable(z.string()),
  avatar_url: z.nullable(z.string()),
  phone_e164: z.nullable(z.string()),
  gender: z.nullable(z.enum(GENDERS)),
  unit_preference: z.enum(UNIT_PREFERENCES),
  ...(Object.fromEntries(MEASUREMENTS.map((m) => [m.column, z.nullable(z.number())])) as { [K in MeasurementColumn]: z.ZodMiniNullable<z.ZodMiniNumber> }),
  shoe_size: z.nullable(z.number()),
  shoe_system: z.nullable(z.enum(SHOE_SYSTEMS)),
  location: z.nullable(z.string()),
  website: z.nullable(z.string()),
  posts_count: z.number(),
  followers_count: z.number(),
  following_count: z.number(),
  is_verified: z.boolean(),
  created_at: z.string(),
})
export type Profile = z.infer<typeof ProfileSchema>
export type ProfileFields = Omit<Profile, 'id' | 'user_id' | 'location' | 'website' | 'posts_count' | 'followers_count' | 'following_count' | 'is_verified' | 'created_at'>

/** Another user's profile as anyone may see it (no phone, no measurements). */
export const PublicProfileSchema = z.extend(
  z.pick(ProfileSchema, {
  user_id: true,
  username: true,
  display_name: true,
  first_name: true,
  last_name: true,
  bio: true,
  avatar_url: true,
  location: true,
  website: true,
  posts_count: true,
  followers_count: true,
  following_count: true,
    is_verified: true,
  }),
  { is_me: z.boolean(), is_following: z.boolean() },
)
export type PublicProfile = z.infer<typeof PublicProfileSchema>

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits

/** Entered value -> stored metric value. */
export function toMetric(kind: Measurement['kind'], value: number, unit: UnitPreference) {
  if (unit === 'metric') return value
  return round(kind === 'length' ? value * CM_PER_INCH : value / LB_PER_KG, 2)
}

/** Stored metric value -> the value shown in `unit` (inches, pounds), one decimal. */
export function fromMetric(kind: Measurement['kind'], value: number, unit: UnitPreference) {
  if (unit === 'metric') return value
  return round(kind === 'length' ? value / CM_PER_INCH : value * LB_PER_KG, 1)
}

/** The validated form as the stored fields: metric measurements, display_name defaulted. */
export function formToProfileFields(form: ProfileForm): ProfileFields {
  const measurements = Object.fromEntries(
    MEASUREMENTS.map((m) => {
      const value = form[m.key]
      return [m.column, value === null ? null : toMetric(m.kind, value, form.unit_preference)]
    }),
  ) as { [K in MeasurementColumn]: number | null }
  const fullName = [form.first_name, form.last_name].filter(Boolean).join(' ')
  return {
    username: form.username,
    display_name: form.display_name ?? (fullName || null),
    first_name: form.first_name,
    last_name: form.last_name,
    bio: form.bio,
    avatar_url: form.avatar_url,
    phone_e164: form.phone_e164,
    gender: form.gender,
    unit_preference: form.unit_preference,
    ...measurements,
    shoe_size: form.shoe_size,
    shoe_system: form.shoe_system,
  }
}

/** A stored profile as form values (strings for inputs), measurements in the profile's unit. */
export function profileToFormValues(p: Profile, unit: UnitPreference = p.unit_preference) {
  const text = (v: string | null) => v ?? ''
  const measurements = Object.fromEntries(
    MEASUREMENTS.map((m) => {
      const value = p[m.column]
      return [m.key, value === null ? '' : String(fromMetric(m.kind, value, unit))]
    }),
  ) as Record<MeasurementKey, string>
  return {
    first_name: text(p.first_name),
    last_name: text(p.last_name),
    display_name: text(p.display_name),
    username: text(p.username),
    bio: text(p.bio),
    phone_e164: text(p.phone_e164),
    avatar_url: text(p.avatar_url),
    gender: p.gender ?? '',
    unit_preference: unit,
    ...measurements,
    shoe_size: p.shoe_size === null ? '' : String(p.shoe_size),
    shoe_system: p.shoe_system ?? '',
  } satisfies ProfileFormInput
}
export type ProfileFormValues = ReturnType<typeof profileToFormValues>

export const UsernameParamSchema = z.strictObject({ username: z.string().check(z.regex(USERNAME_PATTERN, PM.usernameRule)) })

/** An uploaded avatar: the URL to save as avatar_url. */
export const AvatarUploadSchema = z.object({ url: z.string() })
