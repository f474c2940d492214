import mongoose, { Schema } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../shared/db/duplicate-key';

/**
 * One document per shopper, keyed by the user's id, listing the ids of their orders, returns and
 * tickets in the order they were made (oldest first; read newest first). The signed-in reads
 * (`GET /orders`, `/invoices`, `/returns`, `/tickets`) read this document and then each item by
 * its `_id` alone: the two reads whose cost does not grow with the shop, as the embedded FerretDB
 * hands SQLite only a filter on `_id` alone and scans the whole collection for anything else.
 *
 * An id is added with `$addToSet` before the item is written, so a crash between the two leaves
 * an id without an item (skipped when read), never an item the shopper cannot see; a retry adds
 * the same id again, which `$addToSet` keeps once.
 */
export const PROFILE_KINDS = ['orders', 'returns', 'tickets'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

const profileIndexSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    orders: { type: [Schema.Types.ObjectId], default: [] },
    returns: { type: [Schema.Types.ObjectId], default: [] },
    tickets: { type: [Schema.Types.ObjectId], default: [] },
  },
  { collection: 'profile_index', versionKey: false },
);
export const ProfileIndexModel = mongoose.model('ProfileIndex', profileIndexSchema);

type ProfileIndexDoc = { _id: Types.ObjectId } & Partial<Record<ProfileKind, Types.ObjectId[]>>;

const ADD_ATTEMPTS = 5;

/** The additions under way in this process, per user: each waits for the one before. */
const queues = new Map<string, Promise<unknown>>();

/**
 * Adds `id` to the user's list of `kind`. FerretDB 1.x applies an update as a read and a write, so
 * two updates of one document at once can lose one of them (MongoDB applies `$addToSet`
 * atomically). In this process a user's additions therefore run one at a time, and each reads the
 * list back and adds the id again until it is there. Two API processes adding to one shopper's
 * list in the same instant can still lose an id on FerretDB: the order stays readable by its id,
 * and placing it again with its Idempotency-Key adds it back.
 */
export function rememberItem(
  userId: Types.ObjectId,
  kind: ProfileKind,
  id: Types.ObjectId,
): Promise<void> {
  const key = String(userId);
  const run = (queues.get(key) ?? Promise.resolve())
    .catch(() => undefined)
    .then(() => addUntilStored(userId, kind, id));
  queues.set(key, run);
  void run
    .finally(() => {
      if (queues.get(key) === run) queues.delete(key);
    })
    .catch(() => undefined);
  return run;
}

async function addUntilStored(
  userId: Types.ObjectId,
  kind: ProfileKind,
  id: Types.ObjectId,
): Promise<void> {
  for (let attempt = 0; attempt < ADD_ATTEMPTS; attempt += 1) {
    // One findAndModify by _id that answers the list (measured on the embedded FerretDB: finding
    // by _id stays flat as the collection grows; a write that changes a document does not).
    let stored: ProfileIndexDoc | null = null;
    try {
      stored = await ProfileIndexModel.findOneAndUpdate(
        { _id: userId },
        { $addToSet: { [kind]: id } },
        { upsert: true, returnDocument: 'after' },
      ).lean<ProfileIndexDoc>();
    } catch (err) {
      // Two first additions at once both upsert; the one refused adds again on the next round.
      if (!isDuplicateKey(err)) throw err;
    }
    // Read back: a concurrent update of the same document may have written over this one.
    if (stored)
      stored = await ProfileIndexModel.findById(userId, { [kind]: 1 }).lean<ProfileIndexDoc>();
    if (stored?.[kind]?.some((x) => x.equals(id))) return;
  }
  throw new Error(`Could not record ${kind} ${String(id)} for user ${String(userId)}`);
}

/** Seeding and tests: the whole document, written at once. */
export function profileIndexDocument(
  userId: Types.ObjectId,
  lists: Partial<Record<ProfileKind, Types.ObjectId[]>>,
): ProfileIndexDoc {
  return { _id: userId, orders: [], returns: [], tickets: [], ...lists };
}

/** The user's ids of `kind`, newest first. */
export async function itemIds(
  userId: Types.ObjectId,
  kind: ProfileKind,
): Promise<Types.ObjectId[]> {
  const stored = await ProfileIndexModel.findById(userId, { [kind]: 1 }).lean<ProfileIndexDoc>();
  return [...(stored?.[kind] ?? [])].reverse();
}

export interface PageQuery {
  limit: number;
  /** The id of the last item of the previous page: the page starts after it. */
  before?: string | undefined;
}

/** The ids after `before` (all of them when it is absent or not in the list). */
export function idsAfter(ids: Types.ObjectId[], before: string | undefined): Types.ObjectId[] {
  if (!before) return ids;
  const key = before.toLowerCase();
  const at = ids.findIndex((x) => String(x) === key);
  return at < 0 ? [] : ids.slice(at + 1);
}

/**
 * Reads items by `_id` alone and keeps those that are the user's: an id whose item was never
 * written (a crash between the two writes) or belongs to someone else is skipped.
 */
export async function readOwned<T extends { userId: Types.ObjectId }>(
  ids: Types.ObjectId[],
  read: (id: Types.ObjectId) => Promise<T | null>,
  userId: Types.ObjectId,
): Promise<T[]> {
  const items: (T | null)[] = await Promise.all(ids.map((id) => read(id)));
  return items.filter((x): x is T => x !== null && x.userId.equals(userId));
}

/**
 * One page of the user's items of `kind`, newest first: `limit` ids after `before`, each read by
 * its `_id` and checked for ownership in code. `keep` filters (invoices are orders with a number);
 * with it, ids are read in chunks until the page is full.
 */
export async function pageOfItems<T extends { userId: Types.ObjectId }>(
  userId: Types.ObjectId,
  kind: ProfileKind,
  page: PageQuery,
  read: (id: Types.ObjectId) => Promise<T | null>,
  keep: (item: T) => boolean = () => true,
): Promise<T[]> {
  let rest = idsAfter(await itemIds(userId, kind), page.before);
  const out: T[] = [];
  while (out.length < page.limit && rest.length > 0) {
    const chunk = rest.slice(0, page.limit - out.length);
    rest = rest.slice(chunk.length);
    out.push(...(await readOwned(chunk, read, userId)).filter(keep));
  }
  return out;
}
