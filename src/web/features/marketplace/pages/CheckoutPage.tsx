import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ChevronLeft, CircleCheck, ShoppingBag } from 'lucide-react'
import { useState } from 'react'
import { Link, useNavigate } from '../../../lib/router'
import { formatEuro, PAYMENT_METHODS, SHIPPING_OPTIONS, shippingPrice, toCents, fromCents } from '~/shared/marketplace/constants'
import { MM, MT } from '~/shared/marketplace/messages'
import { ShippingAddressSchema, type Address, type OrderDetail, type PlaceOrderInput, type ShippingAddressInput, type VoucherQuote } from '~/shared/marketplace/schemas'
import { Button, IconButton } from '../../../components/Button'
import { Checkbox, TextField } from '../../../components/Field'
import { EmptyState, ErrorState, FormMessage, Skeleton } from '../../../components/Feedback'
import { Screen, TopBar } from '../../../components/Layout'
import { fieldsUnder } from '~/shared/field-errors'
import { ApiRequestError, errorMessage } from '../../../lib/api'
import { cn } from '../../../lib/cn'
import { closeToastsOfLeftScreen } from '../../../lib/toast'
import { useForm } from '../../../lib/use-form'
import { fetchAddresses, fetchCart, keys, placeOrder, validateVoucher } from '../api'
import { useMyProfile } from '../../profile'
import { AddressFields, EMPTY_ADDRESS } from '../components/AddressFields'
import { LineItems, type LineItem } from '../components/LineItems'

type Step = 'shipping' | 'payment' | 'completed'
const STEPS: { id: Step; label: string }[] = [
  { id: 'shipping', label: 'Shipping' },
  { id: 'payment', label: 'Payment' },
  { id: 'completed', label: 'Completed' },
]

function Steps({ step }: { step: Step }) {
  const at = STEPS.findIndex((s) => s.id === step)
  return (
    <ol className="flex items-center gap-2 px-4 py-3 text-xs font-semibold" aria-label="Checkout steps">
      {STEPS.map((s, i) => (
        <li key={s.id} aria-current={i === at ? 'step' : undefined} className="flex flex-1 items-center gap-2">
          <span className={cn('tabular flex size-6 shrink-0 items-center justify-center rounded-full', i <= at ? 'bg-ink text-surface' : 'bg-sunken text-muted')}>{i + 1}</span>
          <span className={i <= at ? 'text-ink' : 'text-muted'}>{s.label}</span>
        </li>
      ))}
    </ol>
  )
}

function Radio({ name, checked, onChange, title, detail, end }: { name: string; checked: boolean; onChange: () => void; title: string; detail?: string; end?: string }) {
  return (
    <label className={cn('flex min-h-14 cursor-pointer items-center gap-3 rounded-card border px-3 py-2', checked ? 'border-ink' : 'border-hairline')}>
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-5 accent-rose" />
      <span className="flex flex-1 flex-col">
        <span className="text-sm font-semibold">{title}</span>
        {detail && <span className="text-xs text-muted">{detail}</span>}
      </span>
      {end && <span className="tabular text-sm font-semibold">{end}</span>}
    </label>
  )
}

/** The order's total as the server computes it: subtotal less the voucher's discount, plus shipping. */
const totalOf = (subtotal: number, discount: number, shipping: number) => fromCents(toCents(subtotal) - toCents(discount) + toCents(shipping))

function Totals({ subtotal, discount, shipping }: { subtotal: number; discount: number; shipping: number }) {
  return (
    <dl className="tabular flex flex-col gap-1.5 rounded-card bg-sunken p-4 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">{MM.subTotal}</dt>
        <dd>{formatEuro(subtotal)}</dd>
      </div>
      {discount > 0 && (
        <div className="flex justify-between text-success">
          <dt>{MT.discount}</dt>
          <dd data-testid="checkout-discount">−{formatEuro(discount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted">{MM.shipping}</dt>
        <dd>{formatEuro(shipping)}</dd>
      </div>
      <div className="flex justify-between border-t border-hairline pt-1.5 text-base font-semibold">
        <dt>{MM.total}</dt>
        <dd data-testid="checkout-total">{formatEuro(totalOf(subtotal, discount, shipping))}</dd>
      </div>
    </dl>
  )
}

const fieldsOf = (a: Address): ShippingAddressInput => a.fields

/** The order form after the address; the terms box starts unticked (the schema wants it ticked). */
type OrderOptions = Omit<Required<PlaceOrderInput>, 'shipping' | 'agreeToTerms'> & { agreeToTerms: boolean }

function BagSummary({ items }: { items: LineItem[] }) {
  return (
    <section aria-labelledby="bag-heading" className="flex flex-col gap-3">
      <h2 id="bag-heading" className="text-base font-semibold">
        {MT.inYourOrder(items.reduce((n, i) => n + i.quantity, 0))}
      </h2>
      <LineItems items={items} label={MT.itemsToBuy} />
    </section>
  )
}

/** /checkout: shipping, then payment, then completed; the order is made on the server. */
export default function CheckoutPage() {
  const navigate = useNavigate()
  const qc = useQueryClient()
  const cart = useQuery({ queryKey: keys.cart, queryFn: fetchCart })
  const addresses = useQuery({ queryKey: keys.addresses, queryFn: fetchAddresses })
  const [step, setStepState] = useState<Step>('shipping')
  // Each step is a screen of its own: its toasts close when the user moves on.
  const setStep = (next: Step) => {
    closeToastsOfLeftScreen()
    setStepState(next)
  }
  const [chosenAddress, setChosenAddress] = useState<string | null>(null)
  const [voucher, setVoucher] = useState<VoucherQuote | null>(null)
  const [placed, setPlaced] = useState<OrderDetail | null>(null)
  const profile = useMyProfile()

  const address = useForm({
    schema: ShippingAddressSchema,
    initial: EMPTY_ADDRESS,
    onSubmit: () => {
      setStep('payment')
      window.scrollTo(0, 0)
    },
  })
  const options = useForm<OrderOptions>({
    initial: { shippingMethod: 'free', couponCode: '', copyBillingAddress: true, saveAddress: false, paymentMethod: 'cash', agreeToTerms: false },
    errorMessage: (err) => errorMessage(err, 'Could not place your order.'),
    onSubmit: async (v) => {
      if (!v.agreeToTerms) return
      try {
        const o = await placeOrder({ ...v, shipping: address.values, agreeToTerms: true, saveAddress: v.saveAddress && !chosenAddress })
        setPlaced(o)
        setStep('completed')
        void qc.invalidateQueries({ queryKey: keys.cart })
        void qc.invalidateQueries({ queryKey: ['orders'] })
        void qc.invalidateQueries({ queryKey: keys.vouchers })
        if (v.saveAddress) void qc.invalidateQueries({ queryKey: keys.addresses })
      } catch (err) {
        // The server found fault with the address: back to it, with its messages under its fields.
        const shippingFields = err instanceof ApiRequestError ? fieldsUnder('shipping', err.fields) : null
        if (!shippingFields) throw err
        address.showErrors(shippingFields)
        setStep('shipping')
      }
    },
  })
  const v = options.values

  // The default address fills the form once, when the address book arrives; else the profile's names.
  const [prefilled, setPrefilled] = useState(false)
  if (!prefilled && addresses.data && !profile.isPending) {
    setPrefilled(true)
    const def = addresses.data.items.find((a) => a.isDefault)
    if (def) {
      setChosenAddress(def.id)
      address.reset(fieldsOf(def))
    } else {
      // Names typed before the profile arrived are kept.
      address.setValues((s) => ({ ...s, firstName: s.firstName || (profile.data?.first_name ?? ''), lastName: s.lastName || (profile.data?.last_name ?? '') }))
    }
  }

  const check = useMutation({
    mutationFn: () => validateVoucher({ code: v.couponCode, shippingMethod: v.shippingMethod }),
    onSuccess: setVoucher,
    onError: () => setVoucher(null),
  })
  const editCoupon = (code: string) => {
    options.set('couponCode', code)
    setVoucher(null)
    check.reset()
  }

  const setField = (key: keyof ShippingAddressInput, value: string) => {
    address.set(key, value)
    setChosenAddress(null)
  }

  const back = () => (step === 'payment' ? setStep('shipping') : navigate(-1))

  if (step === 'completed' && placed) {
    return (
      <Screen>
        <TopBar title="Checkout" />
        <Steps step="completed" />
        <div className="flex flex-col items-center gap-4 px-6 py-12 text-center">
          <CircleCheck size={64} strokeWidth={1.5} aria-hidden className="text-success" />
          <h1 className="text-xl font-semibold">{MM.orderCompleted}</h1>
          <p className="text-sm text-muted">
            Order {placed.orderNumber} · {formatEuro(placed.total)}
          </p>
          <Link to={`/order/${placed.id}`} className="inline-flex min-h-11 items-center text-sm font-semibold text-rose">
            View order
          </Link>
          <Button block onClick={() => navigate('/marketplace')}>
            {MM.continueShopping}
          </Button>
        </div>
      </Screen>
    )
  }

  const subtotal = cart.data?.subtotal ?? 0
  const buying = cart.data?.items.filter((i) => i.selected) ?? []
  const shippingCost = shippingPrice(v.shippingMethod)
  const discount = voucher?.discount ?? 0
  const a = address.values

  return (
    <Screen>
      <TopBar
        title="Checkout"
        start={
          <IconButton label="Back" onClick={back}>
            <ChevronLeft size={24} strokeWidth={1.75} />
          </IconButton>
        }
      />
      <Steps step={step} />
      {cart.isPending ? (
        <div className="flex flex-col gap-3 p-4">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : cart.isError ? (
        <ErrorState message="We couldn't load your cart." onRetry={() => void cart.refetch()} />
      ) : cart.data.selectedCount === 0 ? (
        <EmptyState icon={ShoppingBag} title={MT.noSelectedItems} action={<Button onClick={() => navigate('/cart')}>Back to cart</Button>} />
      ) : step === 'shipping' ? (
        <form noValidate className="flex flex-col gap-6 px-4 pb-8" onSubmit={address.submit}>
          {addresses.data && addresses.data.items.length > 0 && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 text-base font-semibold">Saved addresses</legend>
              {addresses.data.items.map((a) => (
                <Radio
                  key={a.id}
                  name="saved-address"
                  checked={chosenAddress === a.id}
                  onChange={() => {
                    setChosenAddress(a.id)
                    address.reset(fieldsOf(a))
                  }}
                  title={a.name}
                  detail={a.address}
                />
              ))}
            </fieldset>
          )}
          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-base font-semibold">Shipping address</legend>
            <AddressFields values={address.values} errors={address.errors} onChange={setField} />
            {!chosenAddress && <Checkbox label="Save this address to my address book" checked={v.saveAddress} onChange={(e) => options.set('saveAddress', e.target.checked)} />}
            <Checkbox label="Use as billing address" checked={v.copyBillingAddress} onChange={(e) => options.set('copyBillingAddress', e.target.checked)} />
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-base font-semibold">Shipping method</legend>
            {SHIPPING_OPTIONS.map((o) => (
              <Radio key={o.id} name="shippingMethod" checked={v.shippingMethod === o.id} onChange={() => options.set('shippingMethod', o.id)} title={o.label} detail={o.eta} end={o.price === 0 ? 'Free' : formatEuro(o.price)} />
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <div className="flex items-end gap-2">
              <TextField className="flex-1" label="Coupon code" name="couponCode" value={v.couponCode} error={options.errors.couponCode} maxLength={40} autoCapitalize="characters" onChange={(e) => editCoupon(e.target.value)} />
              <Button variant="secondary" disabled={!v.couponCode.trim()} pending={check.isPending} onClick={() => check.mutate()}>
                {MM.validate}
              </Button>
            </div>
            {voucher && <FormMessage tone="success">{voucher.message}</FormMessage>}
            {check.isError && <FormMessage tone="error">{errorMessage(check.error, 'Could not check that voucher.')}</FormMessage>}
          </div>
          <BagSummary items={buying} />
          <Totals subtotal={subtotal} discount={discount} shipping={shippingCost} />
          <Button type="submit" block>
            Continue to payment
          </Button>
        </form>
      ) : (
        <form noValidate className="flex flex-col gap-6 px-4 pb-8" onSubmit={options.submit}>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-base font-semibold">Payment method</legend>
            {PAYMENT_METHODS.map((m) => (
              <Radio key={m.id} name="paymentMethod" checked={v.paymentMethod === m.id} onChange={() => options.set('paymentMethod', m.id)} title={m.label} detail={m.id === 'cash' ? 'Pay when your order arrives.' : 'Pay by card when your order arrives.'} />
            ))}
          </fieldset>
          <div className="rounded-card border border-hairline p-3 text-sm">
            <p className="font-semibold">Deliver to</p>
            <p className="text-muted">
              {[a.firstName, a.lastName].filter(Boolean).join(' ')}, {a.streetName}, {a.zipCode} {a.city}, {a.country}
            </p>
          </div>
          <BagSummary items={buying} />
          <Totals subtotal={subtotal} discount={discount} shipping={shippingCost} />
          <Checkbox label="I agree to the terms and conditions" checked={v.agreeToTerms} onChange={(e) => options.set('agreeToTerms', e.target.checked)} />
          {options.formError && <FormMessage tone="error">{options.formError}</FormMessage>}
          <Button type="submit" block disabled={!v.agreeToTerms} pending={options.pending}>
            {options.pending ? 'Placing order...' : `Place order · ${formatEuro(totalOf(subtotal, discount, shippingCost))}`}
          </Button>
        </form>
      )}
    </Screen>
  )
}
