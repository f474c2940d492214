// The owner area (base /api/admin): running the shop without touching the database.
import { z } from 'zod';
import { FIELD_MESSAGES } from './messages';
import {
  isoDateTimeField,
  NOT_BLANK_PATTERN,
  objectIdField,
  paiseField,
  productIdField,
} from './fields';
import { orderSchema } from './orders';
import { orderActionSchema, RETURN_ACTIONS } from './order-rules';
import { lowStockSchema } from './stock';
import {
  ORDER_STATUSES,
  orderStatusSchema,
  RETURN_STATUSES,
  returnRequestSchema,
  TICKET_STATUSES,
  ticketSchema,
} from './profile';

export const USER_ROLES = ['customer', 'owner'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The moves the owner makes; payment moves belong to the payment provider's reports, and a
 * cash-on-delivery order is confirmed by the shopper's code. `rto`: the parcel came back refused.
 */
export const OWNER_MOVES = [
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
  'rto',
] as const;

/** How the owner sent back the money of a cash-on-delivery order (there is no payment to refund). */
export const MANUAL_REFUND_METHODS = ['upi', 'bank_transfer'] as const;

export const ADMIN_MESSAGES = {
  ownerOnly: 'This area is for the shop owner.',
  shippedNeedsTracking: 'A shipped order needs its carrier and tracking number.',
  manualRefundNeedsBoth: 'Give both how the refund was sent and its reference.',
  smsNeedsPhone: 'Enter the mobile number to send the texts to.',
} as const;

// The length as sent, before the trim, as the document's maxLength means it (fields.ts).
const shortText = (max: number) =>
  z.string().max(max).trim().min(1).meta({ pattern: NOT_BLANK_PATTERN });

/** POST /admin/orders/{id}/status */
export const adminOrderStatusBodySchema = z
  .object({
    status: z.enum(OWNER_MOVES),
    carrier: shortText(60).optional(),
    trackingNumber: shortText(60).optional(),
    trackingUrl: z
      .url({ protocol: /^https?$/ })
      .max(500)
      .optional(),
    note: shortText(500).optional(),
    /** Refunding a cash-on-delivery order: how the money was sent, and its reference (UTR). */
    refundMethod: z.enum(MANUAL_REFUND_METHODS).optional(),
    refundReference: shortText(60).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (Boolean(body.refundMethod) !== Boolean(body.refundReference))
      ctx.addIssue({
        code: 'custom',
        path: [body.refundMethod ? 'refundReference' : 'refundMethod'],
        message: ADMIN_MESSAGES.manualRefundNeedsBoth,
      });
    if (body.status === 'shipped' && (!body.carrier || !body.trackingNumber))
      ctx.addIssue({
        code: 'custom',
        path: [body.carrier ? 'trackingNumber' : 'carrier'],
        message: ADMIN_MESSAGES.shippedNeedsTracking,
      });
  });

/**
 * Lists of orders the dashboard counts, besides one status: `to_dispatch` (paid, confirmed and
 * packed: TO_DISPATCH) and `payment_held` (unpaid, with a payment of the wrong amount held).
 */
export const ORDER_LIST_VIEWS = ['to_dispatch', 'payment_held'] as const;
export type OrderListView = (typeof ORDER_LIST_VIEWS)[number];

/** GET /admin/orders?status=&payment=&q=&page=&limit= (status: one state, or a list view) */
export const adminOrderListQuerySchema = z
  .object({
    status: z.enum([...ORDER_STATUSES, ...ORDER_LIST_VIEWS]).optional(),
    /** Prepaid (UPI or card) or cash on delivery. */
    payment: z.enum(['prepaid', 'cod']).optional(),
    /** An order number, an email, a phone number or a name. */
    // No NUL: the search becomes a regular expression, which BSON stores as a C string (the
    // driver refused to send one with NUL, and the owner got a 500). The document says it with
    // the pattern.
    q: z
      .string()
      .max(100)
      .refine((q) => !q.includes('\u0000'), 'A search cannot contain a NUL character')
      .trim()
      .meta({ pattern: '^[^\\u0000]*$' })
      .optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export const adminOrderRowSchema = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    status: orderStatusSchema,
    createdAt: isoDateTimeField,
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    city: z.string(),
    state: z.string(),
    total: paiseField,
    paymentMethod: z.enum(['upi', 'card', 'cod']),
    /** True while a captured payment of the wrong amount waits for the owner. */
    paymentHeld: z.boolean(),
    /** What the owner may do to it now. */
    nextActions: z.array(orderActionSchema),
  })
  .meta({ id: 'AdminOrderRow' });

export const adminOrderListSchema = z
  .object({
    items: z.array(adminOrderRowSchema),
    total: z.number().int().nonnegative(),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
  })
  .meta({ id: 'AdminOrderList' });

export const paymentEventViewSchema = z
  .object({
    type: z.string(),
    source: z.string(),
    paymentId: z.string().nullable(),
    amount: z.number().int().nullable(),
    note: z.string(),
    at: isoDateTimeField,
  })
  .meta({ id: 'PaymentEvent' });

export const adminOrderDetailSchema = z
  .object({
    order: orderSchema,
    paymentEvents: z.array(paymentEventViewSchema),
    invoice: z
      .object({ invoiceNumber: z.string(), date: isoDateTimeField, downloadUrl: z.string() })
      .nullable(),
    paymentHold: z
      .object({ paymentId: z.string(), amount: paiseField, at: isoDateTimeField })
      .nullable(),
    /** What the shop owes back on this order, in paise (refunds already made are subtracted). */
    refunded: paiseField,
    /** What the shopper was told and when: each mail and SMS sent about the order, oldest first. */
    messages: z.array(
      z.object({
        channel: z.enum(['mail', 'sms']),
        /** 'confirmation', 'shipped', 'refund' ...: what it was about. */
        about: z.string(),
        at: isoDateTimeField,
      }),
    ),
  })
  .meta({ id: 'AdminOrderDetail' });

/** PUT /admin/products/{id}/stock */
export const stockBodySchema = z.object({ inStock: z.boolean() }).strict();
export const stockResponseSchema = z
  .object({ productId: productIdField, inStock: z.boolean() })
  .meta({ id: 'Stock' });

/** GET /admin/summary */
export const adminSummarySchema = z
  .object({
    ordersToDispatch: z.number().int().nonnegative(),
    paymentsHeld: z.number().int().nonnegative(),
    openReturns: z.number().int().nonnegative(),
    openTickets: z.number().int().nonnegative(),
    unreadMessages: z.number().int().nonnegative(),
    sales: z.object({ today: paiseField, last7Days: paiseField, last30Days: paiseField }),
    /** Single products at or below their low-stock level. */
    lowStock: z.array(lowStockSchema),
  })
  .meta({ id: 'AdminSummary' });

/** GET /admin/messages */
export const adminMessageSchema = z
  .object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    subject: z.string(),
    message: z.string(),
    createdAt: isoDateTimeField,
    /** True the first time the owner lists it. */
    unread: z.boolean(),
  })
  .meta({ id: 'ContactMessage' });
export const adminMessageListSchema = z.array(adminMessageSchema);

/** GET /admin/messages?status=unread: only those not listed before (what the dashboard counts). */
export const adminMessageQuerySchema = z.object({ status: z.enum(['unread']).optional() }).strict();

/** GET /admin/waitlist: the community waitlist's signups, newest first. */
export const adminWaitlistEntrySchema = z
  .object({
    email: z.string(),
    name: z.string(),
    createdAt: isoDateTimeField,
  })
  .meta({ id: 'WaitlistSignup' });
export const adminWaitlistSchema = z.array(adminWaitlistEntrySchema);

/** GET /admin/audit */
export const auditEntrySchema = z
  .object({
    at: isoDateTimeField,
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    details: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'AuditEntry' });
export const auditListSchema = z.array(auditEntrySchema);

/** The kinds of owner action, the first word of each audit entry's action ('order.shipped'). */
export const AUDIT_AREAS = [
  'order',
  'return',
  'ticket',
  'stock',
  'product',
  'coupon',
  'review',
  'settings',
] as const;

/** GET /admin/audit?area=&from=&to= (days in India, both included). */
export const adminAuditQuerySchema = z
  .object({
    area: z.enum(AUDIT_AREAS).optional(),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD')
      .optional(),
  })
  .strict();
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;

/** GET /admin/gst?from=YYYY-MM-DD&to=YYYY-MM-DD&format=json|csv */
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');
export const gstExportQuerySchema = z
  .object({
    from: isoDay,
    to: isoDay,
    /** json: the tables; csv: the same for a spreadsheet; portal: the GST offline tool's file. */
    format: z.enum(['json', 'csv', 'portal']).default('json'),
  })
  .strict()
  .refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['to'] });

const taxFigures = {
  taxableValue: paiseField,
  igst: paiseField,
  cgst: paiseField,
  sgst: paiseField,
};
/** Net figures (a table net of credit notes) may fall below zero in a range with more refunds. */
const signedTaxFigures = {
  taxableValue: z.number().int(),
  igst: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
};
const gstTotals = z.object({
  count: z.number().int().nonnegative(),
  value: paiseField,
  ...taxFigures,
});
/** The GSTR-1 tables; amounts in paise (the CSV gives rupees). */
const hsnRowSchema = z.object({
  hsn: z.string(),
  /** The class of goods (or the service) the code stands for. */
  description: z.string(),
  /** 'NOS' for goods counted in pieces; 'NA' for a service (no quantity). */
  uqc: z.enum(['NOS', 'NA']),
  rate: z.number(),
  quantity: z.number().int(),
  totalValue: z.number().int(),
  ...signedTaxFigures,
});

/** GSTR-1's tables for a range of days, in paise (the CSV and the portal file in rupees). */
export const gstExportSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    /** Table 4A. */
    b2b: z.array(
      z.object({
        gstin: z.string(),
        receiverName: z.string(),
        invoiceNumber: z.string(),
        invoiceDate: z.string(),
        invoiceValue: paiseField,
        placeOfSupply: z.string(),
        reverseCharge: z.literal('N'),
        rate: z.number(),
        ...taxFigures,
      }),
    ),
    /** Table 5: inter-state invoices to unregistered buyers above ₹1,00,000. */
    b2cl: z.array(
      z.object({
        invoiceNumber: z.string(),
        invoiceDate: z.string(),
        invoiceValue: paiseField,
        placeOfSupply: z.string(),
        rate: z.number(),
        ...taxFigures,
      }),
    ),
    /** Table 7, net of the credit notes on its invoices. */
    b2cs: z.array(
      z.object({
        type: z.literal('OE'),
        placeOfSupply: z.string(),
        rate: z.number(),
        ...signedTaxFigures,
      }),
    ),
    /** Table 12, split into supplies to registered and unregistered buyers, net of credit notes. */
    hsn: z.object({ b2b: z.array(hsnRowSchema), b2c: z.array(hsnRowSchema) }),
    /** Every credit note line per rate, and the table it is reported in (9B, or netted in 7). */
    creditNotes: z.array(
      z.object({
        registered: z.boolean(),
        reportedIn: z.enum(['cdnr', 'cdnur', 'b2cs']),
        gstin: z.string(),
        receiverName: z.string(),
        noteNumber: z.string(),
        noteDate: z.string(),
        invoiceNumber: z.string(),
        invoiceDate: z.string(),
        noteType: z.literal('C'),
        placeOfSupply: z.string(),
        noteValue: paiseField,
        rate: z.number(),
        ...taxFigures,
      }),
    ),
    /** Table 13: per series, the first and last number issued in the range and how many. */
    documents: z.array(
      z.object({
        kind: z.enum(['Invoices for outward supply', 'Credit Note']),
        from: z.string(),
        to: z.string(),
        total: z.number().int().nonnegative(),
        cancelled: z.number().int().nonnegative(),
      }),
    ),
    totals: z.object({ invoices: gstTotals, creditNotes: gstTotals }),
  })
  .meta({ id: 'GstExport' });

export type GstExport = z.infer<typeof gstExportSchema>;

/** format=portal: the same return in the GST portal's offline-tool layout (rupees, its field names). */
const portalRows = z.array(z.looseObject({}));
export const gstPortalFileSchema = z
  .object({
    gstin: z.string(),
    /** The return period, MMYYYY. */
    fp: z.string().regex(/^\d{6}$/),
    b2b: portalRows,
    b2cl: portalRows,
    b2cs: portalRows,
    cdnr: portalRows,
    cdnur: portalRows,
    hsn: z.object({ hsn_b2b: portalRows, hsn_b2c: portalRows }),
    doc_issue: z.object({ doc_det: portalRows }),
  })
  .meta({ id: 'GstPortalFile' });
/** POST /admin/returns/{id} */
export const adminReturnActionBodySchema = z
  .object({
    action: z.enum(RETURN_ACTIONS),
    /** In paise; refund only. Never more than is left of the payment. Default: the return's amount. */
    refundAmount: z.number().int().positive().max(100_000_000).optional(),
    note: shortText(500).optional(),
    /** Refunding a cash-on-delivery order's return: how the money was sent, and its reference. */
    refundMethod: z.enum(MANUAL_REFUND_METHODS).optional(),
    refundReference: shortText(60).optional(),
    /** Receive or refund: the items came back fit to sell, so their units go back into stock. */
    restock: z.boolean().optional(),
  })
  .strict();
/** Returns and tickets waiting for the owner (the dashboard's tiles): `open` and `active`. */
export const adminReturnQuerySchema = z
  .object({ status: z.enum([...RETURN_STATUSES, 'open']).optional() })
  .strict();
/** Tickets not closed yet: open, or in progress. */
export const ACTIVE_TICKETS = ['open', 'in_progress'] as const;
export const adminTicketQuerySchema = z
  .object({ status: z.enum([...TICKET_STATUSES, 'active']).optional() })
  .strict();
export type AdminReturnQuery = z.infer<typeof adminReturnQuerySchema>;
export type AdminTicketQuery = z.infer<typeof adminTicketQuerySchema>;

export const adminReturnSchema = returnRequestSchema
  .extend({
    /** What the order held: the items the return brings back. */
    items: z.array(z.object({ name: z.string(), quantity: z.number().int().positive() })),
    reason: z.string(),
    createdAt: isoDateTimeField,
    customerName: z.string(),
    customerEmail: z.string(),
  })
  .meta({ id: 'AdminReturn' });
export const adminReturnListSchema = z.array(adminReturnSchema);

/** POST /admin/tickets/{id}/replies and /status */
export const adminTicketReplyBodySchema = z.object({ message: shortText(2000) }).strict();
export const adminTicketStatusBodySchema = z.object({ status: z.enum(TICKET_STATUSES) }).strict();
export const adminTicketSchema = ticketSchema
  .extend({ customerName: z.string(), customerEmail: z.string() })
  .meta({ id: 'AdminTicket' });
export const adminTicketListSchema = z.array(adminTicketSchema);

export type AdminReturnActionBody = z.infer<typeof adminReturnActionBodySchema>;
export type AdminReturn = z.infer<typeof adminReturnSchema>;
export type AdminTicket = z.infer<typeof adminTicketSchema>;
export type AdminOrderStatusBody = z.infer<typeof adminOrderStatusBodySchema>;
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type AdminSummary = z.infer<typeof adminSummarySchema>;
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;
export type PaymentEventView = z.infer<typeof paymentEventViewSchema>;

/** POST /admin/packing: several orders marked packed at once (a day's packing). */
export const adminPackManyBodySchema = z
  .object({ ids: z.array(objectIdField).min(1).max(50) })
  .strict()
  .meta({ id: 'AdminPackMany' });
export const adminPackManyResultSchema = z
  .object({
    packed: z.array(z.string()),
    /** Orders that could not be packed (moved meanwhile, or not paid), with why. */
    refused: z.array(z.object({ id: z.string(), message: z.string() })),
  })
  .meta({ id: 'AdminPackManyResult' });

/** What the owners are told of by mail (and by SMS when set); each can be turned off on the settings page. */
export const OWNER_NOTICES = ['newOrder', 'returnRequest', 'ticket', 'lowStock'] as const;
export type OwnerNotice = (typeof OWNER_NOTICES)[number];

/**
 * One notice as the owner area lists it (GET /admin/notifications): every notice is stored once,
 * whether or not it also went by mail or SMS, and links to what it is about in the owner area.
 */
export const ownerNotificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum(OWNER_NOTICES),
    /** One line: 'New order VNY-123456: ₹877.00'. */
    title: z.string(),
    /** Where it opens in the owner area: its order, return, ticket or product. */
    path: z.string(),
    createdAt: isoDateTimeField,
    read: z.boolean(),
  })
  .meta({ id: 'OwnerNotification' });
export type OwnerNotification = z.infer<typeof ownerNotificationSchema>;

/** GET /admin/notifications: the newest first, and how many are unread in all. */
export const ownerNotificationListSchema = z
  .object({
    items: z.array(ownerNotificationSchema),
    unread: z.number().int().nonnegative(),
  })
  .meta({ id: 'OwnerNotificationList' });
export type OwnerNotificationList = z.infer<typeof ownerNotificationListSchema>;

/** GET /admin/notifications?limit= (1 to 100, default 30). */
export const ownerNotificationQuerySchema = z
  .object({ limit: z.coerce.number().int().min(1).max(100).default(30) })
  .strict();

/** An Indian mobile number for the owner's texts: 10 digits starting 6 to 9, or empty for none. */
export const ownerSmsPhoneField = z
  .string({ error: FIELD_MESSAGES.mobile })
  .trim()
  .regex(/^(?:[6-9]\d{9})?$/, FIELD_MESSAGES.mobile)
  .meta({ example: '9876543210' });

/** PUT /admin/settings/notifications */
export const ownerNoticeSettingsSchema = z
  .object({
    /** A paid order, or a cash-on-delivery order confirmed by its code. */
    newOrder: z.boolean(),
    returnRequest: z.boolean(),
    /** A support ticket opened by a shopper. */
    ticket: z.boolean(),
    /** A product falling to its low-stock level. */
    lowStock: z.boolean(),
    /** The mobile number the notices are also texted to ('' for none). */
    smsPhone: ownerSmsPhoneField,
    /** Also text each notice turned on to `smsPhone`. */
    sms: z.boolean(),
  })
  .strict()
  .refine((s) => !s.sms || s.smsPhone !== '', {
    path: ['smsPhone'],
    message: ADMIN_MESSAGES.smsNeedsPhone,
  })
  .meta({ id: 'OwnerNoticeSettings' });
export type OwnerNoticeSettings = z.infer<typeof ownerNoticeSettingsSchema>;
