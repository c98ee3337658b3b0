import { z } from 'zod'
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
const optionalText = <T extends z.ZodType<string, string>>(rule: T) =>
  z
    .string()
    .nullish()
    .transform((v) => v?.trim() || null)
    .pipe(rule.nullable())

/** A number typed in a field: '' and missing become null; otherwise it must be a number in range. */
const optionalNumber = (label: string, min: number, max: number) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return null
      const n = typeof v === 'number' ? v : Number(v.trim())
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: PM.notANumber })
        return z.NEVER
      }
      return n
    })
    .pipe(z.number().min(min, PM.outOfRange(label, min, max)).max(max, PM.outOfRange(label, min, max)).nullable())

const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal(''), z.null()])
    .optional()
    .transform((v) => (v ? v : null))

const isUrl = (v: string) => z.url({ protocol: /^https?$/ }).safeParse(v).success || /^\/api\/files\/[\w./-]+$/.test(v)

const measurementFields = Object.fromEntries(MEASUREMENTS.map((m) => [m.key, optionalNumber(m.label, m.min, m.max)])) as {
  [K in MeasurementKey]: ReturnType<typeof optionalNumber>
}

/**
 * The profile form of spec part 1 §5, measurements in the entered unit. Every field is optional and
 * nullable. The client validates with it before sending; the server validates the same body.
 */
export const ProfileFormSchema = z.strictObject({
  first_name: optionalText(z.string().max(60, PM.nameTooLong)),
  last_name: optionalText(z.string().max(60, PM.nameTooLong)),
  display_name: optionalText(z.string().max(60, PM.nameTooLong)),
  username: optionalText(z.string().regex(USERNAME_PATTERN, PM.usernameRule)),
  bio: optionalText(z.string().max(280, PM.bioTooLong)),
  phone_e164: optionalText(z.string().regex(PHONE_PATTERN, PM.phoneRule)),
  avatar_url: optionalText(z.string().max(2048, PM.avatarNotUrl).refine(isUrl, PM.avatarNotUrl)),
  gender: optionalEnum(GENDERS),
  unit_preference: z.enum(UNIT_PREFERENCES).default('metric'),
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
  username: z.string().nullable(),
  display_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  bio: z.string().nullable(),
  avatar_url: z.string().nullable(),
  phone_e164: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  unit_preference: z.enum(UNIT_PREFERENCES),
  ...(Object.fromEntries(MEASUREMENTS.map((m) => [m.column, z.number().nullable()])) as { [K in MeasurementColumn]: z.ZodNullable<z.ZodNumber> }),
  shoe_size: z.number().nullable(),
  shoe_system: z.enum(SHOE_SYSTEMS).nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  posts_count: z.number(),
  followers_count: z.number(),
  following_count: z.number(),
  is_verified: z.boolean(),
  created_at: z.string(),
})
export type Profile = z.infer<typeof ProfileSchema>
export type ProfileFields = Omit<Profile, 'id' | 'user_id' | 'location' | 'website' | 'posts_count' | 'followers_count' | 'following_count' | 'is_verified' | 'created_at'>

/** Another user's profile as anyone may see it (no phone, no measurements). */
export const PublicProfileSchema = ProfileSchema.pick({
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
}).extend({ is_me: z.boolean(), is_following: z.boolean() })
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

export const UsernameParamSchema = z.strictObject({ username: z.string().regex(USERNAME_PATTERN, PM.usernameRule) })

/** An uploaded avatar: the URL to save as avatar_url. */
export const AvatarUploadSchema = z.object({ url: z.string() })
