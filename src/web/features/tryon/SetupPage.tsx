import { useEffect, useMemo, useState, type FormEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { AlertTriangle, RotateCcw } from 'lucide-react'
import { T } from '~/shared/tryon/messages'
import { runwareTask } from '~/shared/tryon/runware-task'
import { DEFAULT_SETTINGS, isSupportedModel, MODEL_CHOICES, MODEL_FALLBACK_WARNING, OUTPUT_FORMATS, type Settings, SettingsSchema, type TryOnEngineName } from '~/shared/tryon/schemas'
import { Button } from '../../components/Button'
import { ErrorState, FormMessage, Skeleton } from '../../components/Feedback'
import { Select, TextArea, TextField } from '../../components/Field'
import { Screen, TopBar } from '../../components/Layout'
import { ApiRequestError } from '../../lib/api'
import { toast } from '../../lib/toast'
import { useForm } from '../../lib/use-form'
import { fetchSettings, saveSettings, tryonKeys } from './api'
import { HistoryTable } from './components/HistoryTable'

const PREVIEW_IMAGES = { person: '<image 1: your photo>', garment: '<image 2: the garment>' }

/** The task the settings generate, as shown (and editable) in the JSON editor. */
const generatedJson = (s: Settings) =>
  JSON.stringify(
    runwareTask({ taskUUID: '<new for each request>', model: s.model, prompt: s.prompt_template, width: s.width, height: s.height, numberResults: s.number_results, outputFormat: s.output_format, ...PREVIEW_IMAGES }),
    null,
    2,
  )

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const v = JSON.parse(text) as unknown
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null
  } catch {
    return null
  }
}

function SettingsForm({ initial }: { initial: Settings }) {
  const qc = useQueryClient()
  const [jsonText, setJsonText] = useState(initial.custom_json ? JSON.stringify(initial.custom_json, null, 2) : '')
  const [jsonCustom, setJsonCustom] = useState(Boolean(initial.custom_json))
  const [jsonError, setJsonError] = useState<string | null>(null)
  const [customModel, setCustomModel] = useState(!MODEL_CHOICES.some((m) => m.value === initial.model))
  const form = useForm({
    schema: SettingsSchema,
    initial,
    onSubmit: async (values) => {
      const saved = await saveSettings(values)
      qc.setQueryData(tryonKeys.settings, saved)
      toast.success(T.settingsSaved)
    },
    errorMessage: (err) => {
      const message = err instanceof ApiRequestError && err.status === 401 ? T.userNotAuthenticated : T.failedToSaveSettings
      toast.error(message)
      return message
    },
  })
  const v = form.values
  const generated = useMemo(() => generatedJson(v as Settings), [v])
  const shownJson = jsonCustom ? jsonText : generated

  const editJson = (text: string) => {
    setJsonText(text)
    setJsonCustom(true)
    const parsed = parseObject(text)
    setJsonError(parsed ? null : T.invalidJson)
    if (parsed) form.set('custom_json', parsed)
  }
  const resetJson = () => {
    setJsonCustom(false)
    setJsonText('')
    setJsonError(null)
    form.set('custom_json', null)
    toast.success(T.jsonReset)
  }
  const resetSettings = () => {
    form.setValues(DEFAULT_SETTINGS)
    setCustomModel(false)
    setJsonCustom(false)
    setJsonText('')
    setJsonError(null)
    toast.success(T.settingsReset)
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (jsonCustom && !parseObject(jsonText)) {
      setJsonError(T.invalidJson)
      toast.error(T.invalidJson)
      return
    }
    void form.submit()
  }
  const num = (key: 'width' | 'height' | 'number_results') => ({
    type: 'number' as const,
    inputMode: 'numeric' as const,
    value: Number.isNaN(v[key]) ? '' : String(v[key]),
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.set(key, e.target.value === '' ? Number.NaN : Number(e.target.value)),
    error: form.errors[key],
  })

  return (
    <form onSubmit={submit} className="flex flex-col gap-4 px-4" noValidate aria-label="Generation settings">
      <Select
        label="Model"
        value={customModel ? 'custom' : v.model}
        onChange={(e) => {
          if (e.target.value === 'custom') setCustomModel(true)
          else {
            setCustomModel(false)
            form.set('model', e.target.value)
          }
        }}
        options={MODEL_CHOICES}
        error={customModel ? undefined : form.errors.model}
      />
      {customModel && <TextField label="Custom model id" value={v.model} onChange={(e) => form.set('model', e.target.value)} placeholder="provider:id@version" error={form.errors.model} />}
      {!isSupportedModel(v.model) && (
        <p role="status" className="flex items-start gap-2 rounded-card bg-warning/10 px-3 py-2 text-sm text-warning">
          <AlertTriangle size={18} strokeWidth={1.75} aria-hidden className="mt-0.5 shrink-0" />
          {MODEL_FALLBACK_WARNING}
        </p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Width" min={256} max={2048} {...num('width')} />
        <TextField label="Height" min={256} max={2048} {...num('height')} />
      </div>
      <TextField label="Number of results" min={1} max={4} hint={T.numberResultsHint} {...num('number_results')} />
      <Select label="Output format" value={v.output_format} onChange={(e) => form.set('output_format', e.target.value as Settings['output_format'])} options={OUTPUT_FORMATS.map((f) => ({ value: f, label: f }))} />
      <TextArea label="Prompt template" rows={6} value={v.prompt_template} onChange={(e) => form.set('prompt_template', e.target.value)} error={form.errors.prompt_template} />

      <div className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center justify-between gap-x-2">
          <label htmlFor="json-payload" className="text-sm font-semibold">
            JSON payload {jsonCustom ? '(custom)' : '(generated)'}
          </label>
          <Button variant="ghost" size="sm" className="min-h-11 whitespace-nowrap" icon={<RotateCcw size={16} strokeWidth={1.75} aria-hidden />} onClick={resetJson} disabled={!jsonCustom}>
            {T.resetToGenerated}
          </Button>
        </div>
        <textarea
          id="json-payload"
          spellCheck={false}
          rows={14}
          value={shownJson}
          onChange={(e) => editJson(e.target.value)}
          aria-invalid={jsonError ? true : undefined}
          aria-describedby={jsonError ? 'json-payload-error' : undefined}
          className="w-full rounded-card border border-hairline bg-sunken p-3 font-mono text-xs text-ink outline-none focus:border-ink"
        />
        {jsonError && (
          <p id="json-payload-error" role="alert" className="text-xs text-danger">
            {jsonError}
          </p>
        )}
      </div>
      {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
      <div className="grid grid-cols-[auto_1fr] gap-2">
        <Button variant="secondary" onClick={resetSettings}>
          Reset to defaults
        </Button>
        <Button type="submit" pending={form.pending}>
          Save settings
        </Button>
      </div>
    </form>
  )
}

const ENGINE_TEXT: Record<TryOnEngineName, string> = { local: T.engineLocal, runware: T.engineRunware, http: T.engineHttp }

/** Which engine makes the try-ons here, so the Runware settings are not taken for what runs. */
function EngineNotice({ engine }: { engine: TryOnEngineName }) {
  return (
    <section aria-labelledby="engine-heading" className="mx-4 flex flex-col gap-1 rounded-card bg-sunken p-3 text-sm">
      <h2 id="engine-heading" className="font-semibold">
        {T.engineHeading}: <span data-testid="engine-name">{engine === 'local' ? 'Local' : engine === 'runware' ? 'Runware' : 'HTTP service'}</span>
      </h2>
      <p className="text-muted">{ENGINE_TEXT[engine]}</p>
    </section>
  )
}

export default function SetupPage() {
  const settings = useQuery({ queryKey: tryonKeys.settings, queryFn: fetchSettings })
  useEffect(() => {
    if (settings.isError) toast.error(T.failedToLoadSettings)
  }, [settings.isError])
  return (
    <Screen>
      <TopBar title={T.setupTitle} back="/style-studio" />
      <div className="flex flex-col gap-8 py-4">
        {settings.data && <EngineNotice engine={settings.data.engine} />}
        <section aria-labelledby="settings-heading" className="flex flex-col gap-3">
          <h2 id="settings-heading" className="px-4 text-base font-semibold">
            {settings.data?.engine === 'runware' ? 'Generation settings' : T.runwareSettingsHeading}
          </h2>
          {settings.isPending ? (
            <div className="flex flex-col gap-3 px-4">
              <Skeleton className="h-12" />
              <Skeleton className="h-12" />
              <Skeleton className="h-40" />
            </div>
          ) : settings.isError ? (
            <ErrorState message={T.failedToLoadSettings} onRetry={() => void settings.refetch()} />
          ) : (
            <SettingsForm initial={(({ saved: _saved, engine: _engine, ...s }) => s)(settings.data)} />
          )}
        </section>
        <section aria-labelledby="history-heading" className="flex flex-col gap-3 pb-8">
          <h2 id="history-heading" className="px-4 text-base font-semibold">
            Generation history
          </h2>
          <HistoryTable />
        </section>
      </div>
    </Screen>
  )
}
