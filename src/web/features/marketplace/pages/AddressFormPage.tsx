import { useQuery, useQueryClient } from '@tanstack/react-query'
import { MapPin } from 'lucide-react'
import { useNavigate, useParams } from '../../../lib/router'
import { MT } from '~/shared/marketplace/messages'
import { ShippingAddressSchema, type ShippingAddressInput } from '~/shared/marketplace/schemas'
import { Button } from '../../../components/Button'
import { EmptyState, ErrorState, FormMessage, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { ApiRequestError } from '../../../lib/api'
import { toast } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { createAddress, fetchAddress, keys, updateAddress } from '../api'
import { AddressFields, EMPTY_ADDRESS } from '../components/AddressFields'

function AddressForm({ id, initial }: { id?: string; initial: ShippingAddressInput }) {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const form = useForm({
    schema: ShippingAddressSchema,
    initial,
    errorMessage: () => MT.couldNotSaveAddress,
    onSubmit: async (values) => {
      if (id) await updateAddress(id, values)
      else await createAddress(values)
      await qc.invalidateQueries({ queryKey: keys.addresses })
      toast.success(MT.addressSaved)
      navigate('/profile/address')
    },
  })
  return (
    <form onSubmit={form.submit} noValidate className="flex flex-col gap-5 p-4">
      <AddressFields values={form.values} errors={form.errors} onChange={(k, v) => form.set(k, v)} />
      {form.formError && <FormMessage tone="error">{form.formError}</FormMessage>}
      <Button type="submit" block pending={form.pending}>
        {form.pending ? 'Saving...' : 'Save address'}
      </Button>
    </form>
  )
}

/** /profile/address/add and /profile/address/edit/{id}. */
export default function AddressFormPage() {
  const { id } = useParams()
  const address = useQuery({ queryKey: keys.address(id ?? ''), queryFn: () => fetchAddress(id ?? ''), enabled: Boolean(id) })
  return (
    <Screen>
      <TopBar title={id ? 'Edit address' : 'Add address'} back="/profile/address" />
      {!id ? (
        <AddressForm initial={EMPTY_ADDRESS} />
      ) : address.isPending ? (
        <div className="flex flex-col gap-4 p-4">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : address.isError ? (
        address.error instanceof ApiRequestError && (address.error.status === 404 || address.error.status === 400) ? (
          <EmptyState icon={MapPin} title={MT.addressNotFound} />
        ) : (
          <ErrorState message="We couldn't load this address." onRetry={() => void address.refetch()} />
        )
      ) : (
        <AddressForm id={id} initial={address.data.fields} />
      )}
    </Screen>
  )
}
