import { spreadInProportion, taxBreakdown } from '@vanya/catalog';
import type { Supply } from '@vanya/catalog';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import type { OrderDoc } from '../orders/order.model';
import { CreditNoteModel } from './credit-note.model';
import type { CreditNoteDoc } from './credit-note.model';
import { CREDIT_NOTES, issueNumber } from './invoice-number';

/** SAC of courier services, for a shipping charge on an invoice or a credit note. */
export const SHIPPING_SAC = '996812';

/**
 * The invoice's own taxed lines: its goods (each after its share of the coupon), and shipping and
 * the cash-on-delivery fee when they were charged.
 */
export function invoiceLines(order: OrderDoc): CreditNoteDoc['lines'] {
  const lines = order.lines.map((l) => ({
    hsn: l.hsn,
    name: l.name,
    rate: l.gstRate,
    quantity: l.quantity,
    amount: l.amount - (l.couponShare ?? 0),
    taxableValue: l.taxableValue,
    cgst: l.cgst,
    sgst: l.sgst,
    igst: l.igst,
  }));
  const fees: [string, OrderDoc['shippingTax'] | null | undefined][] = [
    ['Shipping', order.shippingTax],
    ['Cash on delivery fee', order.codFeeTax],
  ];
  for (const [name, fee] of fees)
    if (fee && fee.amount > 0)
      lines.push({
        hsn: SHIPPING_SAC,
        name,
        rate: fee.rate,
        quantity: 1,
        amount: fee.amount,
        taxableValue: fee.taxableValue,
        cgst: fee.cgst,
        sgst: fee.sgst,
        igst: fee.igst,
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
  const parts = spreadInProportion(
    amount,
    lines.map((l) => l.amount),
  );
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
    invoiceValue: order.totals.grandTotal,
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
