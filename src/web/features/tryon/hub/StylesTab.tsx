import { useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Check, FolderPlus, Layers } from 'lucide-react'
import { type Collection, CreateCollectionSchema } from '~/shared/tryon/schemas'
import { Button } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { TextField } from '../../../components/Field'
import { BottomSheet } from '../../../components/Overlay'
import { errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { addToCollection, createCollection, fetchCollections, tryonKeys } from '../api'
import { useResults } from '../hooks'

function CreateSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const qc = useQueryClient()
  const form = useForm({
    schema: CreateCollectionSchema,
    initial: { name: '' },
    errorMessage: (err) => errorMessage(err, 'Could not create the collection.'),
    onSubmit: async ({ name }) => {
      const c = await createCollection(name)
      qc.setQueryData<Collection[]>(tryonKeys.collections, (list) => [c, ...(list ?? [])])
      toast.success('Collection created')
      form.reset()
      onClose()
    },
  })
  return (
    <BottomSheet open={open} onClose={onClose} title="Create New Collection">
      <form onSubmit={form.submit} className="flex flex-col gap-3">
        <TextField label="Name" value={form.values.name} onChange={(e) => (form.set('name', e.target.value), form.setFormError(null))} error={form.errors.name ?? form.formError ?? undefined} maxLength={60} autoFocus />
        <Button type="submit" pending={form.pending}>
          Create
        </Button>
      </form>
    </BottomSheet>
  )
}

/** Saved results to add to one collection. */
function AddSheet({ collection, onClose }: { collection: Collection | null; onClose: () => void }) {
  const qc = useQueryClient()
  const results = useResults()
  const [added, setAdded] = useState<Set<string>>(new Set())
  const add = useMutation({
    mutationFn: ({ collectionId, resultId }: { collectionId: string; resultId: string }) => addToCollection(collectionId, resultId),
    onSuccess: (c, { resultId }) => {
      setAdded((s) => new Set(s).add(resultId))
      qc.setQueryData<Collection[]>(tryonKeys.collections, (list) => list?.map((x) => (x.id === c.id ? c : x)))
    },
    onError: (err) => toast.error(errorMessage(err, 'Could not add to the collection.')),
  })
  return (
    <BottomSheet open={Boolean(collection)} onClose={onClose} title={collection ? `Add to ${collection.name}` : 'Add'}>
      {results.isPending ? (
        <Skeleton className="h-32" />
      ) : results.isError ? (
        <ErrorState onRetry={() => void results.refetch()} />
      ) : !results.data.length ? (
        <EmptyState icon={Layers} title="Save try-on results to add them here." />
      ) : (
        <ul className="grid grid-cols-3 gap-2">
          {results.data.map((r, i) => (
            <li key={r.id} className="relative">
              <button type="button" aria-label={`Add saved result ${i + 1}`} aria-pressed={added.has(r.id)} onClick={() => collection && add.mutate({ collectionId: collection.id, resultId: r.id })} className="block aspect-[3/4] w-full overflow-hidden rounded-card bg-sunken">
                <img src={r.resultUrl} alt="" loading="lazy" className="size-full object-cover" />
              </button>
              {added.has(r.id) && (
                <span className="pointer-events-none absolute top-1 right-1 flex size-6 items-center justify-center rounded-full bg-rose text-on-accent">
                  <Check size={14} strokeWidth={2} aria-hidden />
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  )
}

/** Style collections: create, name, add saved results. */
export function StylesTab() {
  const collections = useQuery({ queryKey: tryonKeys.collections, queryFn: fetchCollections })
  const [creating, setCreating] = useState(false)
  const [open, setOpen] = useState<Collection | null>(null)
  return (
    <div className="flex flex-col gap-4 p-4">
      <Button variant="secondary" onClick={() => setCreating(true)} icon={<FolderPlus size={20} strokeWidth={1.75} aria-hidden />}>
        Create New Collection
      </Button>
      {collections.isPending ? (
        <div className="grid grid-cols-2 gap-3">
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
        </div>
      ) : collections.isError ? (
        <ErrorState message="Could not load your collections." onRetry={() => void collections.refetch()} />
      ) : !collections.data.length ? (
        <EmptyState icon={Layers} title="Group your favourite looks into collections." />
      ) : (
        <ul className="grid grid-cols-2 gap-3" aria-label="Collections">
          {collections.data.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => setOpen(c)} aria-label={`${c.name}, ${c.itemCount} items`} className="flex w-full flex-col gap-1.5 text-left">
                <div className="flex aspect-square w-full items-center justify-center overflow-hidden rounded-card bg-sunken text-muted">
                  {c.coverUrl ? <img src={c.coverUrl} alt="" loading="lazy" className="size-full object-cover" /> : <Layers size={28} strokeWidth={1.75} aria-hidden />}
                </div>
                <span className="truncate text-sm font-semibold">{c.name}</span>
                <span className="text-xs text-muted">
                  {c.itemCount} {c.itemCount === 1 ? 'item' : 'items'}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <CreateSheet open={creating} onClose={() => setCreating(false)} />
      <AddSheet key={open?.id ?? 'none'} collection={open} onClose={() => setOpen(null)} />
    </div>
  )
}
