import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';

/**
 * Exactly-once decisions that hold on MongoDB 7 and on FerretDB 1.x alike.
 *
 * FerretDB (SQLite) does not apply conditional updates atomically: eight concurrent
 * `updateOne({ _id, status: 'pending' }, { $set: { status: 'paid' } })` all report a match, and
 * concurrent `$inc`s lose updates. An insert into a unique index is the one write both servers make
 * atomic, so "only one caller may do this" is decided by inserting a claim document whose _id names
 * the decision: the caller whose insert succeeds won.
 */
const claimSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** What the winner decided (an invoice number, say), for the others to read. */
    value: { type: String, default: null },
  },
  { versionKey: false, timestamps: { createdAt: true, updatedAt: false }, collection: 'claims' },
);
export const ClaimModel = mongoose.model('Claim', claimSchema);

/** True for exactly one caller per key, however many try at once. */
export async function claimOnce(key: string, value: string | null = null): Promise<boolean> {
  try {
    await ClaimModel.create({ _id: key, value });
    return true;
  } catch (err) {
    if (isDuplicateKey(err)) return false;
    throw err;
  }
}

/** Gives a claim up (its work failed and may be retried). */
export async function releaseClaim(key: string): Promise<void> {
  await ClaimModel.deleteOne({ _id: key });
}

export async function readClaim(
  key: string,
): Promise<{ value: string | null; createdAt: Date } | null> {
  return ClaimModel.findById(key).lean<{ value: string | null; createdAt: Date }>();
}

export async function setClaimValue(key: string, value: string): Promise<void> {
  await ClaimModel.updateOne({ _id: key }, { $set: { value } });
}

/**
 * Claims the first free numbered slot `${prefix}:${n}` with n from `from` to `to`; answers n, or
 * undefined when every slot is taken. Bounded counting without $inc: each slot is one insert.
 */
export async function claimSlot(
  prefix: string,
  from: number,
  to: number,
): Promise<number | undefined> {
  for (let n = from; n <= to; n += 1) {
    if (await claimOnce(`${prefix}:${n}`)) return n;
  }
  return undefined;
}
