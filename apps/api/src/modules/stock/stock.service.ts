import type { Types } from 'mongoose';
import type { StockMovesQuery } from '@vanya/contracts';
import {
  adjustStock,
  ledgerPage,
  lowStock,
  overview,
  setSelling,
  stockSettings,
} from './owner-stock';
import {
  assertInStock,
  finishTurn,
  release,
  reserve,
  restock,
  retire,
  sell,
  unreserve,
} from './reservations';
import type { OrderRef, Units } from './reservations';
import { shopperAnswers, shopperList, shopperProduct } from './stock-answers';
import { openCount, stockContext } from './stock-context';
import type { StockActor, StockServiceDeps } from './stock-context';
import { mailWishes, notify } from './stock-wishes';

export { DEFAULT_LOW_STOCK_AT } from './stock-context';
export type { CatalogueAnswers, StockActor, StockServiceDeps } from './stock-context';
export { ORPHAN_REASON, outOfStockMessage } from './reservations';
export type { OrderRef } from './reservations';

/**
 * Stock: the three single products' counts (on hand, reserved for orders not yet paid, available),
 * the owner's "stop selling" switches, the ledger of every change, and the catalogue's JSON as
 * shoppers see it. Units move by one guarded `$inc` each, so no count goes negative and none is
 * lost under concurrency; an order's reservation is all or nothing.
 *
 * Each operation is a function of its seam's file, given the context the service shares (the
 * clock, the mail, the cached state every change forgets): the catalogue's answers
 * (stock-answers.ts), an order's units (reservations.ts), the owner's counts (owner-stock.ts),
 * back-in-stock wishes (stock-wishes.ts); what follows a change is stock-changes.ts.
 */
export function createStockService(deps: StockServiceDeps) {
  const ctx = stockContext(deps);
  return {
    /** The published products of the moment, as the shop prices and sells them. */
    catalogue: () => ctx.catalogue(),
    /** After the catalogue changed here: the next answer is made from it. */
    forget: () => {
      ctx.state = undefined;
    },
    list: () => shopperList(ctx),
    get: (id: string) => shopperProduct(ctx, id),
    answers: () => shopperAnswers(ctx),

    set: (id: string, inStock: boolean) => setSelling(ctx, id, inStock),
    assertInStock: (items: readonly { productId: string }[]) => assertInStock(ctx, items),
    reserve: (items: readonly { productId: string; quantity: number }[], order: OrderRef) =>
      reserve(ctx, items, order),
    unreserve: (units: Units, order: OrderRef) => unreserve(ctx, units, order),
    sell: (units: Units, order: OrderRef) => sell(ctx, units, order),
    release: (units: Units, order: OrderRef, reason: string, by: StockActor) =>
      release(ctx, units, order, reason, by),
    restock: (units: Units, order: OrderRef, reason: string, by: StockActor) =>
      restock(ctx, units, order, reason, by),
    finishTurn: (units: Units, order: OrderRef, to: 'sold' | 'released') =>
      finishTurn(ctx, units, order, to),
    retire: (keepMs: number, orphaned?: (orderId: Types.ObjectId) => Promise<void>) =>
      retire(ctx, keepMs, orphaned),

    /** A new single product's count, starting at `units`. */
    open: (id: string, units: number, by: StockActor) => openCount(ctx, id, units, by),
    adjust: (id: string, adjust: number, reason: string, by: StockActor) =>
      adjustStock(ctx, id, adjust, reason, by),
    settings: (id: string, body: { lowStockAt?: number; selling?: boolean }) =>
      stockSettings(ctx, id, body),
    overview: () => overview(ctx),
    lowStock: () => lowStock(ctx),
    moves: (id: string, page?: StockMovesQuery) => ledgerPage(ctx, id, page),

    notify: (id: string, email: string) => notify(ctx, id, email),
    mailWishes: () => mailWishes(ctx),
  };
}

export type StockService = ReturnType<typeof createStockService>;
