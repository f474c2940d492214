import type { PricedCart, PricedLine, ShippingTax } from '@vanya/catalog';
import { COURIER_SCANS, ORDER_ACTORS, ORDER_STATUSES } from '@vanya/contracts';
import mongoose, { Schema } from 'mongoose';
import type { InferSchemaType, Types } from 'mongoose';

/** What became of the units an order reserved (see `reservation`). */
export const RESERVATION_STATES = ['held', 'sold', 'released'] as const;
export type ReservationState = (typeof RESERVATION_STATES)[number];

const taxFields = {
  taxableValue: { type: Number, required: true },
  tax: { type: Number, required: true },
  cgst: { type: Number, required: true },
  sgst: { type: Number, required: true },
  igst: { type: Number, required: true },
};

const lineSchema = new Schema(
  {
    productId: { type: String, required: true },
    name: { type: String, required: true },
    hsn: { type: String, required: true },
    gstRate: { type: Number, required: true },
    quantity: { type: Number, required: true },
    unitPrice: { type: Number, required: true },
    unitMrp: { type: Number, required: true },
    amount: { type: Number, required: true },
    mrpAmount: { type: Number, required: true },
    couponShare: { type: Number, default: 0 },
    ...taxFields,
  },
  { _id: false },
);

const paise = { type: Number, required: true };

/** One step of the timeline: written only by the lifecycle (order-lifecycle.ts), never removed. */
const eventSchema = new Schema(
  {
    status: { type: String, enum: ORDER_STATUSES, required: true },
    at: { type: Date, required: true },
    by: { type: String, enum: ORDER_ACTORS, required: true },
    note: { type: String },
    carrier: { type: String },
    trackingNumber: { type: String },
    trackingUrl: { type: String },
    /** A courier's scan recorded without a move ('out_for_delivery'), once per `scanKey`. */
    scan: { type: String, enum: [...COURIER_SCANS, null] },
    scanKey: { type: String },
  },
  { _id: false },
);
const totalsSchema = new Schema(
  {
    itemsTotal: paise,
    mrpTotal: paise,
    discount: paise,
    couponDiscount: { type: Number, default: 0 },
    shipping: paise,
    codFee: { type: Number, default: 0 },
    grandTotal: paise,
    taxableValue: paise,
    cgst: paise,
    sgst: paise,
    igst: paise,
    taxTotal: paise,
  },
  { _id: false },
);

const shippingTaxSchema = new Schema(
  { amount: paise, rate: { type: Number, required: true }, ...taxFields },
  { _id: false },
);

/**
 * An order as priced by the server from packages/catalog at the moment it was placed: the lines,
 * the tax split and the totals are stored, never recomputed later, so the record and the invoice
 * stay what the shopper agreed to even if prices change.
 */
export const orderSchema = new Schema(
  {
    userId: { type: Schema.Types.ObjectId, required: true },
    orderNumber: { type: String, required: true, unique: true },
    status: { type: String, enum: ORDER_STATUSES, required: true, default: 'pending_payment' },
    /** Client key (Idempotency-Key header) or a random one: one order per (userId, key). */
    idempotencyKey: { type: String, required: true },
    requestHash: { type: String, required: true },
    firstName: { type: String, required: true },
    lastName: { type: String, required: true },
    email: { type: String, required: true },
    phone: { type: String, required: true },
    address: { type: String, required: true },
    city: { type: String, required: true },
    state: { type: String, required: true },
    pinCode: { type: String, required: true },
    country: { type: String, required: true, default: 'IN' },
    paymentMethod: { type: String, required: true },
    gstNumber: { type: String, default: '' },
    /** The shopper asked for order updates by WhatsApp rather than SMS. */
    whatsappUpdates: { type: Boolean, default: false },
    cartSummary: { type: String, required: true },
    deliveryState: { type: String, required: true },
    supply: { type: String, enum: ['intra-state', 'inter-state'], required: true },
    lines: { type: [lineSchema], required: true },
    totals: { type: totalsSchema, required: true },
    shippingTax: { type: shippingTaxSchema, required: true },
    /** The cash-on-delivery fee's taxed line; null for prepaid orders. */
    codFeeTax: { type: shippingTaxSchema, default: null },
    /** The coupon the order took a use of; null without one. */
    coupon: {
      type: new Schema({ code: { type: String, required: true }, discount: paise }, { _id: false }),
      default: null,
    },
    /**
     * The single products' units this order took from stock when placed (modules/stock): 'held'
     * until it is paid or confirmed ('sold'), or given back ('released'). Each turn is one update
     * guarded on the state, so units are sold or given back once. Null on orders from before
     * stock was counted.
     */
    reservation: {
      type: new Schema(
        {
          items: {
            type: [
              new Schema(
                {
                  productId: { type: String, required: true },
                  quantity: { type: Number, required: true },
                },
                { _id: false },
              ),
            ],
            required: true,
          },
          state: { type: String, enum: RESERVATION_STATES, required: true },
          /**
           * The states turned to whose moves of units may not all be made yet: pushed with the
           * turn, pulled once its moves are made; the ledger job finishes what a dead process
           * left (stock-ledger in services.ts).
           */
          unsettled: { type: [{ type: String, enum: RESERVATION_STATES }], default: undefined },
        },
        { _id: false },
      ),
      default: null,
    },
    /** Cash on delivery: 'due' until delivered, then 'collected'; null for prepaid orders. */
    codStatus: { type: String, enum: ['due', 'collected', null], default: null },
    /**
     * The SMS code that confirms a cash-on-delivery order, stored as an HMAC; tries are counted
     * by a guarded `$inc` on this document, so parallel guesses get no more than the limit.
     */
    codCode: {
      type: new Schema(
        {
          hash: { type: String, required: true },
          sentAt: { type: Date, required: true },
          expiresAt: { type: Date, required: true },
          attempts: { type: Number, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
    provider: { type: String, enum: ['razorpay', 'test'], required: true },
    providerOrderId: { type: String, default: null },
    paymentId: { type: String, default: null },
    paidAt: { type: Date, default: null },
    failureReason: { type: String, default: null },
    invoiceNumber: { type: String, default: null },
    invoiceDate: { type: Date, default: null },
    confirmationMailedAt: { type: Date, default: null },
    deliveredAt: { type: Date, default: null },
    /** When the buyer was asked for a review (a week after delivery); null until then. */
    reviewRequestedAt: { type: Date, default: null },

    /** The timeline the shopper sees: placed, then every move (see order-lifecycle.ts). */
    events: { type: [eventSchema], default: [] },
    /**
     * A captured payment the shop would not accept (its amount is not the order's grandTotal): the
     * order stays unpaid and the owner decides. Null when there is none.
     */
    paymentHold: {
      type: new Schema(
        {
          paymentId: { type: String, required: true },
          amount: { type: Number, required: true },
          at: { type: Date, required: true },
        },
        { _id: false },
      ),
      default: null,
    },
  },
  { timestamps: true, collection: 'orders' },
);
orderSchema.index({ userId: 1, idempotencyKey: 1 }, { unique: true });
// The shopper's orders and invoices, newest first, a page at a time.
orderSchema.index({ userId: 1, createdAt: -1, _id: -1 });
// Reconciliation pages through orders by state, oldest first.
orderSchema.index({ status: 1, createdAt: 1, _id: 1 });
orderSchema.index({ providerOrderId: 1 });
// Reservations turned whose moves of units a dead process may have left unmade, oldest first.
orderSchema.index({ 'reservation.unsettled': 1, createdAt: 1, _id: 1 });
// Paid orders whose invoice or confirmation is missing.
orderSchema.index({ confirmationMailedAt: 1, paymentId: 1, createdAt: 1 });
// The GST export reads invoices by date.
orderSchema.index({ invoiceDate: 1 });
// The owner's search: by email, phone, or a name (its index scanned for the pattern).
orderSchema.index({ email: 1, createdAt: -1 });
orderSchema.index({ phone: 1, createdAt: -1 });
orderSchema.index({ firstName: 1 });
orderSchema.index({ lastName: 1 });
orderSchema.index({ createdAt: -1 });
// Delivered orders whose buyer has not been asked for a review yet, oldest first.
orderSchema.index({ status: 1, reviewRequestedAt: 1, createdAt: 1, _id: 1 });
// A shopper's cash-on-delivery orders not yet delivered (at most two at a time).
orderSchema.index({ userId: 1, paymentMethod: 1, status: 1 });

export type OrderDoc = InferSchemaType<typeof orderSchema> & {
  _id: Types.ObjectId;
  createdAt: Date;
  updatedAt: Date;
};
export const OrderModel = mongoose.model('Order', orderSchema);

/** What a new order is made of: everything but the fields every new order starts with. */
export type NewOrder = Pick<
  OrderDoc,
  | 'userId'
  | 'orderNumber'
  | 'idempotencyKey'
  | 'requestHash'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'state'
  | 'pinCode'
  | 'country'
  | 'paymentMethod'
  | 'gstNumber'
  | 'whatsappUpdates'
  | 'cartSummary'
  | 'deliveryState'
  | 'supply'
  | 'provider'
  | 'providerOrderId'
> & {
  _id?: Types.ObjectId;
  /** pending_payment (prepaid) or pending_confirmation (cash on delivery). */
  status: 'pending_payment' | 'pending_confirmation';
  lines: PricedLine[];
  totals: Omit<PricedCart, 'lines' | 'shippingTax' | 'codFeeTax' | 'supply'>;
  shippingTax: ShippingTax;
  codFeeTax: ShippingTax | null;
  coupon: { code: string; discount: number } | null;
  reservation: { items: { productId: string; quantity: number }[]; state: 'held' } | null;
  codStatus: 'due' | null;
  codCode: { hash: string; sentAt: Date; expiresAt: Date; attempts: number } | null;
};

/** Stores a new order, its timeline opened by the shopper in its first state. */
export async function insertNewOrder(order: NewOrder, at: Date): Promise<OrderDoc> {
  const created = await OrderModel.create({
    ...order,
    events: [{ status: order.status, at, by: 'shopper' }],
  });
  return created.toObject() as OrderDoc;
}
