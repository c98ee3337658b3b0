import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { MapPin, Pencil, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from '../../../lib/router'
import { MM, MT } from '~/shared/marketplace/messages'
import type { Address } from '~/shared/marketplace/schemas'
import { Button, IconButton } from '../../../components/Button'
import { EmptyState, ErrorState, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { Dialog } from '../../../components/Overlay'
import { errorMessage } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { deleteAddress, fetchAddresses, keys, setDefaultAddress } from '../api'

/** /profile/address: name, address, phone; a Default badge or 'Set as default'; edit, delete, add. */
export default function AddressListPage() {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const list = useQuery({ queryKey: keys.addresses, queryFn: fetchAddresses })
  const [deleting, setDeleting] = useState<Address | null>(null)

  const makeDefault = useMutation({
    mutationFn: setDefaultAddress,
    onMutate: async (id) => {
      await qc.cancelQueries({ queryKey: keys.addresses })
      const before = qc.getQueryData<{ items: Address[] }>(keys.addresses)
      if (before) qc.setQueryData(keys.addresses, { items: before.items.map((a) => ({ ...a, isDefault: a.id === id })) })
      return { before }
    },
    onError: (err, _id, ctx) => {
      if (ctx?.before) qc.setQueryData(keys.addresses, ctx.before)
      toast.error(errorMessage(err, MT.couldNotSaveAddress))
    },
    onSuccess: (data) => qc.setQueryData(keys.addresses, data),
  })
  const remove = useMutation({
    mutationFn: deleteAddress,
    onSuccess: () => {
      setDeleting(null)
      toast.success(MT.addressDeleted)
      void qc.invalidateQueries({ queryKey: keys.addresses })
    },
    onError: (err) => toast.error(errorMessage(err, MT.couldNotSaveAddress)),
  })

  return (
    <Screen>
      <TopBar title="Address" back="/marketplace/profile" />
      <div className="flex flex-col gap-3 p-4 pb-28">
        {list.isPending ? (
          Array.from({ length: 2 }, (_, i) => <Skeleton key={i} className="h-28 w-full" />)
        ) : list.isError ? (
          <ErrorState message="We couldn't load your addresses." onRetry={() => void list.refetch()} />
        ) : list.data.items.length === 0 ? (
          <EmptyState icon={MapPin} title={MT.noAddresses} />
        ) : (
          <ul className="flex flex-col gap-3">
            {list.data.items.map((a) => (
              <li key={a.id} className="flex gap-3 rounded-card border border-hairline p-4 text-sm" aria-label={a.name}>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex items-center gap-2">
                    <p className="font-semibold">{a.name}</p>
                    {a.isDefault && <span className="rounded-full bg-ink px-2 py-0.5 text-xs font-semibold text-surface">{MM.defaultBadge}</span>}
                  </div>
                  <p className="text-muted">{a.address}</p>
                  <p className="tabular text-muted">{a.phone}</p>
                  {!a.isDefault && (
                    <button type="button" onClick={() => makeDefault.mutate(a.id)} className="min-h-11 self-start font-semibold text-rose">
                      {MM.setAsDefault}
                    </button>
                  )}
                </div>
                <div className="flex flex-col">
                  <IconButton label={`Edit address of ${a.name}`} onClick={() => navigate(`/profile/address/edit/${a.id}`)}>
                    <Pencil size={20} strokeWidth={1.75} />
                  </IconButton>
                  <IconButton label={`Delete address of ${a.name}`} className="text-muted" onClick={() => setDeleting(a)}>
                    <Trash2 size={20} strokeWidth={1.75} />
                  </IconButton>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="fixed inset-x-0 bottom-0 z-30 mx-auto w-full max-w-[480px] border-t border-hairline bg-surface/95 px-4 pt-3 pb-[calc(12px+env(safe-area-inset-bottom))] backdrop-blur">
        <Button block icon={<Plus size={20} strokeWidth={1.75} aria-hidden />} onClick={() => navigate('/profile/address/add')}>
          {MM.addNewAddress}
        </Button>
      </div>
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} title="Delete this address?">
        <p className="pb-4 text-sm text-muted">{deleting?.address}</p>
        <div className="flex gap-3">
          <Button variant="secondary" className="flex-1" onClick={() => setDeleting(null)}>
            Keep
          </Button>
          <Button variant="danger" className="flex-1" pending={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id)}>
            Delete
          </Button>
        </div>
      </Dialog>
    </Screen>
  )
}
