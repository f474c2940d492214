import { randomBytes } from 'node:crypto';
import mongoose, { Schema, trusted } from 'mongoose';
import { isDuplicateKey } from './duplicate-key';

/**
 * A lease: which one of several API processes may do something alone (run the background jobs).
 * The holder renews it before it lapses; when the holder dies, it lapses and another process takes
 * it. One document per lease, taken or renewed by one guarded upsert: the filter matches only a
 * lease that is ours or has lapsed, and when it matches nothing the upsert's insert meets the
 * existing document's `_id` and fails, so exactly one process holds it at a time.
 */
const leaseSchema = new Schema(
  {
    _id: { type: String, required: true },
    holder: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false, collection: 'leases' },
);
export const LeaseModel = mongoose.model('Lease', leaseSchema);

export interface Lease {
  /** This process's name in the lease. */
  readonly holder: string;
  /** Takes or renews the lease; true while this process holds it. */
  hold(): Promise<boolean>;
  /** Gives it up at once (a clean shutdown), so another process need not wait for it to lapse. */
  release(): Promise<void>;
}

export function createLease(name: string, ttlMs: number, now: () => number = Date.now): Lease {
  const holder = `${process.pid}-${randomBytes(4).toString('hex')}`;
  return {
    holder,
    async hold() {
      try {
        const held = await LeaseModel.findOneAndUpdate(
          {
            _id: name,
            $or: [{ holder }, { until: trusted({ $lt: new Date(now()) }) }],
          },
          { $set: { holder, until: new Date(now() + ttlMs) } },
          { upsert: true, returnDocument: 'after' },
        ).lean<{ holder: string }>();
        return held?.holder === holder;
      } catch (err) {
        if (isDuplicateKey(err)) return false;
        throw err;
      }
    },
    async release() {
      await LeaseModel.deleteOne({ _id: name, holder });
    },
  };
}
