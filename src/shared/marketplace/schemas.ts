import { z } from 'zod'
import { CATEGORIES, COLOR_NAMES, MAX_QUANTITY, PAGE_SIZE, PAYMENT_METHODS, PRICE_MAX, PRICE_MIN, SHIPPING_METHODS, SIZES, SORT_IDS, ORDER_STATUSES, type PaymentMethod } from './constants'
import { MM } from './messages'

/** A comma-separated list in a query string, each item one of `values`. */
const csvOf = <T extends string>(values: readonly [T, ...T[]] | readonly T[], max: number) =>
  z
    .string()
    .max(1000)
    .optional()
    .transform((s) => (s ? [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))] : []))
    .pipe(z.array(z.enum(values as [T, ...T[]])).max(max))

const price = z.coerce.number().min(PRICE_MIN, `Price must be at least ${PRICE_MIN}`).max(PRICE_MAX, `Price must be at most ${PRICE_MAX}`)

/** GET /products: the listing's filters (also the /marketplace URL parameters). Brands: any of the 19. */
export const ProductListQuerySchema = z
  .strictObject({
    q: z.string().trim().max(100).optional(),
    category: z.enum(CATEGORIES).default('all'),
    brands: z.string().max(1000).optional().transform((s) => (s ? [...new Set(s.split(',').map((x) => x.trim()).filter(Boolean))] : [])).pipe(z.array(z.string().min(1).max(60)).max(19)),
    sizes: csvOf(SIZES, SIZES.length),
    colors: csvOf(COLOR_NAMES, COLOR_NAMES.length),
    minPrice: price.optional(),
    maxPrice: price.optional(),
    sort: z.enum(SORT_IDS).default('newest'),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(60).default(PAGE_SIZE),
  })
  .refine((v) => v.minPrice === undefined || v.maxPrice === undefined || v.minPrice <= v.maxPrice, { path: ['minPrice'], message: 'The lowest price must not exceed the highest.' })
export type ProductListQuery = z.output<typeof ProductListQuerySchema>

export const ColorSchema = z.object({ name: z.string(), hex: z.string() })
export const SizeSchema = z.object({ name: z.string(), available: z.boolean(), stock: z.number().optional() })
const Range = z.tuple([z.number(), z.number()])
export const SizeChartSchema = z.record(z.string(), z.object({ chest: Range.optional(), waist: Range.optional(), hip: Range.optional(), height: Range.optional() }))
export type SizeChart = z.infer<typeof SizeChartSchema>

export const ProductCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  brand: z.string(),
  category: z.string(),
  price: z.number(),
  originalPrice: z.number().nullable(),
  rating: z.number(),
  reviewsCount: z.number(),
  imageUrl: z.string(),
  colors: z.array(ColorSchema),
  liked: z.boolean(),
})
export type ProductCard = z.infer<typeof ProductCardSchema>

export const ProductPageSchema = z.object({ items: z.array(ProductCardSchema), nextCursor: z.string().nullable() })
export const ProductListSchema = z.object({ items: z.array(ProductCardSchema) })
export type ProductPage = z.infer<typeof ProductPageSchema>

export const ProductDetailSchema = ProductCardSchema.extend({
  subcategory: z.string().nullable(),
  createdAt: z.string(),
  sizes: z.array(SizeSchema),
  material: z.string().nullable(),
  length: z.string().nullable(),
  sleeveLength: z.string().nullable(),
  neckline: z.string().nullable(),
  fit: z.string().nullable(),
  description: z.string().nullable(),
  sizeChart: SizeChartSchema,
  /** Number of reviews with 5, 4, 3, 2 and 1 stars. */
  ratingCounts: z.array(z.number()).length(5),
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

const quantity = z.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(MAX_QUANTITY, `Quantity must be at most ${MAX_QUANTITY}`)

/** Add to cart: the server reads the price from the product, never from the client. */
export const AddToCartSchema = z.strictObject({
  productId: z.uuid('Unknown product.'),
  size: z.enum(SIZES, 'Please choose a size'),
  color: z.string().min(1, 'Please choose a colour').max(40),
  quantity: quantity.default(1),
})
export type AddToCartInput = z.input<typeof AddToCartSchema>

export const UpdateCartItemSchema = z.strictObject({ quantity: quantity.optional(), selected: z.boolean().optional() }).refine((v) => v.quantity !== undefined || v.selected !== undefined, { message: 'Nothing to change.' })
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

const required = (max: number) => z.string().trim().min(1, MM.fieldRequired).max(max, `At most ${max} characters`)
const optional = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('')

/** The shipping fields of the checkout form (spec part 2 §3, §5); an address has the same fields. */
export const ShippingAddressSchema = z.strictObject({
  firstName: optional(60),
  lastName: required(60),
  country: required(60),
  streetName: required(120),
  city: required(60),
  state: optional(60),
  zipCode: required(12).regex(/^[A-Za-z0-9 -]+$/, 'Use letters, digits, spaces or dashes'),
  phoneNumber: required(20).regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a valid phone number'),
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
const couponCode = z.string().trim().max(40, 'At most 40 characters').transform((s) => s.toUpperCase())

export const PlaceOrderSchema = z.strictObject({
  shipping: ShippingAddressSchema,
  shippingMethod: z.enum(SHIPPING_METHODS),
  couponCode: couponCode.default(''),
  copyBillingAddress: z.boolean().default(true),
  paymentMethod: PaymentStepSchema.shape.paymentMethod,
  agreeToTerms: PaymentStepSchema.shape.agreeToTerms,
  /** Also keep the shipping address in the address book. */
  saveAddress: z.boolean().default(false),
})
export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>

// Orders ----------------------------------------------------------------------------------------

export const OrderStatusSchema = z.enum(ORDER_STATUSES)
export const OrderListQuerySchema = z.strictObject({ status: OrderStatusSchema.default('pending') })

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

export const OrderDetailSchema = OrderSummarySchema.extend({
  deliveryAddress: z.string(),
  /** The voucher code applied, and its discount on the subtotal (0 without one). */
  couponCode: z.string().nullable(),
  discount: z.number(),
  shippingMethod: z.enum(SHIPPING_METHODS),
  paymentMethod: PaymentStepSchema.shape.paymentMethod,
  items: z.array(z.object({ productId: z.string().nullable(), name: z.string(), size: z.string(), color: z.string(), quantity: z.number(), price: z.number(), image: z.string() })),
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
  expiresAt: z.string().nullable(),
  /** A personal voucher (only this user) or a public code (everyone, once each). */
  personal: z.boolean(),
  status: VoucherStatusSchema,
})
export type Voucher = z.infer<typeof VoucherSchema>
export const VoucherListSchema = z.object({ items: z.array(VoucherSchema) })

/** Validate at checkout: the code against the selected cart lines and the chosen shipping. */
export const ValidateVoucherSchema = z.strictObject({
  code: couponCode.pipe(z.string().min(1, 'Enter a voucher code')),
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
