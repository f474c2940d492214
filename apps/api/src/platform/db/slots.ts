/**
 * Numbered slots: a row of documents whose `_id`s end in `#1`, `#2`, ... and are taken from 1
 * upwards by inserts (the unique `_id` refuses a slot already taken). What grows per visit
 * (rate-limit hits, a login history, a shopper's lists) is appended as slots rather than updated in
 * place: FerretDB applies an update as a read and a write, so two at once can lose one, while two
 * inserts of one `_id` never both land; and every step is a read or an insert by `_id`, which costs
 * the same however large the collection grows.
 */

export const slotId = (row: string, n: number) => `${row}#${n}`;

/**
 * The highest taken slot, up to `cap` (0 when none), found by reads by `_id`: from `hint` (a
 * number believed taken, 0 if unknown) by doubling the step while slots are taken, then halving.
 * About 2·log2(count) reads without a hint, two with a right one. Slots taken racing a delete can
 * leave a gap; the answer is then low, which costs the caller a refused insert, never a slot twice.
 */
export async function highestSlot(
  taken: (n: number) => Promise<boolean>,
  cap = Number.MAX_SAFE_INTEGER,
  hint = 0,
): Promise<number> {
  let low = 0; // known taken (0: none)
  let probe = 1;
  if (hint > 0 && hint <= cap && (await taken(hint))) {
    low = hint;
    probe = hint + 1;
  }
  let step = 1;
  while (probe <= cap && (await taken(probe))) {
    low = probe;
    step *= 2;
    probe = low + step;
  }
  let high = Math.min(probe - 1, cap); // the answer lies in [low, high]
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (await taken(mid)) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * What a process knows of its rows: the highest slot it took or saw taken, per row, for the
 * 10,000 rows used most recently (a hint that saves reads, never the truth).
 */
export function slotMemory(rowsKept = 10_000) {
  const rows = new Map<string, number>();
  return {
    get: (row: string): number | undefined => rows.get(row),
    set(row: string, n: number): void {
      rows.delete(row);
      rows.set(row, n);
      if (rows.size > rowsKept) rows.delete(rows.keys().next().value!);
    },
    /** Sets `n` unless the row is already known at or above it. */
    raise(row: string, n: number): void {
      if ((rows.get(row) ?? 0) < n) this.set(row, n);
    },
  };
}
