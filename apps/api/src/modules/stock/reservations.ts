import { productsUsing, stockUnitsOf } from '@vanya/catalog';
import type { Catalogue, Product, StockUnits } from '@vanya/catalog';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { conflict } from '../../platform/errors/app-error';
import { OrderModel } from '../orders/order.model';
import { current } from './stock-answers';
import { changed, makeEach } from './stock-changes';
import { ensureCounts } from './stock-context';
import type { StockActor, StockContext } from './stock-context';
import { copyToLedger, ensureMoves, makeMoves, moveKey } from './stock-moves';
import type { Move } from './stock-moves';
import { StockItemModel, StockMoveModel } from './stock.model';
import type { StockItemDoc } from './stock.model';

export const outOfStockMessage = (name: string) =>
  `Sorry, ${name} is out of stock. Please remove it from your cart to place the order.`;

/** The order a move of units is for. */
export interface OrderRef {
  _id: Types.ObjectId;
}

export type Units = readonly { productId: string; quantity: number }[];

/** The moves an order's units make, and what each does to on hand and reserved per unit. */
type OrderMoveKind = 'reserved' | 'sold' | 'released' | 'restocked';
const ORDER_MOVES: Record<OrderMoveKind, { change: number; reserved: number }> = {
  reserved: { change: 0, reserved: 1 },
  sold: { change: -1, reserved: -1 },
  released: { change: 0, reserved: -1 },
  restocked: { change: 1, reserved: 0 },
};

/** The reason of a move the ledger job made for a process that died before making it. */
const FINISHED_REASONS: Record<Exclude<OrderMoveKind, 'reserved'>, string> = {
  sold: 'Paid or confirmed (finished after an interruption)',
  released: 'Order not sent (finished after an interruption)',
  restocked: 'Back on the shelf (finished after an interruption)',
};

/** The reason of a reservation released because its order was never stored. */
export const ORPHAN_REASON = 'Checkout interrupted: no order was stored, the units are free again';

/** Whether any of the order's units were sold (their line is in the ledger). */
async function wasSold(units: Units, order: OrderRef): Promise<boolean> {
  const keys = units.map((u) => moveKey(order._id, 'sold', u.productId));
  return (await withDbRetry(() => StockMoveModel.exists({ _id: trusted({ $in: keys }) }))) !== null;
}

/** Which of these orders are stored. */
async function storedOrders(ids: readonly Types.ObjectId[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const found = await withDbRetry(() =>
    OrderModel.find({ _id: trusted({ $in: ids }) }, { _id: 1 }).lean<{ _id: Types.ObjectId }[]>(),
  );
  return new Set(found.map((o) => String(o._id)));
}

/** The moves of an order's units of one kind, each made once (its key names the order). */
const orderMoves = (
  units: Units,
  order: OrderRef,
  kind: OrderMoveKind,
  reason: string,
  by: StockActor,
): Move[] =>
  units.map((unit) => ({
    key: moveKey(order._id, kind, unit.productId),
    productId: unit.productId,
    kind,
    change: ORDER_MOVES[kind].change * unit.quantity,
    reservedChange: ORDER_MOVES[kind].reserved * unit.quantity,
    reason,
    orderId: order._id,
    by,
  }));

/** The cart product to name when a single product ran short: the first line that holds it. */
function lineHolding(
  catalogue: Catalogue,
  items: readonly { productId: string }[],
  singleId: string,
): Product {
  const holders: readonly string[] = productsUsing(singleId, catalogue);
  const line = items.find((item) => holders.includes(item.productId));
  return catalogue.get(line?.productId ?? singleId)!;
}

/** Refuses (409 OUT_OF_STOCK) an order with any item the owner stopped selling. */
export async function assertInStock(
  ctx: StockContext,
  items: readonly { productId: string }[],
): Promise<void> {
  const { catalogue, switches } = await current(ctx);
  for (const item of items) {
    const product = catalogue.get(item.productId);
    if (product && switches.get(product.id) === false)
      throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
        productId: product.id,
      });
  }
}

/**
 * Holds an order's units: one `$inc` per single product, guarded on enough being available.
 * All or nothing: when one is refused, what was taken goes back and the order is refused
 * (409 OUT_OF_STOCK naming the cart's product that holds the one that ran short).
 */
export async function reserve(
  ctx: StockContext,
  items: readonly { productId: string; quantity: number }[],
  order: OrderRef,
): Promise<StockUnits[]> {
  await ensureCounts(ctx);
  const catalogue = await ctx.catalogue();
  const units = stockUnitsOf(items, catalogue);
  const at = new Date(ctx.now());
  const moves = orderMoves(units, order, 'reserved', 'Order placed', 'shopper');
  const { made, refused } = await makeMoves(moves, at);
  if (refused) {
    const product = lineHolding(catalogue, items, refused.productId);
    // What was taken goes back, each with its line: the ledger shows the refused order.
    await makeEach(
      ctx,
      orderMoves(
        units.slice(0, made.length),
        order,
        'released',
        `Order not placed: ${catalogue.get(refused.productId)?.name ?? refused.productId} ran short`,
        'shopper',
      ),
      true,
    );
    ctx.state = undefined;
    throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
      productId: product.id,
    });
  }
  await changed(ctx, made, false);
  return units;
}

/** Gives back the units held for an order that was never stored (a lost race, a failure). */
export const unreserve = (ctx: StockContext, units: Units, order: OrderRef) =>
  release(ctx, units, order, 'Order not placed', 'shopper');

/** The held units of a paid or confirmed order leave the shelf: on hand and reserved both fall. */
export const sell = (ctx: StockContext, units: Units, order: OrderRef) =>
  makeEach(ctx, orderMoves(units, order, 'sold', 'Paid or confirmed', 'system'), false);

/** Held units of an order that will not be paid or sent are free again. */
export const release = (
  ctx: StockContext,
  units: Units,
  order: OrderRef,
  reason: string,
  by: StockActor,
) => makeEach(ctx, orderMoves(units, order, 'released', reason, by), true);

/** Sold units came back to the shelf (a cancelled, refused or returned order). */
export const restock = (
  ctx: StockContext,
  units: Units,
  order: OrderRef,
  reason: string,
  by: StockActor,
) => makeEach(ctx, orderMoves(units, order, 'restocked', reason, by), true);

/**
 * Finishes the moves of an order's reservation turned to `to` that a dead process may have
 * left unmade (each move is made once: one in the ledger, or on its count, is not made again).
 * Units turned 'released' were restocked when they had been sold, else released.
 */
export async function finishTurn(
  ctx: StockContext,
  units: Units,
  order: OrderRef,
  to: 'sold' | 'released',
): Promise<void> {
  const kind = to === 'sold' ? 'sold' : (await wasSold(units, order)) ? 'restocked' : 'released';
  const made = await ensureMoves(
    orderMoves(units, order, kind, FINISHED_REASONS[kind], 'system'),
    new Date(ctx.now()),
  );
  await changed(ctx, made, kind !== 'sold');
}

/**
 * The ledger job's pass over the counts: lines kept on a count for `keepMs` are copied to the
 * ledger (again, harmlessly) and taken off it. A reservation among them whose order was never
 * stored (the process died between holding the units and storing the order) is released,
 * with a line saying so, and `orphaned` hears of the order (its coupon use goes back).
 */
export async function retire(
  ctx: StockContext,
  keepMs: number,
  orphaned: (orderId: Types.ObjectId) => Promise<void> = async () => undefined,
): Promise<{ retired: number; orphans: number }> {
  await ensureCounts(ctx);
  const cutoff = ctx.now() - keepMs;
  const items = await withDbRetry(() => StockItemModel.find({}).lean<StockItemDoc[]>());
  let retired = 0;
  const orphans = new Map<string, Types.ObjectId>();
  for (const item of items) {
    const old = (item.recent ?? []).filter((line) => line.at.getTime() <= cutoff);
    if (old.length === 0) continue;
    await copyToLedger(old.map((line) => ({ ...line, productId: item._id })));
    const held = old.filter((line) => line.kind === 'reserved' && line.orderId);
    const stored = await storedOrders(held.map((line) => line.orderId!));
    for (const line of held) {
      if (stored.has(String(line.orderId))) continue;
      const order = { _id: line.orderId! };
      const made = await ensureMoves(
        orderMoves(
          [{ productId: item._id, quantity: line.reservedChange }],
          order,
          'released',
          ORPHAN_REASON,
          'system',
        ),
        new Date(ctx.now()),
      );
      await changed(ctx, made, true);
      orphans.set(String(order._id), order._id);
    }
    await withDbRetry(() =>
      StockItemModel.updateOne(
        { _id: item._id },
        { $pullAll: { recent: old, moveIds: old.map((line) => line._id) } },
      ),
    );
    retired += old.length;
  }
  for (const orderId of orphans.values()) await orphaned(orderId);
  return { retired, orphans: orphans.size };
}
