import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { cn } from '../lib/cn'

const control =
  'w-full rounded-card border bg-surface px-3.5 text-base text-ink placeholder:text-muted outline-none transition-colors focus:border-ink disabled:bg-sunken'

type FieldShellProps = { id: string; label?: string; error?: string; hint?: ReactNode; children: ReactNode; className?: string }

function FieldShell({ id, label, error, hint, children, className }: FieldShellProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      {label && (
        <label htmlFor={id} className="text-sm font-semibold text-ink">
          {label}
        </label>
      )}
      {children}
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : hint ? (
        <p className="text-xs text-muted">{hint}</p>
      ) : null}
    </div>
  )
}

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & { label?: string; error?: string; hint?: ReactNode; end?: ReactNode }

/** Label above, error (danger colour) or hint under the field. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, end, className, id, ...rest }, ref) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          ref={ref}
          id={fid}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fid}-error` : undefined}
          className={cn(control, 'h-12', error ? 'border-danger' : 'border-hairline', end ? 'pr-12' : undefined)}
          {...rest}
        />
        {end && <div className="absolute inset-y-0 right-1 flex items-center">{end}</div>}
      </div>
    </FieldShell>
  )
})

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label?: string; error?: string; hint?: ReactNode }

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, hint, className, id, ...rest }, ref) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} hint={hint} className={className}>
      <textarea
        ref={ref}
        id={fid}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${fid}-error` : undefined}
        className={cn(control, 'min-h-24 py-3', error ? 'border-danger' : 'border-hairline')}
        {...rest}
      />
    </FieldShell>
  )
})

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label?: string; error?: string; options: readonly { value: string; label: string }[] }

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, options, className, id, ...rest }, ref) {
  const auto = useId()
  const fid = id ?? auto
  return (
    <FieldShell id={fid} label={label} error={error} className={className}>
      <select ref={ref} id={fid} aria-invalid={error ? true : undefined} className={cn(control, 'h-12', error ? 'border-danger' : 'border-hairline')} {...rest}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  )
})

type CheckboxProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: ReactNode }

export const Checkbox = forwardRef<HTMLInputElement, CheckboxProps>(function Checkbox({ label, className, ...rest }, ref) {
  return (
    <label className={cn('flex min-h-11 cursor-pointer items-center gap-3 text-sm', className)}>
      <input ref={ref} type="checkbox" className="size-5 accent-rose" {...rest} />
      <span>{label}</span>
    </label>
  )
})
