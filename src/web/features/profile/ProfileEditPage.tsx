import { useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '../../lib/router'
import { PM } from '~/shared/profiles/messages'
import {
  displayNameOf,
  fromMetric,
  GENDERS,
  MEASUREMENTS,
  type Profile,
  ProfileFormSchema,
  profileToFormValues,
  SHOE_SYSTEMS,
  toMetric,
  type UnitPreference,
} from '~/shared/profiles/schemas'
import { Button } from '../../components/Button'
import { FormMessage } from '../../components/Feedback'
import { Select, TextArea, TextField } from '../../components/Field'
import { Screen, TopBar } from '../../components/Layout'
import { errorMessage } from '../../lib/api'
import { useForm } from '../../lib/use-form'
import { UserAvatar } from '../../components/UserAvatar'
import { saveProfile, uploadAvatar } from './api'
import { MyProfileGate } from './MyProfileGate'

/** Spec part 1 §9: the profile redirect after saving waits 1.5 s. */
const REDIRECT_MS = 1500

const label = (v: string) => v.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
const genderOptions = [{ value: '', label: 'Not set' }, ...GENDERS.map((g) => ({ value: g, label: label(g) }))]
const shoeOptions = [{ value: '', label: 'Not set' }, ...SHOE_SYSTEMS.map((s) => ({ value: s, label: s.toUpperCase() }))]
const unitOptions = [
  { value: 'metric', label: 'Metric (cm, kg)' },
  { value: 'imperial', label: 'Imperial (in, lb)' },
]

function ProfileForm({ profile }: { profile: Profile }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const [saved, setSaved] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [avatarError, setAvatarError] = useState<string | null>(null)
  const fileRef = useRef<HTMLInputElement>(null)
  const f = useForm({
    schema: ProfileFormSchema,
    initial: profileToFormValues(profile),
    errorMessage: (err) => errorMessage(err, PM.couldNotSaveProfile),
    onSubmit: async (values) => {
      await saveProfile(qc, values)
      setSaved(true)
    },
  })
  const v = f.values as ReturnType<typeof profileToFormValues>

  useEffect(() => {
    if (!saved) return
    const timer = window.setTimeout(() => navigate('/profile'), REDIRECT_MS)
    return () => window.clearTimeout(timer)
  }, [saved, navigate])

  /** Switching units converts what is typed, so the same body is described in the new unit. */
  const switchUnit = (unit: UnitPreference) => {
    const from = v.unit_preference
    const converted = Object.fromEntries(
      MEASUREMENTS.map((m) => {
        const n = Number(v[m.key])
        return [m.key, v[m.key] === '' || !Number.isFinite(n) ? v[m.key] : String(fromMetric(m.kind, toMetric(m.kind, n, from), unit))]
      }),
    )
    f.setValues({ ...v, ...converted, unit_preference: unit })
  }

  const pickAvatar = async (file: File | undefined) => {
    if (!file) return
    setAvatarError(null)
    if (!file.type.startsWith('image/')) return setAvatarError('Choose an image file.')
    setUploading(true)
    try {
      const { url } = await uploadAvatar(file)
      f.set('avatar_url', url)
    } catch (err) {
      setAvatarError(errorMessage(err, 'Could not upload the photo.'))
    } finally {
      setUploading(false)
    }
  }

  const text = (key: 'first_name' | 'last_name' | 'display_name' | 'username' | 'phone_e164' | 'avatar_url', fieldLabel: string, extra: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField label={fieldLabel} value={v[key]} error={f.errors[key]} onChange={(e) => f.set(key, e.target.value)} {...extra} />
  )
  const lengthUnit = v.unit_preference === 'imperial' ? 'in' : 'cm'
  const weightUnit = v.unit_preference === 'imperial' ? 'lb' : 'kg'

  return (
    <form onSubmit={f.submit} noValidate className="flex flex-col gap-5 p-4">
      <section className="flex items-center gap-4" aria-label="Avatar">
        <UserAvatar user={{ name: displayNameOf({ display_name: v.display_name || null, first_name: v.first_name || null, username: v.username || null }), avatarUrl: v.avatar_url || null }} size="xl" />
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={uploading} onClick={() => fileRef.current?.click()}>
            {uploading ? PM.uploading : 'Change photo'}
          </Button>
          {v.avatar_url && (
            <Button variant="ghost" size="sm" onClick={() => f.set('avatar_url', '')}>
              Remove
            </Button>
          )}
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            hidden
            aria-label="Avatar image"
            onChange={(e) => {
              void pickAvatar(e.target.files?.[0])
              e.target.value = ''
            }}
          />
        </div>
      </section>
      {(avatarError || f.errors.avatar_url) && <FormMessage tone="error">{avatarError ?? f.errors.avatar_url}</FormMessage>}

      <div className="grid grid-cols-2 gap-3">
        {text('first_name', 'First name', { autoComplete: 'given-name' })}
        {text('last_name', 'Last name', { autoComplete: 'family-name' })}
      </div>
      {text('display_name', 'Display name', { hint: 'Leave empty to use your first and last name.' })}
      {text('username', 'Username', { autoCapitalize: 'none', autoComplete: 'username', hint: PM.usernameRule })}
      <TextArea label="Bio" value={v.bio} error={f.errors.bio} onChange={(e) => f.set('bio', e.target.value)} />
      {text('phone_e164', 'Phone', { type: 'tel', autoComplete: 'tel', placeholder: '+33612345678' })}
      <Select label="Gender" options={genderOptions} value={v.gender} error={f.errors.gender} onChange={(e) => f.set('gender', e.target.value as typeof v.gender)} />
      <Select label="Units" options={unitOptions} value={v.unit_preference} onChange={(e) => switchUnit(e.target.value as UnitPreference)} />

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold">Body measurements</legend>
        <div className="grid grid-cols-2 gap-3">
          {MEASUREMENTS.map((m) => (
            <TextField
              key={m.key}
              label={`${m.label} (${m.kind === 'weight' ? weightUnit : lengthUnit})`}
              inputMode="decimal"
              value={v[m.key]}
              error={f.errors[m.key]}
              onChange={(e) => f.set(m.key, e.target.value)}
            />
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Shoe size" inputMode="decimal" value={v.shoe_size} error={f.errors.shoe_size} onChange={(e) => f.set('shoe_size', e.target.value)} />
        <Select label="Shoe system" options={shoeOptions} value={v.shoe_system} onChange={(e) => f.set('shoe_system', e.target.value as typeof v.shoe_system)} />
      </div>

      {f.formError && <FormMessage tone="error">{f.formError}</FormMessage>}
      {saved && <FormMessage tone="success">{PM.profileSaved}</FormMessage>}
      <Button type="submit" block pending={f.pending} disabled={saved || uploading}>
        Save
      </Button>
    </form>
  )
}

/** /profile/edit: every field and rule of spec part 1 §5. */
export default function ProfileEditPage() {
  return (
    <Screen>
      <TopBar title="Edit Profile" back />
      <MyProfileGate>{(profile) => <ProfileForm key={profile.id} profile={profile} />}</MyProfileGate>
    </Screen>
  )
}
