import { brand } from '@vanya/catalog';
import { ClaimModel, claimOnce } from '../../shared/db/claims';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const SEQ_DIGITS = 6;

/** The Indian financial year (April to March, in IST) of a moment: '26-27' for 1 Apr 2026 - 31 Mar 2027. */
export function financialYear(at: Date): string {
  const ist = new Date(at.getTime() + IST_OFFSET_MS);
  const start = ist.getUTCMonth() >= 3 ? ist.getUTCFullYear() : ist.getUTCFullYear() - 1;
  const yy = (n: number) => String(n % 100).padStart(2, '0');
  return `${yy(start)}-${yy(start + 1)}`;
}

/**
 * The next number of the financial year's consecutive series, e.g. 'VNY/26-27/000001' (16
 * characters, the most the GST rules allow). Each number is a claimed slot, so two payments at the
 * same moment can never get the same number, and no number is skipped.
 */
export async function nextInvoiceNumber(at: Date): Promise<string> {
  const fy = financialYear(at);
  const prefix = `invoice-number:${fy}:`;
  const last = await ClaimModel.findOne({ _id: new RegExp(`^${prefix}`) })
    .sort({ _id: -1 })
    .lean<{ _id: string }>();
  let seq = last ? Number(last._id.slice(prefix.length)) + 1 : 1;
  while (!(await claimOnce(`${prefix}${String(seq).padStart(SEQ_DIGITS, '0')}`))) seq += 1;
  return `${brand.orderPrefix}/${fy}/${String(seq).padStart(SEQ_DIGITS, '0')}`;
}
