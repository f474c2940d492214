import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../shared/db/duplicate-key';
import { highestSlot, slotId } from '../../shared/db/slots';
import type { UserDoc } from './user.model';
import type { LoginEvent } from './user.view';

/** The sign-ins the profile lists, newest first. */
export const LOGIN_HISTORY_KEPT = 20;

/**
 * A shopper's recent sign-ins, kept out of the user document: a login appends a snapshot (the new
 * event followed by the previous snapshot's events, up to 20) as the user's next numbered slot,
 * `_id` = `<userId>#<n>` (shared/db/slots.ts). A login thus reads and inserts by `_id` only and
 * writes nothing to the user document, whose updates the embedded FerretDB pays for with a scan of
 * every user. The latest snapshot is the history; `n > 0` says the user has signed in before.
 * Accounts whose history was kept in the user document (`loginHistory`, `hasLoggedInBefore`) start
 * their first snapshot from it.
 */
const eventSchema = new Schema(
  { at: { type: Date, required: true }, ip: String, userAgent: String },
  { _id: false },
);
const snapshotSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    events: { type: [eventSchema], default: [] },
  },
  { collection: 'login_history', versionKey: false },
);
export const LoginHistoryModel = mongoose.model('LoginHistory', snapshotSchema);

type SnapshotDoc = { _id: string; userId: Types.ObjectId; events: LoginEvent[] };

export interface LoginHistory {
  events: LoginEvent[];
  hasLoggedInBefore: boolean;
}

/** The latest snapshot number seen per user in this process: with it a read costs two lookups. */
const seen = new Map<string, number>();
const SEEN_KEPT = 10_000;
function remember(userId: string, n: number) {
  seen.delete(userId);
  seen.set(userId, n);
  if (seen.size > SEEN_KEPT) seen.delete(seen.keys().next().value!);
}

async function latestSnapshot(userId: string): Promise<{ n: number; events: LoginEvent[] }> {
  const read = new Map<number, SnapshotDoc>();
  const n = await highestSlot(
    async (k) => {
      const doc = await LoginHistoryModel.findById(slotId(userId, k)).lean<SnapshotDoc>();
      if (doc) read.set(k, doc);
      return doc !== null;
    },
    Number.MAX_SAFE_INTEGER,
    seen.get(userId) ?? 0,
  );
  if (n > 0) remember(userId, n);
  return { n, events: read.get(n)?.events ?? [] };
}

const legacyEvents = (user: UserDoc): LoginEvent[] => user.loginHistory ?? [];

export async function readLoginHistory(user: UserDoc): Promise<LoginHistory> {
  const { n, events } = await latestSnapshot(String(user._id));
  return {
    events: n > 0 ? events : legacyEvents(user),
    hasLoggedInBefore: n > 0 || Boolean(user.hasLoggedInBefore),
  };
}

/**
 * Adds a sign-in and answers the history as it stood before it (so the caller can tell a first
 * sign-in). Two sign-ins at once each get their own slot; the later one's snapshot may miss the
 * other's event, never its own.
 */
export async function recordLogin(user: UserDoc, event: LoginEvent): Promise<LoginHistory> {
  const userId = String(user._id);
  for (let attempt = 1; ; attempt += 1) {
    const { n, events } = await latestSnapshot(userId);
    const previous = n > 0 ? events : legacyEvents(user);
    try {
      await LoginHistoryModel.create({
        _id: slotId(userId, n + 1),
        userId: user._id,
        events: [event, ...previous].slice(0, LOGIN_HISTORY_KEPT),
      });
      remember(userId, n + 1);
      return { events: previous, hasLoggedInBefore: n > 0 || Boolean(user.hasLoggedInBefore) };
    } catch (err) {
      if (!isDuplicateKey(err) || attempt >= 10) throw err;
    }
  }
}
