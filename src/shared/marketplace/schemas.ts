import { z } from 'zod/mini'
import { CATEGORIES, COLOR_NAMES, MAX_QUANTITY, PAGE_SIZE, PAYMENT_METHODS, PRICE_MAX, PRICE_MIN, SHIPPING_METHODS, SIZES, SORT_IDS, ORDER_STATUSES, type PaymentMethod } from './constants'
import { MM } from './messages'

/** A comma-separated list in a query string (distinct items), at most `max` items, each an `item`. */
const csvList = <T extends z.core.$ZodType<unknown, string>>(item: T, max: number) =>
  z.pipe(
    z.pipe(
      z.optional(z.string().check(z.maxLength(1000))),
      z.transform((s) => (s ? [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))] : [])),
    ),
    z.array(item).check(z.maxLength(max)),
  )
/** A comma-separated list in a query string, each item one of `values`. */
const csvOf = <T extends string>(values: readonly [T, ...T[]] | readonly T[], max: number) => csvList(z.enum(values as [T, ...T[]]), max)

const price = z.coerce.number().check(z.minimum(PRICE_MIN, `Price must be at least ${PRICE_MIN}`), z.maximum(PRICE_MAX, `Price must be at most ${PRICE_MAX}`))

/** GET /products: the listing's filters (also the /marketplace URL parameters). Brands: any of the 19. */
export const ProductListQuerySchema = z
  .strictObject({
    q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    category: z._default(z.enum(CATEGORIES), 'all'),
    brands: csvList(z.string().check(z.minLength(1), z.maxLength(60)), 19),
    sizes: csvOf(SIZES, SIZES.length),
    colors: csvOf(COLOR_NAMES, COLOR_NAMES.length),
    minPrice: z.optional(price),
    maxPrice: z.optional(price),
    sort: z._default(z.enum(SORT_IDS), 'newest'),
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(60)), PAGE_SIZE),
  })
  .check(
    z.refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, {
      path: ['minPrice'],
      message: 'The lowest price must not exceed the highest.',
    }),
  )
export type ProductListQuery = z.output<typeof ProductListQuerySchema>

export const ColorSchema = z.object({ name: z.string(), hex: z.string() })
export const SizeSchema = z.object({ name: z.string(), available: z.boolean(), stock: z.optional(z.number()) })
const range = () => z.optional(z.tuple([z.number(), z.number()]))
export const SizeChartSchema = z.record(z.string(), z.object({ chest: range(), waist: range(), hip: range(), height: range() }))
export type SizeChart = z.infer<typeof SizeChartSchema>

export const ProductCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number(),
  originalPrice: z.nullable(z.number()),
  rating: z.number(),
  reviewsCount: z.number(),
  imageUrl: z.string(),
  colors: z.array(ColorSchema),
  liked: z.boolean(),
})
export type ProductCard = z.infer<typeof ProductCardSchema>

export const ProductPageSchema = z.object({ items: z.array(ProductCardSchema), nextCursor: z.nullable(z.string()) })
export const ProductListSchema = z.object({ items: z.array(ProductCardSchema) })
export type ProductPage = z.infer<typeof ProductPageSchema>

export const ProductDetailSchema = z.extend(ProductCardSchema, {
  subcategory: z.nullable(z.string()),
  createdAt: z.string(),
  sizes: z.array(SizeSchema),
  material: z.nullable(z.string()),
  length: z.nullable(z.string()),
  sleeveLength: z.nullable(z.string()),
  neckline: z.nullable(z.string()),
  fit: z.nullable(z.string()),
  description: z.nullable(z.string()),
  sizeChart: SizeChartSchema,
  /** Number of reviews with 5, 4, 3, 2 and 1 stars. */
  ratingCounts: z.array(z.number()).check(z.length(5)),
  /** Every image in order (imported products; empty for demo products, which have `imageUrl` only). */
  images: z.array(z.string()),
  /** The image of each colour by colour name, when the shop gave one. */
  colorImages: z.record(z.string(), z.string()),
  /** No longer sold (left out of listings), still shown to carts, orders and likes. */
  archived: z.boolean(),
})
export type ProductDetail = z.infer<typeof ProductDetailSchema>

export const SizeAdviceSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('signed_out') }),
  z.object({ status: z.literal('no_measurements') }),
  z.object({ status: z.literal('recommended'), size: z.string(), available: z.boolean(), reason: z.string() }),
  z.object({ status: z.literal('no_fit'), reason: z.string() }),
])
export type SizeAdvice = z.infer<typeof SizeAdviceSchema>

export const SubcategoriesSchema = z.object({ total: z.number(), subcategories: z.array(z.object({ name: z.string(), count: z.number() })) })

export const ProductIdParamSchema = z.strictObject({ id: z.uuid('Unknown product.') })
export const IdParamSchema = z.strictObject({ id: z.uuid('Not found.') })

// Cart ----------------------------------------------------------------------------------------

const quantity = z.number().check(z.int('Quantity must be a whole number'), z.minimum(1, 'Quantity must be at least 1'), z.maximum(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`))

/** Add to cart: the server reads the price from the product, never from the client. */
export const AddToCartSchema = z.strictObject({
  productId: z.uuid('Unknown product.'),
  size: z.enum(SIZES, 'Please choose a size'),
  color: z.string().check(z.minLength(1, 'Please choose a colour'), z.maxLength(40)),
  quantity: z._default(quantity, 1),
})
export type AddToCartInput = z.input<typeof AddToCartSchema>

export const UpdateCartItemSchema = z
  .strictObject({ quantity: z.optional(quantity), selected: z.optional(z.boolean()) })
  .check(z.refine((v) => v.quantity !== undefined || v.selected !== undefined, { message: 'Nothing to change.' }))
export const SelectAllSchema = z.strictObject({ selected: z.boolean() })

export const CartItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  brand: z.string(),
  price: z.number(),
  size: z.string(),
  color: z.string(),
  quantity: z.number(),
  selected: z.boolean(),
  image: z.string(),
  /** The shop no longer sells it: shown, but it cannot be ordered. */
  archived: z.boolean(),
})
export type CartItem = z.infer<typeof CartItemSchema>
export const CartSchema = z.object({ items: z.array(CartItemSchema), subtotal: z.number(), selectedCount: z.number() })
export type Cart = z.infer<typeof CartSchema>

// Addresses and checkout ------------------------------------------------------------------------

const atMost = (max: number) => z.maxLength(max, `At most ${max} characters`)
const required = (max: number, ...checks: z.core.$ZodCheck<string>[]) => z.string().check(z.trim(), z.minLength(1, MM.fieldRequired), atMost(max), ...checks)
const optional = (max: number) => z._default(z.string().check(z.trim(), atMost(max)), '')

/** The shipping fields of the checkout form (spec part 2 §3, §5); an address has the same fields. */
export const ShippingAddressSchema = z.strictObject({
  firstName: optional(60),
  lastName: required(60),
  country: required(60),
  streetName: required(120),
  city: required(60),
  state: optional(60),
  zipCode: required(12, z.regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces or dashes')),
  phoneNumber: required(20, z.regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number')),
})
export type ShippingAddress = z.output<typeof ShippingAddressSchema>
export type ShippingAddressInput = z.input<typeof ShippingAddressSchema>

export const AddressSchema = z.object({
  id: z.string(),
  /** Spec fields: name, address, phone, isDefault; plus the structured parts. */
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  isDefault: z.boolean(),
  fields: ShippingAddressSchema,
})
export type Address = z.infer<typeof AddressSchema>
export const AddressListSchema = z.object({ items: z.array(AddressSchema) })

export const PaymentStepSchema = z.strictObject({
  paymentMethod: z.enum(PAYMENT_METHODS.map((p) => p.id) as [PaymentMethod, ...PaymentMethod[]]),
  agreeToTerms: z.literal(true, 'Please agree to the terms'),
})

/** A voucher code as typed: spaces around it and letter case do not matter. */
const couponCode = z.pipe(
  z.string().check(z.trim(), atMost(40)),
  z.transform((s) => s.toUpperCase()),
)

export const PlaceOrderSchema = z.strictObject({
  shipping: ShippingAddressSchema,
  shippingMethod: z.enum(SHIPPING_METHODS),
  couponCode: z._default(couponCode, ''),
  copyBillingAddress: z._default(z.boolean(), true),
  paymentMethod: PaymentStepSchema.shape.paymentMethod,
  agreeToTerms: PaymentStepSchema.shape.agreeToTerms,
  /** Also keep the shipping address in the address book. */
  saveAddress: z._default(z.boolean(), false),
})
export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>

// Orders ----------------------------------------------------------------------------------------

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export const OrderListQuerySchema = z.strictObject({ status: z._default(OrderStatusSchema, 'pending') })

export const OrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  date: z.string(),
  trackingNumber: z.string(),
  quantity: z.number(),
  subtotal: z.number(),
  total: z.number(),
  status: OrderStatusSchema,
})
export type OrderSummary = z.infer<typeof OrderSummarySchema>
export const OrderListSchema = z.object({ items: z.array(OrderSummarySchema) })

export const OrderDetailSchema = z.extend(OrderSummarySchema, {
  deliveryAddress: z.string(),
  /** The voucher code applied, and its discount on the subtotal (0 without one). */
  couponCode: z.nullable(z.string()),
  discount: z.number(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  paymentMethod: PaymentStepSchema.shape.paymentMethod,
  items: z.array(z.object({ productId: z.nullable(z.string()), name: z.string(), size: z.string(), color: z.string(), quantity: z.number(), price: z.number(), image: z.string() })),
  shipping: z.number(),
})
export type OrderDetail = z.infer<typeof OrderDetailSchema>

// Vouchers --------------------------------------------------------------------------------------

export const VoucherStatusSchema = z.enum(['available', 'used', 'expired'])
export const VoucherSchema = z.object({
  code: z.string(),
  title: z.string(),
  percentOff: z.number(),
  /** Euros of selected items the order needs; 0 for none. */
  minSubtotal: z.number(),
  expiresAt: z.nullable(z.string()),
  /** A personal voucher (only this user) or a public code (everyone, once each). */
  personal: z.boolean(),
  status: VoucherStatusSchema,
})
export type Voucher = z.infer<typeof VoucherSchema>
export const VoucherListSchema = z.object({ items: z.array(VoucherSchema) })

/** Validate at checkout: the code against the selected cart lines and the chosen shipping. */
export const ValidateVoucherSchema = z.strictObject({
  code: z.pipe(couponCode, z.string().check(z.minLength(1, 'Enter a voucher code'))),
  shippingMethod: z.enum(SHIPPING_METHODS),
})
export type ValidateVoucherInput = z.input<typeof ValidateVoucherSchema>

/** The amounts the order would have with the voucher, computed by the server. */
export const VoucherQuoteSchema = z.object({
  code: z.string(),
  percentOff: z.number(),
  message: z.string(),
  subtotal: z.number(),
  discount: z.number(),
  shipping: z.number(),
  total: z.number(),
})
export type VoucherQuote = z.infer<typeof VoucherQuoteSchema>

export const LikedIdsSchema = z.object({ ids: z.array(z.string()) })
export const LikeStateSchema = z.object({ liked: z.boolean() })
