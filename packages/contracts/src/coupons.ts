// Coupons: the owner's rules and the shopper's check. Amounts are paise; the discount itself is
// always computed by the server from packages/catalog (couponDiscountFor, priceCart).
import { formatDayInIndia, formatINR } from '@vanya/catalog';
import { z } from 'zod';
import { isoDateTimeField, paiseField, stateField } from './fields';
import {
  orderItemSchema,
  orderLineSchema,
  orderTotalsSchema,
  MAX_ORDER_LINES,
  SUPPLY_TYPES,
} from './orders';
import { orderStatusSchema } from './profile';

/** A-Z and 0-9, 4 to 20 characters; what a shopper types is upper-cased and trimmed first. */
export const COUPON_CODE_RE = /^[A-Z0-9]{4,20}$/;
export const couponCodeField = z
  .string({ error: 'Enter a coupon code' })
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_RE, 'A coupon code is 4 to 20 letters and digits');

export const COUPON_ERROR_CODES = [
  'COUPON_UNKNOWN',
  'COUPON_PAUSED',
  'COUPON_NOT_STARTED',
  'COUPON_EXPIRED',
  'COUPON_MIN_ORDER',
  'COUPON_USED_UP',
  'COUPON_ALREADY_USED',
] as const;
export type CouponErrorCode = (typeof COUPON_ERROR_CODES)[number];

const TRY_ANOTHER = 'Try another code, or order without one.';

/**
 * Why a coupon does not apply, and what the shopper can do: the API's refusals (with the dates
 * and amounts they name as details: `startsAt`, `endsAt`, `minOrder`, `shortBy`), shown by the
 * cart and the checkout as they come. Days are India's.
 */
export const COUPON_MESSAGES = {
  unknown: 'There is no such coupon. Check the code for typing mistakes.',
  paused: `This coupon is paused by the shop for now. ${TRY_ANOTHER}`,
  notStarted: (startsAt: Date) =>
    `This coupon can be used from ${formatDayInIndia(startsAt)}. Apply it again then, or order without it.`,
  /** `endsAt` is the first moment it no longer works: the day before it at midnight is its last. */
  expired: (endsAt: Date) =>
    `This coupon expired: its last day was ${formatDayInIndia(new Date(endsAt.getTime() - 1))}. ${TRY_ANOTHER}`,
  minOrder: (minOrder: number, shortBy: number) =>
    `This coupon needs an order of at least ${formatINR(minOrder)}. Add ${formatINR(shortBy)} more to use it.`,
  usedUp: `This coupon has been used up. ${TRY_ANOTHER}`,
  alreadyUsed: `You have already used this coupon as often as it allows. ${TRY_ANOTHER}`,
} as const;

/** The owner's coupon as sent to POST /admin/coupons and PUT /admin/coupons/{code}. */
export const couponInputSchema = z
  .object({
    code: couponCodeField,
    kind: z.enum(['percent', 'flat']),
    /** Percent 1-90 for 'percent'; paise (at least 1) for 'flat'. */
    value: z.number().int().positive(),
    minOrder: paiseField.default(0),
    maxDiscount: paiseField.positive().nullable().optional(),
    startsAt: isoDateTimeField.nullable().optional(),
    endsAt: isoDateTimeField.nullable().optional(),
    usageLimit: z.number().int().positive().nullable().optional(),
    perCustomerLimit: z.number().int().positive().default(1),
    active: z.boolean().default(true),
  })
  .strict()
  .refine((c) => c.kind !== 'percent' || c.value <= 90, {
    message: 'A percent coupon takes 1 to 90 percent off',
    path: ['value'],
  })
  .refine((c) => !c.startsAt || !c.endsAt || c.startsAt < c.endsAt, {
    message: 'The coupon must end after it starts',
    path: ['endsAt'],
  })
  .meta({
    id: 'CouponInput',
    example: {
      code: 'DIWALI15',
      kind: 'percent',
      value: 15,
      minOrder: 99900,
      maxDiscount: 30000,
      startsAt: '2026-10-20T00:00:00+05:30',
      endsAt: '2026-11-05T23:59:59+05:30',
      usageLimit: 500,
      perCustomerLimit: 1,
      active: true,
    },
  });
export type CouponInput = z.output<typeof couponInputSchema>;

/** A coupon as the owner sees it, with the uses taken so far. */
export const couponSchema = z
  .object({
    code: z.string(),
    kind: z.enum(['percent', 'flat']),
    value: z.number().int(),
    minOrder: paiseField,
    maxDiscount: paiseField.nullable(),
    startsAt: isoDateTimeField.nullable(),
    endsAt: isoDateTimeField.nullable(),
    usageLimit: z.number().int().nullable(),
    perCustomerLimit: z.number().int(),
    active: z.boolean(),
    used: z.number().int().nonnegative(),
    createdAt: isoDateTimeField,
  })
  .meta({ id: 'Coupon' });
export type Coupon = z.infer<typeof couponSchema>;

/** POST /coupons/check: the cart the shopper would order with the code. */
export const couponCheckBodySchema = z
  .object({
    code: couponCodeField,
    items: z.array(orderItemSchema).min(1).max(MAX_ORDER_LINES),
    // One of the 36 states; absent before the address is known (the cart).
    deliveryState: stateField.optional(),
  })
  .strict()
  .meta({ id: 'CouponCheckBody' });
export type CouponCheckBody = z.output<typeof couponCheckBodySchema>;

/** GET /admin/coupons: every coupon, newest first. */
export const couponListSchema = z.array(couponSchema).meta({ id: 'CouponList' });

/** The code in /admin/coupons/{code}. */
export const couponCodeParamsSchema = z.object({ code: couponCodeField }).strict();

/** One use of a coupon: the order that took it and what it took off. */
export const couponUseSchema = z
  .object({
    orderId: z.string(),
    /** Null when the order is gone (never stored after its use was taken). */
    orderNumber: z.string().nullable(),
    status: orderStatusSchema.nullable(),
    discount: paiseField,
    at: isoDateTimeField,
    /** When the order was never paid or confirmed and the use went back to the coupon. */
    givenBackAt: isoDateTimeField.nullable(),
  })
  .meta({ id: 'CouponUse' });
export type CouponUse = z.infer<typeof couponUseSchema>;
export const couponUseListSchema = z.array(couponUseSchema).meta({ id: 'CouponUseList' });

/** POST /coupons/check: the cart priced with the coupon's discount, as the order would be. */
export const couponCheckResponseSchema = z
  .object({
    coupon: couponSchema.pick({
      code: true,
      kind: true,
      value: true,
      maxDiscount: true,
      minOrder: true,
    }),
    totals: orderTotalsSchema,
    lines: z.array(orderLineSchema),
    supply: z.enum(SUPPLY_TYPES),
  })
  .meta({ id: 'CouponCheck' });
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;
