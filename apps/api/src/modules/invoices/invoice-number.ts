import { brand } from '@vanya/catalog';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { DocumentNumberModel } from './document-number.model';
import type { DocumentNumberDoc } from './document-number.model';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const SEQ_DIGITS = 6;
const ATTEMPTS = 50;

/** A consecutive series of documents: tax invoices, and credit notes for money given back. */
export type Series = string;
export const INVOICES: Series = brand.orderPrefix;
export const CREDIT_NOTES: Series = 'CN';

/** The Indian financial year (April to March, in IST) of a moment: '26-27' for 1 Apr 2026 - 31 Mar 2027. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

export interface IssuedNumber {
  /** 'VNY/26-27/000001': 16 characters, the most the GST rules allow. */
  number: string;
  date: Date;
}

export const formatNumber = (series: Series, fy: string, seq: number) =>
  `${series}/${fy}/${String(seq).padStart(SEQ_DIGITS, '0')}`;

/**
 * The number of `documentId` in the series: the one already bound to it, or the next of the
 * financial year's consecutive series. Two callers numbering one document at once get the same
 * number; two numbering different documents get consecutive ones.
 */
export async function issueNumber(
  series: Series,
  documentId: string,
  now: () => Date = () => new Date(),
): Promise<IssuedNumber> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const bound = await withDbRetry(() =>
      DocumentNumberModel.findOne({ series, documentId }).lean<DocumentNumberDoc>(),
    );
    if (bound) return { number: bound._id, date: bound.date };
    const at = now();
    const fy = financialYear(at);
    const last = await withDbRetry(() =>
      DocumentNumberModel.findOne({ series, fy }).sort({ seq: -1 }).lean<DocumentNumberDoc>(),
    );
    const seq = (last?.seq ?? 0) + 1;
    const number = formatNumber(series, fy, seq);
    try {
      await withDbRetry(() =>
        DocumentNumberModel.create({ _id: number, series, fy, seq, documentId, date: at }),
      );
      return { number, date: at };
    } catch (err) {
      // The number was just taken by another document, or this document was just numbered.
      if (!isDuplicateKey(err)) throw err;
    }
  }
  throw new Error(`Could not number ${documentId} in series ${series}`);
}
