import mongoose, { Schema } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';
import { withDbRetry } from './retry';

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
    value: { type: String, default: null, index: true },
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

/**
 * Like claimOnce, for decisions that must survive a flaky database: transient errors are retried,
 * and because a retried insert may meet its own earlier attempt (the first insert landed but its
 * answer was lost), a duplicate whose value is exactly `value` counts as won. So `value` must be
 * unique to this caller's decision (a payment id, a random token), never shared with a rival.
 */
export async function claimAs(key: string, value: string): Promise<boolean> {
  let tried = false;
  return withDbRetry(async () => {
    try {
      await ClaimModel.create({ _id: key, value });
      return true;
    } catch (err) {
      if (!isDuplicateKey(err)) {
        tried = true;
        throw err;
      }
      if (!tried) return false;
      const existing = await ClaimModel.findById(key).lean<{ value: string | null }>();
      return existing?.value === value;
    }
  });
}

/** The claims whose key starts with `prefix` and whose value is `value` (recovery only: a scan). */
export async function claimsBoundTo(
  prefix: string,
  value: string,
): Promise<{ _id: string; value: string; createdAt: Date }[]> {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return withDbRetry(() =>
    ClaimModel.find({ value, _id: new RegExp(`^${escaped}`) })
      .sort({ _id: 1 })
      .lean<{ _id: string; value: string; createdAt: Date }[]>(),
  );
}

/** Gives a claim up (its work failed and may be retried). */
export async function releaseClaim(key: string): Promise<void> {
  await ClaimModel.deleteOne({ _id: key });
}

export async function readClaim(
  key: string,
): Promise<{ value: string | null; createdAt: Date } | null> {
  return withDbRetry(() =>
    ClaimModel.findById(key).lean<{ value: string | null; createdAt: Date }>(),
  );
}

export async function setClaimValue(key: string, value: string): Promise<void> {
  await withDbRetry(() => ClaimModel.updateOne({ _id: key }, { $set: { value } }));
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
