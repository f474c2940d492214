// The profile tabs: addresses, payment methods, order summaries, invoices, returns and support
// tickets (every tab is real).
import { z } from 'zod';
import {
  OBJECT_ID_RE,
  isoDateTimeField,
  looksLikeCardNumber,
  objectIdField,
  paiseField,
  requiredTextField,
} from './fields';
import { FIELD_MESSAGES, PROFILE_MESSAGES } from './messages';

/** An order's states, in the order an order normally passes through them, then the side exits. */
export const ORDER_STATUSES = [
  'pending_payment',
  'paid',
  'pending_confirmation',
  'confirmed',
  'packed',
  'shipped',
  'delivered',
  'payment_failed',
  'cancelled',
  'refunded',
  'rto',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const orderStatusSchema = z.enum(ORDER_STATUSES);

/** A return's road: requested -> approved -> received -> refunded, or rejected. */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'received',
  'refunded',
  'rejected',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];
export const returnStatusSchema = z.enum(RETURN_STATUSES);

export const RETURN_METHODS = ['original_payment', 'bank_transfer', 'store_credit'] as const;
export type ReturnMethod = (typeof RETURN_METHODS)[number];

export const TICKET_STATUSES = ['open', 'in_progress', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const ticketStatusSchema = z.enum(TICKET_STATUSES);

/** Ids of entries inside a user's lists (addresses, payment methods) as paths carry them. */
export const listItemIdField = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, FIELD_MESSAGES.objectId);

export const itemIdParamsSchema = z.object({ id: listItemIdField });
export const objectIdParamsSchema = z.object({ id: objectIdField });

/** Items a profile list answers at most per page, and by default. */
export const PROFILE_PAGE_MAX = 100;
export const PROFILE_PAGE_DEFAULT = 50;

/**
 * GET /orders, /invoices, /returns and /tickets?limit=&before=: newest first, `limit` items after
 * the item whose id is `before` (the last one of the previous page). A page shorter than `limit`
 * is the last.
 */
export const profilePageQuerySchema = z
  .object({
    limit: z.coerce.number().int().min(1).max(PROFILE_PAGE_MAX).default(PROFILE_PAGE_DEFAULT),
    before: objectIdField.optional(),
  })
  .strict();
export type ProfilePageQuery = z.infer<typeof profilePageQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Addresses

export const addressSchema = z
  .object({ id: z.string(), address: z.string() })
  .meta({ id: 'Address' });

export const addAddressBodySchema = z
  .object({
    address: requiredTextField(
      PROFILE_MESSAGES.addressRequired,
      300,
      PROFILE_MESSAGES.addressTooLong,
    ),
  })
  .strict();

export const addressListSchema = z.array(addressSchema);

export type Address = z.infer<typeof addressSchema>;
export type AddAddressBody = z.infer<typeof addAddressBodySchema>;

// ---------------------------------------------------------------------------------------------
// Payment methods: labels only ('name@okaxis', 'Visa ending 4242'); never a card number.

export const paymentMethodSchema = z
  .object({ id: z.string(), payment: z.string() })
  .meta({ id: 'PaymentMethod' });

export const addPaymentMethodBodySchema = z
  .object({
    payment: requiredTextField(
      PROFILE_MESSAGES.paymentRequired,
      60,
      PROFILE_MESSAGES.paymentTooLong,
    ).refine((label) => !looksLikeCardNumber(label), PROFILE_MESSAGES.cardNumberRefused),
  })
  .strict();

export const paymentMethodListSchema = z.array(paymentMethodSchema);

export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export type AddPaymentMethodBody = z.infer<typeof addPaymentMethodBodySchema>;

// ---------------------------------------------------------------------------------------------
// Orders, invoices and returns as the profile lists them

export const orderSummarySchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    status: orderStatusSchema,
    createdAt: isoDateTimeField,
    /** Grand total in paise. */
    total: paiseField,
  })
  .meta({ id: 'OrderSummary' });

export const orderSummaryListSchema = z.array(orderSummarySchema);

export const invoiceSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    /** Invoice total in paise. */
    amount: paiseField,
    date: isoDateTimeField,
    /** A signed link to GET /invoices/{id}/pdf. */
    downloadUrl: z.string(),
    /** The series number printed on the invoice, e.g. VNY/26-27/000001. */
    invoiceNumber: z.string().optional(),
    /** The order's own number (VNY-123456), a better reference for people than an id prefix. */
    orderNumber: z.string().optional(),
  })
  .meta({ id: 'Invoice' });

export const invoiceListSchema = z.array(invoiceSchema);

export const returnRequestSchema = z
  .object({
    _id: z.string(),
    orderId: z.string(),
    status: returnStatusSchema,
    /** Refund in paise. */
    refundAmount: paiseField,
    method: z.enum(RETURN_METHODS),
    /** The returned order's number (VNY-123456). */
    orderNumber: z.string().optional(),
    /** What the shop said when it decided. */
    note: z.string().optional(),
    /** In paise, once refunded: what actually went back. */
    refundedAmount: paiseField.optional(),
    /** The GST credit note of the refund. */
    creditNoteNumber: z.string().optional(),
  })
  .meta({ id: 'ReturnRequest' });

export const returnRequestListSchema = z.array(returnRequestSchema);

export const createReturnBodySchema = z
  .object({
    orderId: z
      .string({ error: PROFILE_MESSAGES.returnOrderRequired })
      .regex(OBJECT_ID_RE, PROFILE_MESSAGES.returnOrderRequired)
      .meta({ example: '6752f0c1a8e4b2d3c4e5f601' }),
    reason: requiredTextField(
      PROFILE_MESSAGES.returnReasonRequired,
      500,
      PROFILE_MESSAGES.returnReasonTooLong,
    ),
    method: z.enum(RETURN_METHODS, { error: PROFILE_MESSAGES.returnMethod }),
  })
  .strict();

export type OrderSummary = z.infer<typeof orderSummarySchema>;
export type Invoice = z.infer<typeof invoiceSchema>;
export type ReturnRequest = z.infer<typeof returnRequestSchema>;
export type CreateReturnBody = z.infer<typeof createReturnBodySchema>;

// ---------------------------------------------------------------------------------------------
// Support tickets

export const ticketSchema = z
  .object({
    id: z.string(),
    status: ticketStatusSchema,
    message: z.string(),
    createdAt: isoDateTimeField,
    /** Path under /uploads/ of the attached image, when one was sent. */
    attachment: z.string().optional(),
    /** The conversation after the first message, oldest first. */
    replies: z.array(
      z.object({ by: z.enum(['shopper', 'owner']), message: z.string(), at: isoDateTimeField }),
    ),
  })
  .meta({ id: 'Ticket' });

export const ticketListSchema = z.array(ticketSchema);

/** The text part of the multipart ticket form; the file travels in the field `attachment`. */
export const createTicketBodySchema = z
  .object({
    message: requiredTextField(PROFILE_MESSAGES.enterIssue, 5000, PROFILE_MESSAGES.ticketTooLong),
  })
  .strict();

export const TICKET_ATTACHMENT_FIELD = 'attachment';

export type Ticket = z.infer<typeof ticketSchema>;
export type CreateTicketBody = z.infer<typeof createTicketBodySchema>;

// ---------------------------------------------------------------------------------------------
// Two-step verification

export const twoStepResponseSchema = z.object({
  twoStepEnabled: z.boolean(),
  msg: z.string(),
  message: z.string(),
});

export type TwoStepResponse = z.infer<typeof twoStepResponseSchema>;
