import { taxBreakdown } from '@vanya/catalog';
import type { Supply } from '@vanya/catalog';
import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import type { OrderDoc } from '../orders/order.model';
import { CREDIT_NOTES, issueNumber } from './invoice-number';

/** SAC of courier services, for a shipping charge on an invoice or a credit note. */
export const SHIPPING_SAC = '996812';

const noteLineSchema = new Schema(
  {
    hsn: { type: String, required: true },
    name: { type: String, required: true },
    rate: { type: Number, required: true },
    /** Units given back: the whole line's for a whole refund, 0 for a part of the money only. */
    quantity: { type: Number, required: true },
    amount: { type: Number, required: true },
    taxableValue: { type: Number, required: true },
    cgst: { type: Number, required: true },
    sgst: { type: Number, required: true },
    igst: { type: Number, required: true },
  },
  { _id: false },
);

/**
 * A GST credit note: money given back on an invoice (a cancelled or refunded order, a return). Its
 * tax figures are fixed when it is issued, so the GST export sums stored figures, to the paisa.
 * The _id is the refund's idempotency key: one note per refund, however often it is asked for.
 */
const creditNoteSchema = new Schema(
  {
    _id: { type: String, required: true },
    number: { type: String, required: true },
    date: { type: Date, required: true },
    orderId: { type: Schema.Types.ObjectId, required: true, index: true },
    orderNumber: { type: String, required: true },
    invoiceNumber: { type: String, required: true },
    invoiceDate: { type: Date, required: true },
    buyerName: { type: String, required: true },
    gstNumber: { type: String, default: '' },
    deliveryState: { type: String, required: true },
    supply: { type: String, enum: ['intra-state', 'inter-state'], required: true },
    amount: { type: Number, required: true },
    reason: { type: String, required: true },
    lines: { type: [noteLineSchema], required: true },
  },
  { versionKey: false, timestamps: true, collection: 'credit_notes' },
);
creditNoteSchema.index({ date: 1 });
export const CreditNoteModel = mongoose.model('CreditNote', creditNoteSchema);

export type CreditNoteDoc = {
  _id: string;
  number: string;
  date: Date;
  orderNumber: string;
  invoiceNumber: string;
  invoiceDate: Date;
  buyerName: string;
  gstNumber: string;
  deliveryState: string;
  supply: Supply;
  amount: number;
  reason: string;
  lines: {
    hsn: string;
    name: string;
    rate: number;
    quantity: number;
    amount: number;
    taxableValue: number;
    cgst: number;
    sgst: number;
    igst: number;
  }[];
};

/** The invoice's own taxed lines: its goods, and shipping when it was charged. */
export function invoiceLines(order: OrderDoc): CreditNoteDoc['lines'] {
  const lines = order.lines.map((l) => ({
    hsn: l.hsn,
    name: l.name,
    rate: l.gstRate,
    quantity: l.quantity,
    amount: l.amount,
    taxableValue: l.taxableValue,
    cgst: l.cgst,
    sgst: l.sgst,
    igst: l.igst,
  }));
  const shipping = order.shippingTax;
  if (shipping && shipping.amount > 0)
    lines.push({
      hsn: SHIPPING_SAC,
      name: 'Shipping',
      rate: shipping.rate,
      quantity: 1,
      amount: shipping.amount,
      taxableValue: shipping.taxableValue,
      cgst: shipping.cgst,
      sgst: shipping.sgst,
      igst: shipping.igst,
    });
  return lines;
}

/**
 * What `amount` paise given back on the order consists of: the invoice's lines as they were when
 * it is all of it; otherwise the amount shared over the lines in proportion to their amounts
 * (largest remainder, so the parts add up to the paisa), each part taxed at its line's rate.
 */
export function creditLines(order: OrderDoc, amount: number): CreditNoteDoc['lines'] {
  const lines = invoiceLines(order);
  const total = lines.reduce((sum, l) => sum + l.amount, 0);
  if (amount >= total) return lines;
  const shares = lines.map((l) => (amount * l.amount) / total);
  const parts = shares.map(Math.floor);
  let left = amount - parts.reduce((a, b) => a + b, 0);
  const byRemainder = shares
    .map((share, i) => ({ i, rest: share - Math.floor(share) }))
    .sort((a, b) => b.rest - a.rest);
  for (const { i } of byRemainder) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return lines
    .map((l, i) => {
      const part = parts[i]!;
      const tax = taxBreakdown(part, l.rate, order.supply as Supply);
      return {
        hsn: l.hsn,
        name: l.name,
        rate: l.rate,
        quantity: 0,
        amount: part,
        taxableValue: tax.taxableValue,
        cgst: tax.cgst,
        sgst: tax.sgst,
        igst: tax.igst,
      };
    })
    .filter((l) => l.amount > 0);
}

/**
 * Issues the credit note of a refund once (its key is the refund's key): numbered in its own
 * consecutive series, 'CN/26-27/000001', the number bound to the key in the insert that takes it,
 * so a note whose issuer died is issued with that number by the next caller.
 */
export async function issueCreditNote(
  order: OrderDoc,
  refund: { key: string; amount: number; reason: string },
  now: () => Date = () => new Date(),
): Promise<CreditNoteDoc> {
  const existing = await withDbRetry(() =>
    CreditNoteModel.findById(refund.key).lean<CreditNoteDoc>(),
  );
  if (existing) return existing;
  if (!order.invoiceNumber || !order.invoiceDate)
    throw new Error(`Order ${order.orderNumber} has no invoice to credit`);
  const issued = await issueNumber(CREDIT_NOTES, refund.key, now);
  const note: CreditNoteDoc = {
    _id: refund.key,
    number: issued.number,
    date: issued.date,
    orderNumber: order.orderNumber,
    invoiceNumber: order.invoiceNumber,
    invoiceDate: order.invoiceDate,
    buyerName: `${order.firstName} ${order.lastName}`,
    gstNumber: order.gstNumber ?? '',
    deliveryState: order.deliveryState,
    supply: order.supply as Supply,
    amount: refund.amount,
    reason: refund.reason,
    lines: creditLines(order, refund.amount),
  };
  try {
    await withDbRetry(() => CreditNoteModel.create({ ...note, orderId: order._id }));
    return note;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    return (await CreditNoteModel.findById(refund.key).lean<CreditNoteDoc>())!;
  }
}
