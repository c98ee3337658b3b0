import { Minus, Plus } from 'lucide-react'
import { MAX_QUANTITY } from '~/shared/marketplace/constants'
import { IconButton } from '../../../components/Button'

/** − quantity +; never below 1 nor above the maximum. */
export function QuantityStepper({ value, onChange, name, disabled }: { value: number; onChange: (q: number) => void; name: string; disabled?: boolean }) {
  return (
    <div className="flex items-center rounded-full border border-hairline" role="group" aria-label={`Quantity of ${name}`}>
      <IconButton label={`Decrease quantity of ${name}`} disabled={disabled || value <= 1} onClick={() => onChange(value - 1)}>
        <Minus size={18} strokeWidth={1.75} />
      </IconButton>
      <output className="tabular w-6 text-center text-sm font-semibold" aria-live="polite" aria-label={`Quantity ${value}`}>
        {value}
      </output>
      <IconButton label={`Increase quantity of ${name}`} disabled={disabled || value >= MAX_QUANTITY} onClick={() => onChange(value + 1)}>
        <Plus size={18} strokeWidth={1.75} />
      </IconButton>
    </div>
  )
}
