import { useState } from 'react'
import { Bookmark, Maximize2, RotateCcw, Send } from 'lucide-react'
import { T } from '~/shared/tryon/messages'
import type { GenerationEvent } from '~/shared/tryon/schemas'
import { Button, IconButton } from '../../../components/Button'
import { Dialog } from '../../../components/Overlay'
import { cn } from '../../../lib/cn'
import { toast } from '../../../lib/toast'
import { usePostToFeed, useSaveResult } from '../hooks'

/** The finished generation: the image(s) with Try Again, Save, Post to Feed and enlarge, or the error box. */
export function ResultPanel({ generation, outputUrls, onTryAgain }: { generation: GenerationEvent; outputUrls: string[]; onTryAgain: () => void }) {
  const urls = outputUrls.length ? outputUrls : generation.outputUrl ? [generation.outputUrl] : []
  const [chosen, setChosen] = useState(0)
  const [enlarged, setEnlarged] = useState(false)
  const save = useSaveResult()
  const post = usePostToFeed()
  const url = urls[chosen] ?? urls[0] ?? null

  if (generation.status === 'failed' || !url) {
    return (
      <section aria-label="Try-on result" className="mx-4 flex flex-col gap-3">
        <p role="alert" className="rounded-card border border-danger/40 bg-danger/10 px-4 py-3 text-sm text-danger">
          {generation.error || T.unknownError}
        </p>
        <Button variant="secondary" icon={<RotateCcw size={18} strokeWidth={1.75} aria-hidden />} onClick={onTryAgain}>
          Try Again
        </Button>
      </section>
    )
  }

  const onSave = () => (url ? save.mutate({ generationId: generation.id, resultUrl: url }) : toast.error(T.missingDataToSave))
  const onPost = () => (url ? post.mutate({ generationId: generation.id, resultUrl: url }) : toast.error(T.noImageToPost))

  return (
    <section aria-label="Try-on result" className="mx-4 flex flex-col gap-3">
      <div className="relative aspect-[3/4] overflow-hidden rounded-card bg-sunken">
        <img src={url} alt="Your virtual try-on result" className="size-full object-cover" />
        <IconButton label="Enlarge result" onClick={() => setEnlarged(true)} className="absolute top-2 right-2 bg-surface/80 backdrop-blur">
          <Maximize2 size={20} strokeWidth={1.75} />
        </IconButton>
      </div>
      {urls.length > 1 && (
        <ul className="flex gap-2" aria-label="Variations">
          {urls.map((u, i) => (
            <li key={u}>
              <button type="button" aria-label={`Variation ${i + 1}`} aria-pressed={i === chosen} onClick={() => setChosen(i)} className={cn('block aspect-[3/4] w-14 overflow-hidden rounded-card border-2', i === chosen ? 'border-rose' : 'border-transparent')}>
                <img src={u} alt="" className="size-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <Button block icon={<Send size={18} strokeWidth={1.75} aria-hidden />} onClick={onPost} pending={post.isPending}>
        Post to Feed
      </Button>
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" icon={<RotateCcw size={18} strokeWidth={1.75} aria-hidden />} onClick={onTryAgain}>
          Try Again
        </Button>
        <Button variant="secondary" icon={<Bookmark size={18} strokeWidth={1.75} aria-hidden />} onClick={onSave} pending={save.isPending}>
          Save
        </Button>
      </div>
      <Dialog open={enlarged} onClose={() => setEnlarged(false)} title="Try-on result">
        <img src={url} alt="Your virtual try-on result, enlarged" className="w-full rounded-card" />
      </Dialog>
    </section>
  )
}
