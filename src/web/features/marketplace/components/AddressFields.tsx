import type { ShippingAddressInput } from '~/shared/marketplace/schemas'
import { TextField } from '../../../components/Field'

type Errors = Record<string, string | undefined>

const FIELDS: { key: keyof ShippingAddressInput; label: string; autoComplete: string; required?: boolean; type?: string; half?: boolean }[] = [
  { key: 'firstName', label: 'First name', autoComplete: 'given-name', half: true },
  { key: 'lastName', label: 'Last name', autoComplete: 'family-name', required: true, half: true },
  { key: 'streetName', label: 'Street name', autoComplete: 'street-address', required: true },
  { key: 'city', label: 'City', autoComplete: 'address-level2', required: true, half: true },
  { key: 'zipCode', label: 'Zip code', autoComplete: 'postal-code', required: true, half: true },
  { key: 'state', label: 'State', autoComplete: 'address-level1', half: true },
  { key: 'country', label: 'Country', autoComplete: 'country-name', required: true, half: true },
  { key: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', required: true, type: 'tel' },
]

/** The shipping address fields of the checkout, also used by the address book. */
export function AddressFields({ values, errors, onChange, prefix = '' }: { values: ShippingAddressInput; errors: Errors; onChange: (key: keyof ShippingAddressInput, value: string) => void; prefix?: string }) {
  return (
    <div className="grid grid-cols-2 gap-x-3 gap-y-4">
      {FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`${prefix}${f.key}`}
          name={f.key}
          className={f.half ? 'col-span-1' : 'col-span-2'}
          label={f.required ? `${f.label} *` : f.label}
          type={f.type ?? 'text'}
          autoComplete={f.autoComplete}
          value={values[f.key] ?? ''}
          error={errors[f.key] ?? errors[`shipping.${f.key}`]}
          aria-required={f.required}
          onChange={(e) => onChange(f.key, e.target.value)}
        />
      ))}
    </div>
  )
}

export const EMPTY_ADDRESS: Required<ShippingAddressInput> = { firstName: '', lastName: '', country: '', streetName: '', city: '', state: '', zipCode: '', phoneNumber: '' }
