// Checkout and orders. The
// server prices every order from the catalogue; `total_amount` is only compared with its figure.
import { brand, LIMITS } from '@vanya/catalog';
import { z } from 'zod';
import { errorBodySchema } from './errors';
import {
  createEmailField,
  isoDateTimeField,
  mobileField,
  optionalGstinField,
  paiseField,
  pinCodeField,
  productIdField,
  requiredTextField,
  stateField,
} from './fields';
import { FIELD_MESSAGES, SHOP_MESSAGES } from './messages';
import { orderActionSchema } from './order-rules';
import { orderStatusSchema } from './profile';

/** 'cod' is cash on delivery: confirmed by an SMS code, paid to the courier at the door. */
export const PAYMENT_METHODS = ['upi', 'card', 'cod'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHODS)[number];

/** Why cash on delivery is refused (409 COD_UNAVAILABLE carries one as `reason`). */
export const COD_REFUSALS = ['PIN', 'TOTAL', 'PHONE', 'OPEN_ORDERS'] as const;
export type CodRefusal = (typeof COD_REFUSALS)[number];

export const SUPPLY_TYPES = ['intra-state', 'inter-state'] as const;

/** At most this many lines in one order. */
export const MAX_ORDER_LINES = 20;

const NAME_MAX = 100;

/** The checkout's 'Delivery Information' form; also the resolver of the web form. */
export const checkoutFormSchema = z
  .object({
    firstName: requiredTextField(SHOP_MESSAGES.firstName, NAME_MAX, SHOP_MESSAGES.nameTooLong),
    lastName: requiredTextField(SHOP_MESSAGES.lastName, NAME_MAX, SHOP_MESSAGES.nameTooLong),
    email: createEmailField(FIELD_MESSAGES.invalidEmail),
    phone: mobileField,
    address: requiredTextField(SHOP_MESSAGES.address, 300, SHOP_MESSAGES.addressTooLong).min(
      5,
      SHOP_MESSAGES.address,
    ),
    city: requiredTextField(SHOP_MESSAGES.city, NAME_MAX, SHOP_MESSAGES.cityTooLong),
    state: stateField,
    pinCode: pinCodeField,
    country: z.literal('IN', { error: SHOP_MESSAGES.country }).default('IN'),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: SHOP_MESSAGES.paymentMethod }).default('upi'),
    gstNumber: optionalGstinField,
    /** The shopper's choice: order updates by WhatsApp instead of SMS (through the same gateway). */
    whatsapp: z.boolean().default(false),
  })
  .meta({ id: 'CheckoutForm' });

export type CheckoutFormInput = z.input<typeof checkoutFormSchema>;
export type CheckoutForm = z.output<typeof checkoutFormSchema>;

export const orderItemSchema = z
  .object({
    productId: productIdField,
    quantity: z
      .number({ error: SHOP_MESSAGES.quantity })
      .int(SHOP_MESSAGES.quantity)
      .min(1, SHOP_MESSAGES.quantity)
      .max(LIMITS.maxLineQuantity, SHOP_MESSAGES.quantity),
  })
  .strict();

export type OrderItem = z.infer<typeof orderItemSchema>;

/** Rupees with at most two decimals, written plainly (no exponent, no sign). */
const PLAIN_RUPEES_RE = /^\d+(?:\.\d{1,2})?$/;

/**
 * The largest `total_amount` the API compares with the catalogue: ₹10,00,000 (ten lakh rupees).
 * No cart comes near it: duplicates merge, so an order has at most one line per product, each of at
 * most LIMITS.maxLineQuantity (20) units; with today's nine products (₹179 to ₹999) the largest
 * possible cart is ₹88,420 and shipping is free above its threshold, so the cap leaves ten times
 * that for price changes (a contracts test holds the catalogue's largest cart under it). It also
 * keeps every accepted amount far inside the exact range of the paise arithmetic
 * (`Number.MAX_SAFE_INTEGER` paise is about ₹90 lakh crore), so converting it can never fail.
 */
export const MAX_TOTAL_AMOUNT_RUPEES = 10_00_000;

/** '0.00' to '1000000.00': the text form's format and cap as one pattern, for the document. */
export const TOTAL_AMOUNT_TEXT_PATTERN = '^0*(?:\\d{1,6}\\.\\d{2}|1000000\\.00)$';

/** Plain rupee text or numbers above the cap; anything else is left to the format check. */
const withinCap = (value: string | number) =>
  !PLAIN_RUPEES_RE.test(String(value)) || Number(value) <= MAX_TOTAL_AMOUNT_RUPEES;

/**
 * The cart total as the client saw it: a string with exactly two decimals ('1297.00') or a
 * non-negative number with at most two decimals (1297, 1297.5), at most MAX_TOTAL_AMOUNT_RUPEES.
 * Convert it with the catalogue's `rupeesToPaise` before comparing (never throws for an accepted
 * value).
 */
export const totalAmountField = z
  .union(
    [
      z
        .string()
        .regex(/^\d+\.\d{2}$/, SHOP_MESSAGES.totalAmount)
        .refine(withinCap, SHOP_MESSAGES.totalAmountTooLarge)
        // The document states the cap in the pattern (the server's two checks give two messages).
        .meta({ pattern: TOTAL_AMOUNT_TEXT_PATTERN }),
      z
        .number()
        .nonnegative(SHOP_MESSAGES.totalAmount)
        .refine((n) => PLAIN_RUPEES_RE.test(String(n)), SHOP_MESSAGES.totalAmount)
        .refine(withinCap, SHOP_MESSAGES.totalAmountTooLarge)
        .meta({ maximum: MAX_TOTAL_AMOUNT_RUPEES }),
    ],
    { error: SHOP_MESSAGES.totalAmount },
  )
  .meta({ example: '1297.00' });

export const createOrderDataSchema = checkoutFormSchema
  .extend({
    cart_summary: z.string().max(2000, SHOP_MESSAGES.cartSummaryTooLong),
    total_amount: totalAmountField,
    /** A coupon to apply (upper-cased); the server prices its discount. */
    couponCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{4,20}$/, 'A coupon code is 4 to 20 letters and digits')
      .optional(),
    items: z
      .array(orderItemSchema, { error: SHOP_MESSAGES.cartEmpty })
      .min(1, SHOP_MESSAGES.cartEmpty)
      .max(MAX_ORDER_LINES, SHOP_MESSAGES.tooManyLines),
  })
  .strict()
  .meta({ id: 'CreateOrderData' });

/** POST /orders: `{ data: { ...form fields, cart_summary, total_amount, items } }`. */
export const createOrderBodySchema = z.object({ data: createOrderDataSchema }).strict();

export type CreateOrderBodyInput = z.input<typeof createOrderBodySchema>;
export type CreateOrderBody = z.output<typeof createOrderBodySchema>;

// ---------------------------------------------------------------------------------------------
// The order as the API answers it

export const orderNumberField = z
  .string()
  .regex(new RegExp(`^${brand.orderPrefix}-\\d{6}$`), 'Invalid order number')
  .meta({ example: `${brand.orderPrefix}-000123` });

export const orderLineSchema = z.object({
  productId: z.string(),
  name: z.string(),
  hsn: z.string(),
  gstRate: z.number().nonnegative(),
  quantity: z.number().int().positive(),
  /** Tax-inclusive price of one unit, in paise. */
  unitPrice: paiseField,
  /** unitPrice x quantity, in paise. */
  amount: paiseField,
  /** This line's share of the coupon; the tax figures are on amount less it. */
  couponShare: paiseField,
  taxableValue: paiseField,
  cgst: paiseField,
  sgst: paiseField,
  igst: paiseField,
});

/** The cart figures of `priceCart` (packages/catalog), all in paise. */
export const orderTotalsSchema = z
  .object({
    itemsTotal: paiseField,
    mrpTotal: paiseField,
    discount: paiseField,
    /** What the coupon took off the goods, before tax. */
    couponDiscount: paiseField,
    shipping: paiseField,
    /** The cash-on-delivery fee, a taxed line of its own. */
    codFee: paiseField,
    grandTotal: paiseField,
    taxableValue: paiseField,
    cgst: paiseField,
    sgst: paiseField,
    igst: paiseField,
    taxTotal: paiseField,
  })
  .meta({ id: 'OrderTotals' });

/** Who moved an order: the shopper (cancel), the owner (dispatch), or the shop itself (payments). */
export const ORDER_ACTORS = ['shopper', 'owner', 'system'] as const;

/** One step of an order's timeline, as the shopper sees it. */
/** Courier scans the timeline shows without a move of the order. */
export const COURIER_SCANS = ['out_for_delivery'] as const;
export type CourierScan = (typeof COURIER_SCANS)[number];

export const orderEventSchema = z
  .object({
    status: orderStatusSchema,
    at: isoDateTimeField,
    by: z.enum(ORDER_ACTORS),
    note: z.string().optional(),
    carrier: z.string().optional(),
    trackingNumber: z.string().optional(),
    trackingUrl: z.string().optional(),
    /** A courier's scan that moved nothing but is news to the shopper (out for delivery). */
    scan: z.enum(COURIER_SCANS).optional(),
  })
  .meta({ id: 'OrderEvent' });

export const orderSchema = z
  .object({
    _id: z.string(),
    orderNumber: orderNumberField,
    status: orderStatusSchema,
    createdAt: isoDateTimeField,
    paidAt: isoDateTimeField.optional(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pinCode: z.string(),
    country: z.literal('IN'),
    paymentMethod: z.enum(PAYMENT_METHODS),
    /** '' when the buyer gave none. */
    gstNumber: z.string(),
    /** The state whose tax rules apply (the delivery address's). */
    deliveryState: z.string(),
    supply: z.enum(SUPPLY_TYPES),
    lines: z.array(orderLineSchema),
    totals: orderTotalsSchema,
    /** The provider's payment id once paid. */
    paymentId: z.string().optional(),
    /** The coupon applied, if any. */
    coupon: z.object({ code: z.string(), discount: paiseField }).optional(),
    /**
     * Cash on delivery: `due` (to pay the courier, `amountDue` paise) until delivered, then
     * `collected`; absent for prepaid orders.
     */
    cod: z.object({ status: z.enum(['due', 'collected']), amountDue: paiseField }).optional(),
    /** The timeline: placed, then every move, oldest first. */
    events: z.array(orderEventSchema),
    /** What the viewer (the shopper, or the owner in the owner area) may do to it now. */
    nextActions: z.array(orderActionSchema),
  })
  .meta({ id: 'Order' });

export const orderListSchema = z.array(orderSchema);

/** The options the web passes to the payment provider's dialog. */
export const paymentDialogSchema = z
  .object({
    keyId: z.string(),
    providerOrderId: z.string(),
    /** In paise. */
    amount: z.number().int().positive(),
    currency: z.literal('INR'),
    name: z.string(),
    description: z.literal('Order Payment'),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
    theme: z.object({ color: z.string() }),
    /** True when the built-in test mode stands in for the provider (no keys configured). */
    testMode: z.boolean(),
  })
  .meta({ id: 'PaymentDialog' });

/**
 * POST /orders answers the payment dialog for a prepaid order, or, for cash on delivery, where the
 * confirmation code went (the verified phone, masked) and when another may be asked for.
 */
export const codConfirmationSchema = z
  .object({
    /** The verified phone the code went to, masked: '98xxxxxx21'. */
    sentTo: z.string(),
    retryAfterSeconds: z.number().int().nonnegative(),
  })
  .meta({ id: 'CodConfirmation' });
export type CodConfirmation = z.infer<typeof codConfirmationSchema>;

export const createOrderResponseSchema = z.object({
  order: orderSchema,
  payment: paymentDialogSchema.nullable(),
  codConfirmation: codConfirmationSchema.optional(),
});

/** POST /orders/{id}/confirm-cod: the 6-digit code sent by SMS. */
export const confirmCodBodySchema = z
  .object({
    code: z
      .string()
      .regex(/^\d{6}$/, 'Enter the 6-digit code')
      .meta({ example: '482913' }),
  })
  .strict()
  .meta({ id: 'ConfirmCodBody' });

/** 409 when `total_amount` differs from the catalogue's figure; `totals` are the server's. */
export const totalMismatchBodySchema = errorBodySchema.extend({ totals: orderTotalsSchema });

/**
 * Any 409 of POST /orders: a total mismatch (with `totals`), cash on delivery refused (with
 * `reason`), or a coupon that does not apply.
 */
export const orderRefusedBodySchema = errorBodySchema
  .extend({ totals: orderTotalsSchema.optional(), reason: z.enum(COD_REFUSALS).optional() })
  .meta({ id: 'OrderRefused' });

export type OrderLine = z.infer<typeof orderLineSchema>;
export type OrderTotals = z.infer<typeof orderTotalsSchema>;
export type Order = z.infer<typeof orderSchema>;
export type OrderEvent = z.infer<typeof orderEventSchema>;
export type OrderActor = (typeof ORDER_ACTORS)[number];
export type PaymentDialog = z.infer<typeof paymentDialogSchema>;
export type CreateOrderResponse = z.infer<typeof createOrderResponseSchema>;
export type TotalMismatchBody = z.infer<typeof totalMismatchBodySchema>;
