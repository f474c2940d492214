import { randomBytes } from 'node:crypto';
import { brand } from '@vanya/catalog';
import {
  ClaimModel,
  claimAs,
  claimsBoundTo,
  readClaim,
  setClaimValue,
} from '../../platform/db/claims';
import { withDbRetry } from '../../platform/db/retry';

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const SEQ_DIGITS = 6;
const NUMBER = /^[A-Z]+\/\d\d-\d\d\/\d{6}$/;

/** A consecutive series of documents: tax invoices, and credit notes for money given back. */
export interface Series {
  /** Claims of the series' numbers: `<slots><fy>:<seq>`, valued with what the number is for. */
  slots: string;
  /** Claims of who is numbering a document: `<holds><for>:<generation>`. */
  holds: string;
  /** What the printed number starts with: 'VNY' gives 'VNY/26-27/000001'. */
  prefix: string;
}
export const INVOICES: Series = {
  slots: 'invoice-number:',
  holds: 'invoice-for:',
  prefix: brand.orderPrefix,
};
export const CREDIT_NOTES: Series = {
  slots: 'credit-note-number:',
  holds: 'credit-note-for:',
  prefix: 'CN',
};

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
  /** When the number was claimed: the invoice's date, so dates rise with the numbers. */
  date: Date;
}

const slotKey = (series: Series, fy: string, seq: number) =>
  `${series.slots}${fy}:${String(seq).padStart(SEQ_DIGITS, '0')}`;
const numberOfSlot = (series: Series, key: string) => {
  const [fy, seq] = key.slice(series.slots.length).split(':');
  return `${series.prefix}/${fy}/${seq}`;
};
const slotOfNumber = (series: Series, number: string) => {
  const [, fy, seq] = number.split('/');
  return `${series.slots}${fy}:${seq}`;
};

/**
 * The last number this process claimed, per financial year. Where to start trying: the one read of
 * the series (a scan on FerretDB) happens once per process and year, and a number claimed by
 * another process meanwhile only costs one refused insert.
 */
const lastClaimed = new Map<string, number>();

/**
 * Claims the next number of the financial year's consecutive series for `orderId`. The slot's
 * insert carries the order id, so a number is bound to its order in the same atomic write that
 * takes it: a number can never be taken and then belong to nobody, whatever dies afterwards.
 */
async function claimNextSlot(series: Series, owner: string, at: Date): Promise<IssuedNumber> {
  const fy = financialYear(at);
  // Per database too: tests run several databases in one process.
  const cacheKey = `${ClaimModel.db.name}|${series.slots}${fy}`;
  let last = lastClaimed.get(cacheKey);
  if (last === undefined) {
    const found = await withDbRetry(() =>
      ClaimModel.findOne({ _id: new RegExp(`^${series.slots}${fy}:`) })
        .sort({ _id: -1 })
        .lean<{ _id: string }>(),
    );
    last = found ? Number(found._id.slice(`${series.slots}${fy}:`.length)) : 0;
  }
  let seq = last + 1;
  while (!(await claimAs(slotKey(series, fy, seq), owner))) seq += 1;
  lastClaimed.set(cacheKey, Math.max(seq, lastClaimed.get(cacheKey) ?? 0));
  return slotIssued(series, slotKey(series, fy, seq));
}

async function slotIssued(series: Series, key: string): Promise<IssuedNumber> {
  const slot = await readClaim(key);
  return { number: numberOfSlot(series, key), date: slot?.createdAt ?? new Date() };
}

/**
 * The invoice number of a paid order: the one already bound to it, or the next of the series.
 *
 * One numberer per order at a time: the numberer holds `invoice-for:<order>:<generation>`, claims a
 * slot bound to the order, then writes the number into its hold, where everyone else reads it. A
 * hold without a number is dead when it is this process's (`instance`: the caller numbers an order
 * once at a time, so that attempt failed) or older than `staleAfterMs` (another process that died:
 * two minutes in production, far longer than numbering takes a live one). The next caller then looks
 * for a slot already bound to the order (the holder died after claiming it) and issues that, or
 * takes the next generation of the hold and numbers the order itself. Answers undefined while another
 * caller is numbering the order (it will finish, or the next caller after it).
 */
export async function issueInvoiceNumber(
  orderId: string,
  options: { now?: Date; staleAfterMs: number; instance: string; series?: Series },
): Promise<IssuedNumber | undefined> {
  const series = options.series ?? INVOICES;
  const now = options.now ?? new Date();
  const mine = `numbering:${options.instance}:`;
  for (let generation = 0; generation < 20; generation += 1) {
    const key = `${series.holds}${orderId}:${generation}`;
    if (await claimAs(key, `${mine}${randomBytes(8).toString('hex')}`)) {
      const issued = await claimNextSlot(series, orderId, now);
      await setClaimValue(key, issued.number);
      return issued;
    }
    const hold = await readClaim(key);
    if (!hold) continue;
    if (hold.value && NUMBER.test(hold.value))
      return slotIssued(series, slotOfNumber(series, hold.value));
    // A hold of this process is dead (its caller never numbers one order twice at once, so that
    // attempt failed); another process's is alive until it is stale.
    const dead =
      hold.value?.startsWith(mine) ||
      now.getTime() - hold.createdAt.getTime() >= options.staleAfterMs;
    if (!dead) return undefined;
    // The holder died. If after claiming a slot, that slot is the order's number (a scan, but
    // only in recovery); if before, the next generation takes over.
    const bound = await claimsBoundTo(series.slots, orderId);
    if (bound[0]) {
      const issued = await slotIssued(series, bound[0]._id);
      await setClaimValue(key, issued.number);
      return issued;
    }
  }
  throw new Error(`Invoice numbering for order ${orderId} was abandoned 20 times`);
}

/** Every issued number of a financial year with its order id, in number order (checks and exports). */
export async function issuedNumbers(
  fy: string,
  series: Series = INVOICES,
): Promise<{ number: string; orderId: string }[]> {
  const slots = await ClaimModel.find({ _id: new RegExp(`^${series.slots}${fy}:`) })
    .sort({ _id: 1 })
    .lean<{ _id: string; value: string | null }[]>();
  return slots.map((s) => ({ number: numberOfSlot(series, s._id), orderId: s.value ?? '' }));
}
