import { useState } from 'react'
import { Download, ShieldCheck } from 'lucide-react'
import { Button } from '../../components/Button'
import { FormMessage } from '../../components/Feedback'
import { Screen, TopBar } from '../../components/Layout'
import { ExportFileSchema } from '~/shared/tryon/schemas'
import { api, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'

const INCLUDED = [
  'Account, sign-ins and sessions',
  'Profile with names, phone and body measurements',
  'Addresses, orders with their lines, and your cart',
  'Posts and image details, likes, saves and comments',
  'Follows and followers',
  'Stories and stories you viewed',
  'Your conversations (both sides)',
  'Notifications and recent searches',
  'Photo library, try-on photos, generations, saved results, collections and settings (details only)',
  'Liked products',
]

/** Downloads the signed-in user's own data as JSON (version 3.0.0, no image URLs), named by date. */
export default function ExportPage() {
  const [pending, setPending] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  async function download() {
    setPending(true)
    setError(null)
    try {
      const data = await api('/export', { schema: ExportFileSchema })
      const name = `drape-export-${data.exportedAt.slice(0, 10)}.json`
      const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }))
      const a = document.createElement('a')
      a.href = url
      a.download = name
      document.body.append(a)
      a.click()
      a.remove()
      setTimeout(() => URL.revokeObjectURL(url), 1000)
      setDone(name)
      toast.success('Your data export is downloading.')
    } catch (err) {
      const message = errorMessage(err, 'Could not export your data. Please try again.')
      setError(message)
      toast.error(message)
    } finally {
      setPending(false)
    }
  }

  return (
    <Screen>
      <TopBar title="Export" back />
      <div className="flex flex-col gap-5 p-4">
        <div className="flex items-start gap-3 rounded-card bg-sunken p-4">
          <ShieldCheck size={24} strokeWidth={1.75} aria-hidden className="shrink-0 text-success" />
          <p className="text-sm text-muted">Download a copy of your own Drape data as a JSON file (format version 3.0.0). Image links are left out. Other people appear only by username, in conversations and activity you took part in.</p>
        </div>
        <section aria-labelledby="included-heading">
          <h2 id="included-heading" className="mb-2 text-sm font-semibold">
            What is included
          </h2>
          <ul className="list-disc pl-5 text-sm text-muted">
            {INCLUDED.map((i) => (
              <li key={i}>{i}</li>
            ))}
          </ul>
        </section>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {done && <FormMessage tone="success">Saved as {done}</FormMessage>}
        <Button block onClick={() => void download()} pending={pending} icon={<Download size={20} strokeWidth={1.75} aria-hidden />}>
          Export my data
        </Button>
      </div>
    </Screen>
  )
}
