import mongoose, { Schema } from 'mongoose';
import type { Model, Types } from 'mongoose';
import { snapshotRow } from '../../platform/db/snapshots';
import type { UserDoc } from './user.model';
import type { LoginEvent } from './user.view';

/** The sign-ins the profile lists, newest first. */
export const LOGIN_HISTORY_KEPT = 20;

/**
 * A shopper's recent sign-ins, kept out of the user document: a login appends a snapshot (the new
 * event followed by the previous snapshot's events, up to 20) as the user's next snapshot,
 * `_id` = `<userId>#<n>` (platform/db/snapshots.ts), and empties the one before it. A login thus
 * reads, inserts and updates by `_id` only and writes nothing to the user document (two sign-ins at
 * once both land, as two updates of the user document might not on FerretDB). The latest snapshot
 * is the history; `n > 0` says the user has signed in before. Accounts whose history was kept in
 * the user document (`loginHistory`, `hasLoggedInBefore`) start their first snapshot from it.
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
    /** Set, with `events` emptied, once the next snapshot is in. */
    superseded: Boolean,
  },
  { collection: 'login_history', versionKey: false },
);
export const LoginHistoryModel = mongoose.model('LoginHistory', snapshotSchema);

type SnapshotDoc = { _id: string; userId: Types.ObjectId; events: LoginEvent[] };

export interface LoginHistory {
  events: LoginEvent[];
  hasLoggedInBefore: boolean;
}

const snapshots = snapshotRow<SnapshotDoc>(LoginHistoryModel as unknown as Model<SnapshotDoc>, {
  events: [],
});

const legacyEvents = (user: UserDoc): LoginEvent[] => user.loginHistory ?? [];

export async function readLoginHistory(user: UserDoc): Promise<LoginHistory> {
  const { n, value } = await snapshots.read(String(user._id));
  return {
    events: n > 0 ? (value?.events ?? []) : legacyEvents(user),
    hasLoggedInBefore: n > 0 || Boolean(user.hasLoggedInBefore),
  };
}

/**
 * Adds a sign-in and answers the history as it stood before it (so the caller can tell a first
 * sign-in). Two sign-ins at once each get their own slot, the later built on the earlier.
 */
export async function recordLogin(user: UserDoc, event: LoginEvent): Promise<LoginHistory> {
  let previous: LoginEvent[] = [];
  const { n } = await snapshots.change(String(user._id), (current, k) => {
    previous = k > 0 ? (current?.events ?? []) : legacyEvents(user);
    return { userId: user._id, events: [event, ...previous].slice(0, LOGIN_HISTORY_KEPT) };
  });
  return { events: previous, hasLoggedInBefore: n > 0 || Boolean(user.hasLoggedInBefore) };
}
