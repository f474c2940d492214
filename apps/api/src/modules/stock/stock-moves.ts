import type { StockMoveKind } from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { StockItemModel, StockMoveModel } from './stock.model';
import type { RecentMove, StockItemDoc } from './stock.model';

/** A change of one product's counts, with what the ledger says of it. */
export interface Move {
  /** The line's `_id`: `<order>:<kind>:<product>` for an order's move (see moveKey). */
  key: string;
  productId: string;
  kind: StockMoveKind;
  /** The change to the units on hand. */
  change: number;
  /** The change to the units held for orders. */
  reservedChange: number;
  reason: string;
  orderId: Types.ObjectId | null;
  by: string;
}

/** An order's move of one product happens once: its line's id names the three. */
export const moveKey = (orderId: Types.ObjectId, kind: StockMoveKind, productId: string) =>
  `${String(orderId)}:${kind}:${productId}`;

/** The guard that keeps every count at zero or above once the move is made. */
function guardOf(move: Move): Record<string, unknown> {
  const guard: Record<string, unknown> = {};
  const availableChange = move.change - move.reservedChange;
  if (availableChange < 0) guard.available = trusted({ $gte: -availableChange });
  if (move.change < 0) guard.onHand = trusted({ $gte: -move.change });
  if (move.reservedChange < 0) guard.reserved = trusted({ $gte: -move.reservedChange });
  return guard;
}

const lineOf = (move: Move, at: Date): RecentMove => ({
  _id: move.key,
  kind: move.kind,
  change: move.change,
  reservedChange: move.reservedChange,
  reason: move.reason,
  orderId: move.orderId,
  by: move.by,
  at,
});

/**
 * Makes one move: the counts' `$inc` and the push of its line onto the count's `recent` are one
 * write, guarded on the counts staying at zero or above and on the line not being there yet.
 * Answers the counts after it, or null when the guard refused it (too few units). A move already
 * made (a retried write that had reached the server) answers the counts as they are.
 */
export async function makeMove(move: Move, at: Date): Promise<StockItemDoc | null> {
  const made = await withDbRetry(() =>
    StockItemModel.findOneAndUpdate(
      { _id: move.productId, moveIds: trusted({ $ne: move.key }), ...guardOf(move) },
      {
        $inc: {
          onHand: move.change,
          reserved: move.reservedChange,
          available: move.change - move.reservedChange,
        },
        $push: { recent: lineOf(move, at), moveIds: move.key },
      },
      { returnDocument: 'after' },
    ).lean<StockItemDoc>(),
  );
  if (made) return made;
  return withDbRetry(() =>
    StockItemModel.findOne({ _id: move.productId, moveIds: move.key }).lean<StockItemDoc>(),
  );
}

/**
 * Copies lines into the ledger (`stock_moves`); one already there stays as it is, so copying
 * again is harmless.
 */
export async function copyToLedger(
  lines: readonly (RecentMove & { productId: string })[],
): Promise<void> {
  if (lines.length === 0) return;
  try {
    await withDbRetry(() => StockMoveModel.insertMany(lines, { ordered: false }));
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
  }
}

/**
 * Makes `moves` in turn and copies their lines to the ledger. Stops at the first the counts
 * refuse and answers it with the counts of those made; what was made stays made.
 */
export async function makeMoves(
  moves: readonly Move[],
  at: Date,
): Promise<{ made: StockItemDoc[]; refused?: Move }> {
  const made: StockItemDoc[] = [];
  const lines: (RecentMove & { productId: string })[] = [];
  for (const move of moves) {
    const item = await makeMove(move, at);
    if (!item) {
      await copyToLedger(lines);
      return { made, refused: move };
    }
    made.push(item);
    // The line as the count keeps it (a move made before keeps its first time).
    const line = item.recent?.find((r) => r._id === move.key) ?? lineOf(move, at);
    lines.push({ ...line, productId: move.productId });
  }
  await copyToLedger(lines);
  return { made };
}

/**
 * Makes whichever of `moves` are not in the ledger yet (finishing the work of a process that
 * died): a move whose line is in `stock_moves`, or still on its count, was made.
 */
export async function ensureMoves(moves: readonly Move[], at: Date): Promise<StockItemDoc[]> {
  if (moves.length === 0) return [];
  const inLedger = new Set(
    (
      await withDbRetry(() =>
        StockMoveModel.find({ _id: trusted({ $in: moves.map((m) => m.key) }) }, { _id: 1 }).lean<
          { _id: string }[]
        >(),
      )
    ).map((line) => line._id),
  );
  const made: StockItemDoc[] = [];
  for (const move of moves.filter((m) => !inLedger.has(m.key))) {
    const { made: items } = await makeMoves([move], at);
    made.push(...items);
  }
  return made;
}
