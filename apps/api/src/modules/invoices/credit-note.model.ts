import type { Supply } from '@vanya/catalog';
import mongoose, { Schema } from 'mongoose';

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
    /** The credited invoice's value (GSTR-1 reports notes on B2C large invoices apart). */
    invoiceValue: { type: Number, default: null },
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
  invoiceValue?: number | null;
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
