import { ImagePlus, Trash2 } from 'lucide-react'
import { useRef, type ChangeEvent } from 'react'
import { T } from '~/shared/tryon/messages'
import { Button, IconButton } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { useDeletePhoto, usePhotos, useUploadPhoto } from '../hooks'

/** The user's base photos with Choose Face Photo / Choose Body Photo uploads. */
export function PicturesTab() {
  const photos = usePhotos('base')
  const upload = useUploadPhoto('base', { failed: T.failedToSavePhoto, signedOut: T.signInToSavePhotos })
  const remove = useDeletePhoto('base')
  const face = useRef<HTMLInputElement>(null)
  const body = useRef<HTMLInputElement>(null)
  const take = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0]
    e.target.value = ''
    if (file) upload.mutate(file)
  }
  return (
    <div className="flex flex-col gap-4 p-4">
      <div className="grid grid-cols-2 gap-2">
        <Button variant="secondary" onClick={() => face.current?.click()} pending={upload.isPending}>
          Choose Face Photo
        </Button>
        <Button variant="secondary" onClick={() => body.current?.click()} pending={upload.isPending}>
          Choose Body Photo
        </Button>
        <input ref={face} type="file" accept="image/*" className="hidden" aria-label="Face photo file" onChange={take} />
        <input ref={body} type="file" accept="image/*" className="hidden" aria-label="Body photo file" onChange={take} />
      </div>
      {photos.isPending ? (
        <div className="grid grid-cols-3 gap-2">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="aspect-[3/4]" />
          ))}
        </div>
      ) : photos.isError ? (
        <ErrorState message={T.failedToLoadPhotos} onRetry={() => void photos.refetch()} />
      ) : !photos.data.length ? (
        <EmptyState icon={ImagePlus} title={T.noPhotosYet} />
      ) : (
        <ul className="grid grid-cols-3 gap-2" aria-label="Your photos">
          {photos.data.map((p, i) => (
            <li key={p.id} className="relative aspect-[3/4] overflow-hidden rounded-card bg-sunken">
              <img src={p.fileUrl} alt={`Your photo ${i + 1}`} loading="lazy" className="size-full object-cover" />
              <IconButton label={`Delete photo ${i + 1}`} onClick={() => remove.mutate(p.id)} className="absolute top-0 right-0 text-white hover:bg-transparent [&>svg]:box-content [&>svg]:rounded-full [&>svg]:bg-black/55 [&>svg]:p-1">
                <Trash2 size={18} strokeWidth={1.75} />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
