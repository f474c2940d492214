import {
  availableOf,
  getProduct,
  products,
  productsUsing,
  STOCKED_PRODUCT_IDS,
  stockUnitsOf,
} from '@vanya/catalog';
import type { Product, ProductId, StockUnits } from '@vanya/catalog';
import type { AdminStock, LowStock, StockItem, StockMove, StockMovesQuery } from '@vanya/contracts';
import { STOCK_MOVES_PAGE_MAX } from '@vanya/contracts';
import { trusted, Types } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { conflict, notFound } from '../../platform/errors/app-error';
import { OrderModel } from '../orders/order.model';
import {
  current,
  productNotFound,
  shopperAnswers,
  shopperList,
  shopperProduct,
} from './stock-answers';
import { background, ensureCounts, stockContext } from './stock-context';
import type { StockActor, StockServiceDeps } from './stock-context';
import { changed, makeEach } from './stock-changes';
import { copyToLedger, ensureMoves, makeMoves, moveKey } from './stock-moves';
import type { Move } from './stock-moves';
import { StockItemModel, StockModel, StockMoveModel } from './stock.model';
import { mailWishes, notify } from './stock-wishes';
import type { StockItemDoc, StockMoveDoc } from './stock.model';

export { DEFAULT_LOW_STOCK_AT } from './stock-context';
export type { CatalogueAnswers, StockActor, StockServiceDeps } from './stock-context';

export const outOfStockMessage = (name: string) =>
  `Sorry, ${name} is out of stock. Please remove it from your cart to place the order.`;

/** The order a move of units is for. */
export interface OrderRef {
  _id: Types.ObjectId;
}

type Units = readonly { productId: string; quantity: number }[];

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

/** A single product (the only kind with counts), or 404. */
function single(id: string): Product {
  const product = getProduct(id);
  if (!product || product.contents.length > 0)
    throw notFound(`No single product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
  return product;
}

const itemView = (doc: StockItemDoc, selling: boolean): StockItem => ({
  productId: doc._id as ProductId,
  name: getProduct(doc._id)?.name ?? doc._id,
  onHand: doc.onHand,
  reserved: doc.reserved,
  available: doc.available,
  lowStockAt: doc.lowStockAt,
  low: doc.available <= doc.lowStockAt,
  selling,
});

/**
 * Stock: the three single products' counts (on hand, reserved for orders not yet paid, available),
 * the owner's "stop selling" switches, the ledger of every change, and the catalogue's JSON as
 * shoppers see it. Units move by one guarded `$inc` each, so no count goes negative and none is
 * lost under concurrency; an order's reservation is all or nothing.
 */
export function createStockService(deps: StockServiceDeps = {}) {
  const ctx = stockContext(deps);
  const { now } = ctx;
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
  function lineHolding(items: readonly { productId: string }[], singleId: string): Product {
    const holders: readonly string[] = productsUsing(singleId);
    const line = items.find((item) => holders.includes(item.productId));
    return getProduct(line?.productId ?? singleId)!;
  }

  const service = {
    list: () => shopperList(ctx),
    get: (id: string) => shopperProduct(ctx, id),
    answers: () => shopperAnswers(ctx),

    /** The owner's "stop selling" switch (any product, bundles too). */
    async set(id: string, inStock: boolean): Promise<{ productId: string; inStock: boolean }> {
      if (!getProduct(id)) throw productNotFound(id);
      await withDbRetry(() =>
        StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
      );
      ctx.state = undefined;
      if (inStock) background(ctx, () => mailWishes(ctx));
      return { productId: id, inStock };
    },

    /** Refuses (409 OUT_OF_STOCK) an order with any item the owner stopped selling. */
    async assertInStock(items: readonly { productId: string }[]): Promise<void> {
      const { switches } = await current(ctx);
      for (const item of items) {
        const product = getProduct(item.productId);
        if (product && switches.get(product.id) === false)
          throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
            productId: product.id,
          });
      }
    },

    /**
     * Holds an order's units: one `$inc` per single product, guarded on enough being available.
     * All or nothing: when one is refused, what was taken goes back and the order is refused
     * (409 OUT_OF_STOCK naming the cart's product that holds the one that ran short).
     */
    async reserve(
      items: readonly { productId: string; quantity: number }[],
      order: OrderRef,
    ): Promise<StockUnits[]> {
      await ensureCounts(ctx);
      const units = stockUnitsOf(items);
      const at = new Date(now());
      const moves = orderMoves(units, order, 'reserved', 'Order placed', 'shopper');
      const { made, refused } = await makeMoves(moves, at);
      if (refused) {
        const product = lineHolding(items, refused.productId);
        // What was taken goes back, each with its line: the ledger shows the refused order.
        await makeEach(
          ctx,
          orderMoves(
            units.slice(0, made.length),
            order,
            'released',
            `Order not placed: ${getProduct(refused.productId)?.name ?? refused.productId} ran short`,
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
    },

    /** Gives back the units held for an order that was never stored (a lost race, a failure). */
    unreserve: (units: Units, order: OrderRef) =>
      service.release(units, order, 'Order not placed', 'shopper'),

    /** The held units of a paid or confirmed order leave the shelf: on hand and reserved both fall. */
    sell: (units: Units, order: OrderRef) =>
      makeEach(ctx, orderMoves(units, order, 'sold', 'Paid or confirmed', 'system'), false),

    /** Held units of an order that will not be paid or sent are free again. */
    release: (units: Units, order: OrderRef, reason: string, by: StockActor) =>
      makeEach(ctx, orderMoves(units, order, 'released', reason, by), true),

    /** Sold units came back to the shelf (a cancelled, refused or returned order). */
    restock: (units: Units, order: OrderRef, reason: string, by: StockActor) =>
      makeEach(ctx, orderMoves(units, order, 'restocked', reason, by), true),

    /**
     * Finishes the moves of an order's reservation turned to `to` that a dead process may have
     * left unmade (each move is made once: one in the ledger, or on its count, is not made again).
     * Units turned 'released' were restocked when they had been sold, else released.
     */
    async finishTurn(units: Units, order: OrderRef, to: 'sold' | 'released'): Promise<void> {
      const kind =
        to === 'sold' ? 'sold' : (await wasSold(units, order)) ? 'restocked' : 'released';
      const made = await ensureMoves(
        orderMoves(units, order, kind, FINISHED_REASONS[kind], 'system'),
        new Date(now()),
      );
      await changed(ctx, made, kind !== 'sold');
    },

    /**
     * The ledger job's pass over the counts: lines kept on a count for `keepMs` are copied to the
     * ledger (again, harmlessly) and taken off it. A reservation among them whose order was never
     * stored (the process died between holding the units and storing the order) is released,
     * with a line saying so, and `orphaned` hears of the order (its coupon use goes back).
     */
    async retire(
      keepMs: number,
      orphaned: (orderId: Types.ObjectId) => Promise<void> = async () => undefined,
    ): Promise<{ retired: number; orphans: number }> {
      await ensureCounts(ctx);
      const cutoff = now() - keepMs;
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
            new Date(now()),
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
    },

    /**
     * The owner receives units (adjust > 0) or takes them off (adjust < 0), never leaving fewer on
     * hand than are held for orders (409 STOCK_BELOW_RESERVED).
     */
    async adjust(id: string, adjust: number, reason: string, by: StockActor): Promise<StockItem> {
      const product = single(id);
      await ensureCounts(ctx);
      const move: Move = {
        key: new Types.ObjectId().toHexString(),
        productId: product.id,
        kind: adjust > 0 ? 'receipt' : 'adjustment',
        change: adjust,
        reservedChange: 0,
        reason,
        orderId: null,
        by,
      };
      const { made } = await makeMoves([move], new Date(now()));
      const item = made[0];
      if (!item) {
        const left = await StockItemModel.findById(product.id).lean<StockItemDoc>();
        throw conflict(
          `Only ${left?.available ?? 0} of ${product.name} can be taken off: the rest on hand is held for orders.`,
          'STOCK_BELOW_RESERVED',
        );
      }
      await changed(ctx, [item], adjust > 0);
      return itemView(item, (await current(ctx)).switches.get(product.id) ?? true);
    },

    /** The owner's low-stock level and "stop selling" switch of a single product. */
    async settings(
      id: string,
      body: { lowStockAt?: number; selling?: boolean },
    ): Promise<StockItem> {
      const product = single(id);
      await ensureCounts(ctx);
      if (body.selling !== undefined) await service.set(product.id, body.selling);
      let item = await StockItemModel.findById(product.id).lean<StockItemDoc>();
      if (body.lowStockAt !== undefined) {
        item = await withDbRetry(() =>
          StockItemModel.findOneAndUpdate(
            { _id: product.id },
            { $set: { lowStockAt: body.lowStockAt } },
            { returnDocument: 'after' },
          ).lean<StockItemDoc>(),
        );
        if (item) await changed(ctx, [item], false);
      }
      return itemView(item!, (await current(ctx)).switches.get(product.id) ?? true);
    },

    /** GET /admin/stock: every single product's counts, and what each bundle's contents make up. */
    async overview(): Promise<AdminStock> {
      ctx.state = undefined;
      const { switches, counts } = await current(ctx);
      const selling = (id: string) => switches.get(id) ?? true;
      return {
        items: STOCKED_PRODUCT_IDS.map((id) => itemView(counts.get(id)!, selling(id))),
        bundles: products
          .filter((p) => p.contents.length > 0)
          .map((p) => ({
            productId: p.id,
            name: p.name,
            available: availableOf(p.id, (id) => counts.get(id)?.available ?? 0),
            selling: selling(p.id),
            contents: p.contents.map((c) => ({ ...c })),
          })),
      };
    },

    /** Single products at or below their low-stock level, for the owner's dashboard. */
    async lowStock(): Promise<LowStock[]> {
      const { items } = await service.overview();
      return items
        .filter((item) => item.low)
        .map((item) => ({ productId: item.productId, name: item.name, available: item.available }));
    },

    /** A page of a product's ledger, newest first. */
    async moves(
      id: string,
      page: StockMovesQuery = { page: 1, limit: STOCK_MOVES_PAGE_MAX },
    ): Promise<StockMove[]> {
      const product = single(id);
      const rows = await withDbRetry(() =>
        StockMoveModel.find({ productId: product.id })
          .sort({ at: -1, _id: -1 })
          .skip((page.page - 1) * page.limit)
          .limit(page.limit)
          .lean<StockMoveDoc[]>(),
      );
      // A reservation is made before its order has its number: the number is read from the order.
      const orderIds = [...new Set(rows.flatMap((r) => (r.orderId ? [String(r.orderId)] : [])))];
      const orders = orderIds.length
        ? await withDbRetry(() =>
            OrderModel.find({ _id: trusted({ $in: orderIds }) }, { orderNumber: 1 }).lean<
              { _id: Types.ObjectId; orderNumber: string }[]
            >(),
          )
        : [];
      const numbers = new Map(orders.map((o) => [String(o._id), o.orderNumber]));
      return rows.map((r) => ({
        productId: r.productId as ProductId,
        kind: r.kind,
        change: r.change,
        reservedChange: r.reservedChange,
        reason: r.reason,
        orderNumber: r.orderId ? (numbers.get(String(r.orderId)) ?? null) : null,
        by: r.by,
        at: r.at.toISOString(),
      }));
    },

    notify: (id: string, email: string) => notify(ctx, id, email),
    mailWishes: () => mailWishes(ctx),
  };
  return service;
}

export type StockService = ReturnType<typeof createStockService>;
