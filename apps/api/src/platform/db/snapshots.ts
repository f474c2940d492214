import type { Model } from 'mongoose';
import { byId } from './by-id';
import { isDuplicateKey } from './duplicate-key';
import { highestSlot, slotId, slotMemory } from './slots';

/** Marks an emptied slot, superseded by the next (its value fields hold `emptied`). */
const SUPERSEDED = 'superseded';
const isSuperseded = (doc: object | null | undefined) =>
  Boolean(doc && (doc as Record<string, unknown>)[SUPERSEDED]);

/**
 * A value that changes by appending, never by updating it in place: each change inserts the whole
 * new value as the row's next numbered slot (`_id` = `<row>#<n>`, platform/db/slots.ts) and the
 * highest slot is the current value. Reads, inserts and updates by `_id` are all it takes, so a
 * change costs the same however many rows the collection holds, and two changes at once cannot
 * lose one another (as two updates of one document can on FerretDB): the second's insert is
 * refused, and it builds again on the first. Each process remembers the latest slot it saw per
 * row, so a read is usually two lookups.
 *
 * A superseded slot stays (the search for the highest needs slots 1..n all taken), but emptied: the
 * change that took the next slot then sets the old one's value fields to `emptied` and marks it
 * `superseded`. A row thus holds its value once, not once per change (a login history of n
 * sign-ins kept n copies of up to 20 of them; a list of n ids about n²/2 ids). Only the writer of
 * slot n + 1 empties slot n, and nothing builds on slot n once n + 1 is taken, so no value is lost;
 * a read that met slot n emptied (n + 1 taken meanwhile) reads on from n + 1.
 */
export interface SnapshotRow<T> {
  /** The current value (null before the first change) and its slot number. */
  read(row: string): Promise<{ n: number; value: T | null }>;
  /**
   * Builds the next value from the current one (null: nothing to change) and appends it; answers
   * the value it built on and whether it wrote.
   */
  change(
    row: string,
    next: (current: T | null, n: number) => Promise<Omit<T, '_id'> | null> | Omit<T, '_id'> | null,
  ): Promise<{ n: number; previous: T | null; wrote: boolean }>;
}

const ATTEMPTS = 20;

/**
 * The slots are read and inserted by `_id` through the driver (by-id.ts): a snapshot is built whole
 * by the server's own code, and mongoose's casting and validation of every element (the twenty
 * sign-ins of a login history) would only add work to the request that appends it.
 */
export function snapshotRow<T extends { _id: string }>(
  model: Model<T>,
  /** What a superseded slot's value fields are set to, e.g. `{ events: [] }`. */
  emptied: Partial<Omit<T, '_id'>>,
): SnapshotRow<T> {
  const seen = slotMemory();
  const slots = byId<T>(model);
  const slotAt = (row: string, k: number) => slots.find(slotId(row, k));

  async function read(row: string): Promise<{ n: number; value: T | null }> {
    const found = new Map<number, T>();
    let n = await highestSlot(
      async (k) => {
        const doc = await slotAt(row, k);
        if (doc) found.set(k, doc);
        return doc !== null;
      },
      Number.MAX_SAFE_INTEGER,
      seen.get(row) ?? 0,
    );
    let value = found.get(n) ?? null;
    // Emptied after the search found n + 1 free: n + 1 has been taken since, so read on, a slot at
    // a time, to the first that holds its value. Each step moves forward however often others
    // append meanwhile, and an emptied value is never the answer. (Searching again, as reads did
    // before, could end on an emptied slot every time while others kept appending.)
    while (isSuperseded(value)) {
      const after = await slotAt(row, n + 1);
      // Cannot happen: the writer of slot n + 1 empties slot n only once it has written n + 1.
      if (!after) throw new Error(`snapshot ${row}: slot ${n} emptied, slot ${n + 1} missing`);
      n += 1;
      value = after;
    }
    if (n > 0) seen.set(row, n);
    return { n, value };
  }

  return {
    read,
    async change(row, next) {
      // From the slot this process saw last, one read: if another was appended since, the insert
      // is refused (or the slot reads emptied) and the next round reads properly.
      const hint = seen.get(row);
      const hinted = hint ? await slotAt(row, hint) : null;
      let guess = hint && hinted ? { n: hint, value: hinted } : null;
      for (let attempt = 1; ; attempt += 1) {
        const { n, value } = guess ?? (await read(row));
        guess = null;
        // Emptied (a stale guess, or a read outrun repeatedly): slot n + 1 is taken, read again.
        if (isSuperseded(value) && attempt < ATTEMPTS) continue;
        const built = await next(value, n);
        if (!built) return { n, previous: value, wrote: false };
        try {
          await slots.insert({ ...built, _id: slotId(row, n + 1) } as T);
          seen.set(row, n + 1);
          // Left full if this fails (the database gone, say): a copy too many, nothing lost.
          if (n > 0)
            await slots.set(slotId(row, n), { ...emptied, [SUPERSEDED]: true }).catch(() => {});
          return { n, previous: value, wrote: true };
        } catch (err) {
          // Another change took slot n + 1 first: build again on it.
          if (!isDuplicateKey(err) || attempt >= ATTEMPTS) throw err;
        }
      }
    },
  };
}
