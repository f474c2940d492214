import { DocumentNumberModel } from '../modules/invoices/document-number.model';
import { INVOICES } from '../modules/invoices/invoice-number';
import type { Series } from '../modules/invoices/invoice-number';

/** Every issued number of a financial year with what it numbers, in number order. */
export async function issuedNumbers(
  fy: string,
  series: Series = INVOICES,
): Promise<{ number: string; documentId: string }[]> {
  const rows = await DocumentNumberModel.find({ series, fy })
    .sort({ seq: 1 })
    .lean<{ _id: string; documentId: string }[]>();
  return rows.map((r) => ({ number: r._id, documentId: r.documentId }));
}
