import { withDbRetry } from '../../platform/db/retry';
import { background } from './stock-context';
import type { StockContext } from './stock-context';
import { mailLowStock } from './stock-mail';
import { makeMoves } from './stock-moves';
import type { Move } from './stock-moves';
import { StockItemModel } from './stock.model';
import type { StockItemDoc } from './stock.model';
import { mailWishes } from './stock-wishes';

/**
 * After counts changed: the catalogue is read again, the owners are mailed once when a product
 * fell to its low-stock level (a guarded flag, cleared when it rises above), and, when units came
 * back, whoever asked is told.
 */
export async function changed(
  ctx: StockContext,
  items: StockItemDoc[],
  rose: boolean,
): Promise<void> {
  ctx.state = undefined;
  for (const item of items) {
    if (item.available <= item.lowStockAt) {
      if (item.lowStockNotified) continue;
      const claimed = await withDbRetry(() =>
        StockItemModel.updateOne(
          { _id: item._id, lowStockNotified: false },
          { $set: { lowStockNotified: true } },
        ),
      );
      if (claimed.modifiedCount === 1) background(ctx, () => mailLowStock(ctx, item));
    } else if (item.lowStockNotified) {
      await withDbRetry(() =>
        StockItemModel.updateOne(
          { _id: item._id, lowStockNotified: true },
          { $set: { lowStockNotified: false } },
        ),
      );
    }
  }
  if (rose) background(ctx, () => mailWishes(ctx));
}

/** Makes each move (a refused one is logged: the counts cannot cover it) and tells changed(). */
export async function makeEach(ctx: StockContext, moves: Move[], rose: boolean): Promise<void> {
  const made: StockItemDoc[] = [];
  for (const move of moves) {
    const result = await makeMoves([move], new Date(ctx.now()));
    made.push(...result.made);
    if (result.refused)
      ctx.mail?.logger.error({ move: result.refused }, 'stock move refused: too few units');
  }
  await changed(ctx, made, rose);
}
