import type { Connection, mongo } from 'mongoose';
import { LOGIN_HISTORY_KEPT } from '../../modules/users/login-history';
import type { LoginEvent } from '../../modules/users/user.view';

/**
 * Moves data written by the API's earlier layouts into the one it uses now, once, at start-up
 * (index.ts, before it listens). Each step reads what the old layout left and ends by dropping or
 * unsetting it, so a step that finds nothing does nothing and a run cut short is finished by the
 * next. Works on the raw collections: the old layouts have no models any more.
 *
 * - Login history kept in the user document newest first (`loginHistory`) and then as snapshots in
 *   `login_history` (`_id` = `<userId>#<n>`, the highest unemptied n current): both become the
 *   user's bounded `recentLogins`, oldest first (users/login-history.ts).
 * - Rate-limit windows kept as numbered slot rows in `rate_limits` (`_id` = `<row>#<n>`, `key` =
 *   the row; a clear started a row `<window>@<k>`, recorded as slots of `<window>!cleared`): each
 *   live window's current count goes to its document in `rate_limit_windows`.
 * - `profile_lists`, `profile_index` (a shopper's ids of orders, returns and tickets) and
 *   `email_keys` (address -> account) are derivable: the items carry userId and createdAt, and the
 *   user its email. They are dropped.
 *
 * Answers the steps that found something to do.
 */
export async function migrateOldLayout(
  connection: Connection,
  now = Date.now(),
): Promise<string[]> {
  const db = connection.db;
  if (!db) throw new Error('migrateOldLayout: the connection is not open');
  const existing = new Set(
    (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name),
  );
  const done: string[] = [];
  if (await loginHistoryOnUsers(db)) done.push('users.loginHistory');
  if (existing.has('login_history')) {
    await loginHistorySnapshots(db);
    done.push('login_history');
  }
  if (existing.has('rate_limits')) {
    await rateLimitSlots(db, now);
    done.push('rate_limits');
  }
  for (const name of ['profile_lists', 'profile_index', 'email_keys'])
    if (existing.has(name)) {
      await db.dropCollection(name);
      done.push(name);
    }
  return done;
}

/** Oldest first, at most LOGIN_HISTORY_KEPT, from a list kept newest first. */
const recentFirstToKept = (events: LoginEvent[]) =>
  [...events].sort((a, b) => a.at.getTime() - b.at.getTime()).slice(-LOGIN_HISTORY_KEPT);

async function loginHistoryOnUsers(db: mongo.Db): Promise<boolean> {
  const users = db.collection('users');
  let found = false;
  const cursor = users.find(
    { loginHistory: { $exists: true } },
    { projection: { loginHistory: 1, hasLoggedInBefore: 1 } },
  );
  for await (const user of cursor) {
    found = true;
    const events = (user.loginHistory ?? []) as LoginEvent[];
    await users.updateOne(
      { _id: user._id },
      {
        $set: {
          recentLogins: recentFirstToKept(events),
          hasLoggedInBefore: Boolean(user.hasLoggedInBefore) || events.length > 0,
        },
        $unset: { loginHistory: '' },
      },
    );
  }
  return found;
}

/** The latest snapshot of each user's history wins over what the user document held. */
async function loginHistorySnapshots(db: mongo.Db): Promise<void> {
  const latest = new Map<string, { n: number; userId: unknown; events: LoginEvent[] }>();
  type Slot = { _id: string; userId: unknown; events?: LoginEvent[]; superseded?: boolean };
  for await (const slot of db.collection<Slot>('login_history').find({})) {
    if (slot.superseded) continue;
    const n = Number(slot._id.slice(slot._id.lastIndexOf('#') + 1));
    const key = String(slot.userId);
    if ((latest.get(key)?.n ?? 0) < n)
      latest.set(key, { n, userId: slot.userId, events: slot.events ?? [] });
  }
  const users = db.collection('users');
  for (const { userId, events } of latest.values())
    await users.updateOne(
      { _id: userId as never },
      { $set: { recentLogins: recentFirstToKept(events), hasLoggedInBefore: true } },
    );
  await db.dropCollection('login_history');
}

async function rateLimitSlots(db: mongo.Db, now: number): Promise<void> {
  const slots = new Map<string, number>();
  const windows = new Map<string, Date>();
  const live = { expiresAt: { $gt: new Date(now) } };
  for await (const slot of db.collection('rate_limits').find(live)) {
    const row = String(slot.key);
    slots.set(row, (slots.get(row) ?? 0) + 1);
    // `<window>`, `<window>@<k>` (hits after the k-th clear) or `<window>!cleared`; a window's id
    // ends in `:<its start>`, so an address's `@` is never taken for a clear's.
    const window = row.endsWith('!cleared')
      ? row.slice(0, -'!cleared'.length)
      : (/^(.*:\d+)@\d+$/.exec(row)?.[1] ?? row);
    windows.set(window, slot.expiresAt as Date);
  }
  const collection = db.collection<{ _id: string }>('rate_limit_windows');
  for (const [window, expiresAt] of windows) {
    // The window's hits since its latest clear: the row that clear started, else its own.
    const clears = slots.get(`${window}!cleared`) ?? 0;
    const count = slots.get(clears > 0 ? `${window}@${clears}` : window) ?? 0;
    await collection.updateOne({ _id: window }, { $set: { count, expiresAt } }, { upsert: true });
  }
  await db.dropCollection('rate_limits');
}
