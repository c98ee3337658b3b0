import { useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { AlertCircle, Check, ImagePlus, Images, RotateCcw, Sparkles, Trash2, Video } from 'lucide-react'
import { useNavigate } from '../../lib/router'
import { fieldErrors, firstFieldError } from '~/shared/field-errors'
import { FM } from '~/shared/posts/messages'
import { postThumbnail } from '~/shared/posts/image-urls'
import { CreatePostSchema, MAX_POST_IMAGES } from '~/shared/posts/schemas'
import { Button, IconButton } from '../../components/Button'
import { Tabs } from '../../components/Choice'
import { EmptyState, ErrorState, FormMessage, Skeleton } from '../../components/Feedback'
import { TextArea } from '../../components/Field'
import { Screen, TopBar } from '../../components/Layout'
import { errorMessage } from '../../lib/api'
import { cn } from '../../lib/cn'
import { toast } from '../../lib/toast'
import { createPost, postKeys, useDeleteLibraryPhoto, useMyPhotos } from './api'
import { PhotoFileInput } from './PhotoFileInput'
import { draftStore } from './drafts'
import { useLibraryUploads } from './library-uploads'

type Tab = (typeof FM.libraryTabs)[number]
/** A tile, keyed by its URL; `libraryId` when it is an uploaded library photo (deletable). */
type Photo = { id: string; src: string; libraryId: string | null }

export default function PhotoLibraryPage() {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const fileRef = useRef<HTMLInputElement>(null)
  const q = useMyPhotos()
  const photos: Photo[] = (q.data?.items ?? []).map((p) => ({ id: p.url, src: postThumbnail(p.url), libraryId: p.id }))
  const [tab, setTab] = useState<Tab>('Library')
  const [multiple, setMultiple] = useState(false)
  const [selected, setSelected] = useState<string[]>([])
  // A photo just added is the one to post; picking several is the user's own doing (a photo
  // finishing its upload must not toggle what they are picking).
  const waiting = useLibraryUploads((photo) => {
    if (!multiple) setSelected([photo.url])
  })
  const remove = useDeleteLibraryPhoto()
  const [caption, setCaption] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [publishing, setPublishing] = useState(false)
  const chosen = selected.map((id) => photos.find((p) => p.id === id)).filter((p): p is Photo => Boolean(p))

  const toggle = (id: string) => {
    setError(null)
    if (!multiple) return setSelected((s) => (s[0] === id ? [] : [id]))
    setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : s.length >= MAX_POST_IMAGES ? s : [...s, id]))
  }

  const publish = async () => {
    const check = CreatePostSchema.safeParse({ caption, images: chosen.map((p) => p.id) })
    if (!check.success) return setError(firstFieldError(fieldErrors(check.error.issues)) ?? null)
    setPublishing(true)
    setError(null)
    try {
      await createPost(check.data.caption, check.data.images)
      await Promise.all([qc.invalidateQueries({ queryKey: postKeys.all }), qc.invalidateQueries({ queryKey: postKeys.photos }), qc.invalidateQueries({ queryKey: ['profile'] })])
      toast.success(FM.posted)
      navigate('/feed')
    } catch (err) {
      setError(errorMessage(err, FM.couldNotPost))
    } finally {
      setPublishing(false)
    }
  }

  const preview = chosen.at(-1)
  return (
    <Screen>
      <TopBar
        title="New post"
        start={
          <Button variant="ghost" onClick={() => navigate('/camera')}>
            {FM.cancel}
          </Button>
        }
        actions={
          <Button variant="ghost" className="text-rose" disabled={!chosen.length} pending={publishing} onClick={() => void publish()}>
            {FM.next}
          </Button>
        }
      />
      {preview && (
        <div className="flex flex-col gap-3 border-b border-hairline p-4">
          <div className="mx-auto aspect-[4/5] w-2/3 overflow-hidden rounded-card bg-sunken">
            <img src={preview.src} alt="Selected photo" className="size-full object-cover" />
          </div>
          <TextArea label="Caption" value={caption} maxLength={2200} onChange={(e) => setCaption(e.target.value)} placeholder="Write a caption… Mention people with @" />
          {error && <FormMessage tone="error">{error}</FormMessage>}
        </div>
      )}
      <Tabs label="Photo library" tabs={FM.libraryTabs.map((t) => ({ id: t, label: t }))} value={tab} onChange={setTab} />
      <div className="flex items-center justify-between px-2 py-1">
        <Button variant="ghost" size="sm" className="whitespace-nowrap" icon={<ImagePlus size={18} strokeWidth={1.75} aria-hidden />} onClick={() => fileRef.current?.click()}>
          Add from device
        </Button>
        <Button
          variant={multiple ? 'primary' : 'secondary'}
          size="sm"
          className="whitespace-nowrap"
          aria-pressed={multiple}
          onClick={() => {
            setMultiple((m) => !m)
            setSelected([])
          }}
        >
          {FM.selectMultiple}
        </Button>
      </div>
      {q.data && tab !== 'Video' && <p className="px-4 pb-2 text-xs text-muted">{FM.libraryCount(q.data.count, q.data.limit)}</p>}
      {tab === 'Video' ? (
        <EmptyState icon={Video} title={FM.noVideos} />
      ) : q.isPending && !waiting.length ? (
        <div className="grid grid-cols-3 gap-0.5" aria-label="Loading photos">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} className="aspect-square rounded-none" />
          ))}
        </div>
      ) : q.isError && !waiting.length ? (
        <ErrorState message={errorMessage(q.error, 'Could not load your photos.')} onRetry={() => q.refetch()} />
      ) : !photos.length && !waiting.length ? (
        <EmptyState icon={Images} title={FM.noPhotos} action={<Button onClick={() => fileRef.current?.click()}>Add from device</Button>} />
      ) : (
        <ul className="grid grid-cols-3 gap-0.5" aria-label="Photos">
          {waiting.map((d) =>
            d.failed ? (
              <li key={d.id} className="relative aspect-square bg-sunken" aria-label={d.failed}>
                <img src={d.url} alt="" className="size-full object-cover opacity-40 grayscale" />
                <AlertCircle size={24} strokeWidth={1.75} className="absolute top-1.5 right-1.5 text-danger" aria-hidden />
                <IconButton label={FM.retryAddingPhoto} className="absolute bottom-0 left-0 text-ink" onClick={() => draftStore.setFailed(d.id, null)}>
                  <RotateCcw size={20} strokeWidth={1.75} />
                </IconButton>
                <IconButton label={FM.removeDraftPhoto} className="absolute right-0 bottom-0 text-ink" onClick={() => draftStore.remove([d.id])}>
                  <Trash2 size={20} strokeWidth={1.75} />
                </IconButton>
              </li>
            ) : (
              <li key={d.id} className="relative aspect-square bg-sunken" aria-label={FM.addingPhoto}>
                <img src={d.url} alt="" className="size-full animate-pulse object-cover opacity-50" />
              </li>
            ),
          )}
          {photos.map((p, i) => {
            const order = selected.indexOf(p.id)
            return (
              <li key={p.id} className="relative aspect-square bg-sunken">
                <button type="button" aria-label={`Photo ${i + 1}`} aria-pressed={order >= 0} onClick={() => toggle(p.id)} className="block size-full">
                  <img src={p.src} alt="" loading="lazy" className={cn('size-full object-cover', order >= 0 && 'opacity-70')} />
                </button>
                {order >= 0 && (
                  <span className="pointer-events-none absolute top-1.5 right-1.5 flex size-6 items-center justify-center rounded-full bg-rose text-xs font-semibold text-on-accent">
                    {multiple ? order + 1 : <Check size={14} strokeWidth={2} aria-hidden />}
                  </span>
                )}
                <IconButton
                  label="Try on with this photo"
                  className="absolute bottom-0 left-0 text-white drop-shadow hover:bg-black/20"
                  onClick={() => navigate('/style-studio-generate', { state: { selectedPhoto: p.src, outfitItem: null } })}
                >
                  <Sparkles size={20} strokeWidth={1.75} />
                </IconButton>
                {p.libraryId && (
                  <IconButton
                    label={`Delete photo ${i + 1}`}
                    className="absolute right-0 bottom-0 text-white drop-shadow hover:bg-black/20"
                    disabled={remove.isPending}
                    onClick={() => {
                      if (!p.libraryId || !window.confirm(FM.deleteLibraryPhoto)) return
                      remove.mutate(p.libraryId, { onSuccess: () => setSelected((s) => s.filter((id) => id !== p.id)) })
                    }}
                  >
                    <Trash2 size={20} strokeWidth={1.75} />
                  </IconButton>
                )}
              </li>
            )
          })}
        </ul>
      )}
      <PhotoFileInput
        ref={fileRef}
        onFiles={(files) => draftStore.add(files)}
      />
    </Screen>
  )
}
