import { useEffect, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { HeartOff, Settings2, Sparkles } from 'lucide-react'
import { Link, useLocation } from '../../lib/router'
import { T } from '~/shared/tryon/messages'
import { GARMENT_SIZES } from '~/shared/tryon/constants'
import { fileRefFromUrl } from '~/shared/tryon/file-ref'
import type { FileRef, Photo } from '~/shared/tryon/schemas'
import { postImageAt } from '~/shared/posts/image-urls'
import { POST_IMAGE_WIDTHS } from '~/shared/posts/schemas'
import { last } from '~/shared/lists'
import { Button } from '../../components/Button'
import { Chip } from '../../components/Choice'
import { Select } from '../../components/Field'
import { TopBar } from '../../components/Layout'
import { TabScreen } from '../../components/TabBar'
import { ApiRequestError, errorMessage } from '../../lib/api'
import { toast } from '../../lib/toast'
import { fetchGeneration, startTryOn, tryonKeys } from './api'
import { FilePickButtons } from './components/FilePickButtons'
import { PendingTile, PhotoRow } from './components/PhotoRow'
import { ResultPanel } from './components/ResultPanel'
import { SavedResults } from './components/SavedResults'
import { useDeletePhoto, useLiked, usePhotos, useUnlike, useUploadPhoto } from './hooks'
import { useGeneration } from './use-generation'

/** What the feed, the photo library and the product page hand over in navigation state. */
type OutfitItem = { id: string; name: string; image: string; category?: string | null; brand?: string | null; price?: number | null; color?: string | null }
type NavState = { outfitItem?: OutfitItem | null; selectedPhoto?: string | null } | null
/** A chosen input: an image in our storage. */
type Choice = { id: string; ref: FileRef; url: string; productId?: string; color?: string }

const CURRENT_KEY = 'drape:tryon:current'

/** A selected photo handed over from the photo library, when it is one of our stored images. */
function handoverBase(selected: string | null | undefined): Choice | null {
  // The library shows its photos and post photos at 360 px; the try-on takes the largest stored width.
  const url = selected && postImageAt(selected, last(POST_IMAGE_WIDTHS))
  const ref = url ? fileRefFromUrl(url) : null
  return ref && url ? { id: `selected:${url}`, ref, url } : null
}

/** An outfit item handed over from the feed or a product page; a product image keeps its product and chosen colour. */
function handoverGarment(item: OutfitItem | null | undefined): Choice | null {
  const ref = item ? fileRefFromUrl(item.image) : null
  if (!ref || !item) return null
  const product = ref.bucket === 'products'
  return { id: `outfit:${item.id}`, ref, url: item.image, productId: product ? item.id : undefined, color: (product && item.color) || undefined }
}

const photoChoice = (p: Photo): Choice => ({ id: p.id, ref: { bucket: 'user-photos', path: p.filePath }, url: p.fileUrl })

/** An object URL for a picked file's preview, revoked when it changes. */
function usePreview(file: File | null) {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file])
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url])
  return url
}

export default function GeneratePage() {
  const location = useLocation()
  const [handover] = useState(() => ({ outfitItem: null, selectedPhoto: null, ...(location.state as NavState) }))
  const [base, setBase] = useState<Choice | null>(() => handoverBase(handover.selectedPhoto))
  const [garment, setGarment] = useState<Choice | null>(() => handoverGarment(handover.outfitItem))
  const [pendingBase, setPendingBase] = useState<File | null>(null)
  const [pendingGarment, setPendingGarment] = useState<File | null>(null)
  const [garmentSource, setGarmentSource] = useState<'liked' | 'photos'>('liked')
  const [size, setSize] = useState('')
  const [uploading, setUploading] = useState(false)
  const [generationId, setGenerationId] = useState<string | null>(() => sessionStorage.getItem(CURRENT_KEY))

  const basePhotos = usePhotos('base')
  const productPhotos = usePhotos('product')
  const liked = useLiked()
  const uploadBase = useUploadPhoto('base')
  const uploadGarment = useUploadPhoto('product')
  const deleteBase = useDeletePhoto('base')
  const deleteGarment = useDeletePhoto('product')
  const unlike = useUnlike()
  const generation = useGeneration(generationId)
  const done = generation?.status === 'succeeded' || generation?.status === 'failed'
  const finished = useQuery({ queryKey: tryonKeys.generation(generationId ?? ''), queryFn: () => fetchGeneration(generationId ?? ''), enabled: Boolean(generationId) && generation?.status === 'succeeded' })
  const pendingBaseUrl = usePreview(pendingBase)
  const pendingGarmentUrl = usePreview(pendingGarment)

  useEffect(() => {
    if (handover.outfitItem && !fileRefFromUrl(handover.outfitItem.image)) toast.error(T.failedToFetchProductImage)
  }, [handover])

  const haveBoth = Boolean((base || pendingBase) && (garment || pendingGarment))
  const generating = Boolean(generationId) && !done

  async function start() {
    if (!haveBoth) {
      toast.error(T.selectBothPhotos)
      return
    }
    setUploading(true)
    let subject = base
    let cloth = garment
    try {
      if (pendingBase) {
        subject = photoChoice(await uploadBase.mutateAsync(pendingBase))
        setBase(subject)
        setPendingBase(null)
      }
      if (pendingGarment) {
        cloth = photoChoice(await uploadGarment.mutateAsync(pendingGarment))
        setGarment(cloth)
        setPendingGarment(null)
      }
    } catch {
      setUploading(false)
      return
    }
    if (!subject || !cloth) return setUploading(false)
    try {
      const g = await startTryOn({ subject: subject.ref, garment: cloth.ref, productId: cloth.productId, color: cloth.color, size: (size || undefined) as (typeof GARMENT_SIZES)[number] | undefined, promptExtras: T.defaultPromptExtras })
      toast.success(T.tryOnStarted)
      sessionStorage.setItem(CURRENT_KEY, g.id)
      setGenerationId(g.id)
    } catch (err) {
      toast.error(T.failedToStart(err instanceof ApiRequestError && err.status === 401 ? T.notAuthenticated : errorMessage(err, T.unknownError)))
    } finally {
      setUploading(false)
    }
  }

  function reset() {
    sessionStorage.removeItem(CURRENT_KEY)
    setGenerationId(null)
    setBase(null)
    setGarment(null)
    setPendingBase(null)
    setPendingGarment(null)
    setSize('')
    toast.info(T.tryOnReset)
  }

  const startLabel = uploading ? 'Uploading photos...' : generation?.status === 'processing' ? T.processing : generating ? T.starting : T.startTryOn

  return (
    <TabScreen>
      <TopBar
        title="Virtual Try-On"
        back="/style-studio"
        actions={
          <Link to="/style-studio-setup" aria-label="Style Studio Setup" className="inline-flex size-11 items-center justify-center rounded-full hover:bg-sunken">
            <Settings2 size={24} strokeWidth={1.75} aria-hidden />
          </Link>
        }
      />
      <div className="flex flex-col gap-6 py-4">
        {generation && done ? (
          <ResultPanel key={generation.id} generation={generation} outputUrls={finished.data?.outputUrls ?? []} onTryAgain={reset} />
        ) : (
          <>
            <section aria-labelledby="base-heading" className="flex flex-col gap-3">
              <div className="flex flex-col gap-2 px-4">
                <h2 id="base-heading" className="text-base font-semibold">
                  1. Your photo
                </h2>
                <FilePickButtons
                  label="base photo"
                  capture="user"
                  disabled={generating || uploading}
                  onFile={(f) => {
                    setPendingBase(f)
                    setBase(null)
                  }}
                />
              </div>
              <PhotoRow
                items={basePhotos.data?.map((p, i) => ({ id: p.id, url: p.fileUrl, label: `Base photo ${i + 1}` }))}
                loading={basePhotos.isPending}
                error={basePhotos.isError}
                onRetry={() => void basePhotos.refetch()}
                selectedId={base?.id ?? null}
                onSelect={(item) => {
                  const photo = basePhotos.data?.find((p) => p.id === item.id)
                  if (!photo) return
                  setBase(photoChoice(photo))
                  setPendingBase(null)
                }}
                onDelete={(item) => {
                  if (base?.id === item.id) setBase(null)
                  deleteBase.mutate(item.id)
                }}
                deleteLabel="Delete photo"
                leading={pendingBaseUrl ? <PendingTile url={pendingBaseUrl} label="New base photo" /> : base && !basePhotos.data?.some((p) => p.id === base.id) ? <PendingTile url={base.url} label="Selected photo" /> : undefined}
                empty={T.noPhotosYet}
              />
            </section>

            <section aria-labelledby="garment-heading" className="flex flex-col gap-3">
              <div className="flex flex-col gap-2 px-4">
                <h2 id="garment-heading" className="text-base font-semibold">
                  2. Garment
                </h2>
                <FilePickButtons
                  label="product photo"
                  capture="environment"
                  disabled={generating || uploading}
                  onFile={(f) => {
                    setPendingGarment(f)
                    setGarment(null)
                    setGarmentSource('photos')
                  }}
                />
              </div>
              <div className="flex gap-2 px-4" role="group" aria-label="Garment source">
                <Chip selected={garmentSource === 'liked'} onClick={() => setGarmentSource('liked')}>
                  Liked products
                </Chip>
                <Chip selected={garmentSource === 'photos'} onClick={() => setGarmentSource('photos')}>
                  My product photos
                </Chip>
              </div>
              {garmentSource === 'liked' ? (
                <PhotoRow
                  items={liked.data?.map((p) => ({ id: p.id, url: p.imageUrl, label: `${p.brand} ${p.name}` }))}
                  loading={liked.isPending}
                  error={liked.isError}
                  onRetry={() => void liked.refetch()}
                  selectedId={garment?.productId ?? null}
                  onSelect={(item) => {
                    const ref = fileRefFromUrl(item.url)
                    if (!ref) return toast.error(T.failedToFetchProductImage)
                    setGarment({ id: item.id, ref, url: item.url, productId: item.id })
                    setPendingGarment(null)
                  }}
                  onDelete={(item) => {
                    if (garment?.productId === item.id) setGarment(null)
                    unlike.mutate(item.id)
                  }}
                  deleteLabel="Unlike"
                  deleteIcon={HeartOff}
                  leading={garment?.id.startsWith('outfit:') && !liked.data?.some((p) => p.id === garment.productId) ? <PendingTile url={garment.url} label="Selected look" /> : undefined}
                  empty="Like products in the shop to try them on here."
                />
              ) : (
                <PhotoRow
                  items={productPhotos.data?.map((p, i) => ({ id: p.id, url: p.fileUrl, label: `Product photo ${i + 1}` }))}
                  loading={productPhotos.isPending}
                  error={productPhotos.isError}
                  onRetry={() => void productPhotos.refetch()}
                  selectedId={garment?.id ?? null}
                  onSelect={(item) => {
                    const photo = productPhotos.data?.find((p) => p.id === item.id)
                  if (!photo) return
                    setGarment(photoChoice(photo))
                    setPendingGarment(null)
                  }}
                  onDelete={(item) => {
                    if (garment?.id === item.id) setGarment(null)
                    deleteGarment.mutate(item.id)
                  }}
                  deleteLabel="Delete product photo"
                  leading={pendingGarmentUrl ? <PendingTile url={pendingGarmentUrl} label="New product photo" /> : undefined}
                  empty={T.noPhotosYet}
                />
              )}
            </section>

            <div className="flex flex-col gap-3 px-4">
              <Select
                label="Size (optional)"
                value={size}
                onChange={(e) => setSize(e.target.value)}
                options={[{ value: '', label: 'No size' }, ...GARMENT_SIZES.map((s) => ({ value: s, label: s }))]}
              />
              <Button block onClick={() => void start()} disabled={!haveBoth || generating} pending={uploading} icon={<Sparkles size={20} strokeWidth={1.75} aria-hidden />}>
                {startLabel}
              </Button>
              {generating && (
                <p role="status" className="text-center text-sm text-muted">
                  {generation?.status === 'processing' ? 'Dressing you in the garment. This can take a minute — you can leave and come back.' : 'Waiting for a free try-on slot...'}
                </p>
              )}
            </div>
          </>
        )}

        <section aria-labelledby="saved-heading" className="flex flex-col gap-3">
          <h2 id="saved-heading" className="px-4 text-base font-semibold">
            Saved results
          </h2>
          <SavedResults />
        </section>
      </div>
    </TabScreen>
  )
}
