import { useState } from 'react'
import { COLORS, FILTER_BRANDS, SIZES } from '~/shared/marketplace/constants'
import { MM } from '~/shared/marketplace/messages'
import { Button } from '../../../components/Button'
import { Chip } from '../../../components/Choice'
import { BottomSheet } from '../../../components/Overlay'
import { cn } from '../../../lib/cn'
import { DEFAULT_FILTERS, toggle, type Filters } from '~/shared/marketplace/filters'
import { PriceRange } from './PriceRange'

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-b border-hairline py-4 last:border-0">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  )
}

/** The filter panel: price 0-500, the first 8 brands, sizes and colours; applied together. */
export function FilterSheet({ open, onClose, filters, onApply }: { open: boolean; onClose: () => void; filters: Filters; onApply: (f: Filters) => void }) {
  // Mounted afresh each time it opens (see the key where it is used), so the draft starts from the URL.
  const [draft, setDraft] = useState(filters)
  const set = (patch: Partial<Filters>) => setDraft((d) => ({ ...d, ...patch }))
  return (
    <BottomSheet open={open} onClose={onClose} title="Filters">
      <Section title="Price">
        <PriceRange min={draft.minPrice} max={draft.maxPrice} onChange={(minPrice, maxPrice) => set({ minPrice, maxPrice })} />
      </Section>
      <Section title="Brand">
        <div className="flex flex-wrap gap-2">
          {FILTER_BRANDS.map((b) => (
            <Chip key={b} selected={draft.brands.includes(b)} onClick={() => set({ brands: toggle(draft.brands, b) })}>
              {b}
            </Chip>
          ))}
        </div>
      </Section>
      <Section title="Size">
        <div className="flex flex-wrap gap-2">
          {SIZES.map((s) => (
            <Chip key={s} selected={draft.sizes.includes(s)} onClick={() => set({ sizes: toggle(draft.sizes, s) })} label={`Size ${s}`}>
              {s}
            </Chip>
          ))}
        </div>
      </Section>
      <Section title="Color">
        <div className="flex flex-wrap gap-2">
          {COLORS.map((c) => (
            <Chip key={c.name} selected={draft.colors.includes(c.name)} onClick={() => set({ colors: toggle(draft.colors, c.name) })}>
              <span className={cn('size-4 rounded-full border border-hairline')} style={{ background: c.hex }} aria-hidden />
              {c.name}
            </Chip>
          ))}
        </div>
      </Section>
      <div className="sticky bottom-0 flex gap-3 bg-surface pt-3">
        <Button variant="secondary" className="flex-1" onClick={() => setDraft({ ...DEFAULT_FILTERS, q: draft.q, category: draft.category, sort: draft.sort })}>
          {MM.clearFilters}
        </Button>
        <Button
          className="flex-1"
          onClick={() => {
            onApply(draft)
            onClose()
          }}
        >
          Show results
        </Button>
      </div>
    </BottomSheet>
  )
}
