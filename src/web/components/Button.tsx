import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react'
import { cn } from '../lib/cn'

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger'

const variants: Record<Variant, string> = {
  primary: 'bg-rose text-on-accent hover:bg-rose-strong disabled:bg-hairline disabled:text-muted',
  secondary: 'bg-surface text-ink border border-hairline hover:bg-sunken disabled:text-muted',
  ghost: 'bg-transparent text-ink hover:bg-sunken disabled:text-muted',
  danger: 'bg-danger text-on-accent hover:opacity-90 disabled:bg-hairline disabled:text-muted',
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: Variant
  size?: 'md' | 'sm'
  block?: boolean
  pending?: boolean
  icon?: ReactNode
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', block, pending, icon, className, children, disabled, type = 'button', ...rest },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-full font-semibold transition-colors duration-150 ease-out select-none disabled:cursor-not-allowed',
        size === 'md' ? 'min-h-11 px-5 text-sm' : 'min-h-9 px-4 text-xs',
        block && 'w-full',
        variants[variant],
        className,
      )}
      {...rest}
    >
      {icon}
      {children}
    </button>
  )
})

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { label: string; children: ReactNode }

/** A 44×44 icon-only button; `label` is its accessible name. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton({ label, className, children, type = 'button', ...rest }, ref) {
  return (
    <button
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      className={cn('inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-sunken active:scale-95 disabled:opacity-40', className)}
      {...rest}
    >
      {children}
    </button>
  )
})
