import mongoose, { Schema } from 'mongoose';
import type { Model, Types } from 'mongoose';
import { snapshotRow } from '../../platform/db/snapshots';

/**
 * Each shopper's lists of order, return and ticket ids, in the order they were made (oldest first;
 * read newest first). The signed-in reads (`GET /orders`, `/invoices`, `/returns`, `/tickets`) read
 * the list and then each item by its `_id` alone, the only filter the embedded FerretDB hands to
 * SQLite instead of scanning the collection.
 *
 * A list changes by appending a snapshot (platform/db/snapshots.ts): `profile_lists`, `_id` =
 * `<userId>:<kind>#<n>`, holding the whole list as of its n-th change (a superseded snapshot is
 * emptied once the next is in, so a list is stored once, not once per change). Placing an order
 * thus reads, inserts and updates by `_id` only, and two additions at once, from one API process or
 * two, both land (two `$addToSet` updates of one document at once can lose one on FerretDB).
 *
 * An id is added before the item is written, so a crash between the two leaves an id without an
 * item (skipped when read), never an item the shopper cannot see; adding an id already listed
 * changes nothing. Lists kept earlier in one `profile_index` document per shopper are the start of
 * that shopper's first snapshot.
 */
export const PROFILE_KINDS = ['orders', 'returns', 'tickets'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

const profileListSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    kind: { type: String, enum: PROFILE_KINDS, required: true },
    ids: { type: [Schema.Types.ObjectId], default: [] },
    /** Set, with `ids` emptied, once the next snapshot is in. */
    superseded: Boolean,
  },
  { collection: 'profile_lists', versionKey: false },
);
export const ProfileListModel = mongoose.model('ProfileList', profileListSchema);

type ProfileListDoc = {
  _id: string;
  userId: Types.ObjectId;
  kind: ProfileKind;
  ids: Types.ObjectId[];
};

/** The lists as they were kept before (one document per shopper): read, never written. */
const legacyIndexSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    orders: { type: [Schema.Types.ObjectId], default: [] },
    returns: { type: [Schema.Types.ObjectId], default: [] },
    tickets: { type: [Schema.Types.ObjectId], default: [] },
  },
  { collection: 'profile_index', versionKey: false },
);
export const LegacyProfileIndexModel = mongoose.model('ProfileIndex', legacyIndexSchema);
type LegacyIndexDoc = { _id: Types.ObjectId } & Partial<Record<ProfileKind, Types.ObjectId[]>>;

const lists = snapshotRow<ProfileListDoc>(ProfileListModel as unknown as Model<ProfileListDoc>, {
  ids: [],
});
const rowOf = (userId: Types.ObjectId, kind: ProfileKind) => `${String(userId)}:${kind}`;

async function legacyIds(userId: Types.ObjectId, kind: ProfileKind): Promise<Types.ObjectId[]> {
  const stored = await LegacyProfileIndexModel.findById(userId, {
    [kind]: 1,
  }).lean<LegacyIndexDoc>();
  return stored?.[kind] ?? [];
}

/** Adds `id` to the user's list of `kind` (once, however often it is added). */
export async function rememberItem(
  userId: Types.ObjectId,
  kind: ProfileKind,
  id: Types.ObjectId,
): Promise<void> {
  await lists.change(rowOf(userId, kind), async (current, n) => {
    const ids = n > 0 ? (current?.ids ?? []) : await legacyIds(userId, kind);
    return ids.some((x) => x.equals(id)) ? null : { userId, kind, ids: [...ids, id] };
  });
}

/** Seeding and tests: the user's list of `kind` as its first snapshot. */
export function profileListDocument(
  userId: Types.ObjectId,
  kind: ProfileKind,
  ids: Types.ObjectId[],
): ProfileListDoc {
  return { _id: `${rowOf(userId, kind)}#1`, userId, kind, ids };
}

/** The user's ids of `kind`, newest first. */
export async function itemIds(
  userId: Types.ObjectId,
  kind: ProfileKind,
): Promise<Types.ObjectId[]> {
  const { n, value } = await lists.read(rowOf(userId, kind));
  const ids = n > 0 ? (value?.ids ?? []) : await legacyIds(userId, kind);
  return [...ids].reverse();
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
