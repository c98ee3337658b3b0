import { useEffect, useRef, type ReactNode } from 'react'
import { X } from 'lucide-react'
import { cn } from '../lib/cn'
import { IconButton } from './Button'

type OverlayProps = { open: boolean; onClose: () => void; title: string; children: ReactNode; className?: string }

/** Native <dialog> so focus trapping, Escape and the backdrop come from the browser. */
function useDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const d = ref.current
    if (!d) return
    if (open && !d.open) d.showModal()
    if (!open && d.open) d.close()
  }, [open])
  useEffect(() => {
    const d = ref.current
    if (!d) return
    const cancel = (e: Event) => {
      e.preventDefault()
      onClose()
    }
    d.addEventListener('cancel', cancel)
    return () => d.removeEventListener('cancel', cancel)
  }, [onClose])
  return ref
}

const variants = {
  sheet: {
    dialog: 'm-0 mt-auto w-full max-w-none bg-transparent p-0 backdrop:bg-black/40 sm:mx-auto sm:max-w-[480px]',
    panel: 'mx-auto max-h-[85dvh] w-full max-w-[480px] overflow-y-auto rounded-t-card bg-surface pb-[env(safe-area-inset-bottom)] text-ink',
    header: 'sticky top-0 z-10 border-b border-hairline bg-surface',
    body: 'p-4',
  },
  dialog: {
    dialog: 'm-auto w-[calc(100%-32px)] max-w-[448px] rounded-card bg-surface p-0 text-ink backdrop:bg-black/60',
    panel: '',
    header: '',
    body: 'px-4 pb-4',
  },
} as const

function Overlay({ open, onClose, title, children, className, variant }: OverlayProps & { variant: keyof typeof variants }) {
  const ref = useDialog(open, onClose)
  const v = variants[variant]
  return (
    <dialog ref={ref} aria-label={title} onClick={(e) => e.target === e.currentTarget && onClose()} className={cn(v.dialog, className)}>
      {open && (
        <div className={v.panel}>
          <div className={cn('flex items-center justify-between px-4 py-2', v.header)}>
            <h2 className="text-base font-semibold">{title}</h2>
            <IconButton label="Close" onClick={onClose}>
              <X size={24} strokeWidth={1.75} />
            </IconButton>
          </div>
          <div className={v.body}>{children}</div>
        </div>
      )}
    </dialog>
  )
}

/** A sheet that rises from the bottom (filters, options). */
export const BottomSheet = (props: OverlayProps) => <Overlay {...props} variant="sheet" />

/** A centred dialog (enlarge a result, confirm). */
export const Dialog = (props: OverlayProps) => <Overlay {...props} variant="dialog" />
