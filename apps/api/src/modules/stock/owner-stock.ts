import { availableOf, stockedProductIds } from '@vanya/catalog';
import type { Catalogue, Product, ProductId } from '@vanya/catalog';
import type { AdminStock, LowStock, StockItem, StockMove, StockMovesQuery } from '@vanya/contracts';
import { STOCK_MOVES_PAGE_MAX } from '@vanya/contracts';
import { trusted, Types } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { conflict, notFound } from '../../platform/errors/app-error';
import { OrderModel } from '../orders/order.model';
import { current, productNotFound } from './stock-answers';
import { changed } from './stock-changes';
import { background, ensureCounts } from './stock-context';
import type { StockActor, StockContext } from './stock-context';
import { makeMoves } from './stock-moves';
import type { Move } from './stock-moves';
import { StockItemModel, StockModel, StockMoveModel } from './stock.model';
import type { StockItemDoc, StockMoveDoc } from './stock.model';
import { mailWishes } from './stock-wishes';

/** A single product (the only kind with counts), or 404. */
function single(catalogue: Catalogue, id: string): Product {
  const product = catalogue.get(id);
  if (!product || product.contents.length > 0)
    throw notFound(`No single product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
  return product;
}

const itemView = (catalogue: Catalogue, doc: StockItemDoc, selling: boolean): StockItem => ({
  productId: doc._id as ProductId,
  name: catalogue.get(doc._id)?.name ?? doc._id,
  onHand: doc.onHand,
  reserved: doc.reserved,
  available: doc.available,
  lowStockAt: doc.lowStockAt,
  low: doc.available <= doc.lowStockAt,
  selling,
});

/** The owner's "stop selling" switch (any product, bundles too). */
export async function setSelling(
  ctx: StockContext,
  id: string,
  inStock: boolean,
): Promise<{ productId: string; inStock: boolean }> {
  if (!(await ctx.wholeCatalogue()).get(id)) throw productNotFound(id);
  await withDbRetry(() =>
    StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
  );
  ctx.state = undefined;
  if (inStock) background(ctx, () => mailWishes(ctx));
  return { productId: id, inStock };
}

/**
 * The owner receives units (adjust > 0) or takes them off (adjust < 0), never leaving fewer on
 * hand than are held for orders (409 STOCK_BELOW_RESERVED).
 */
export async function adjustStock(
  ctx: StockContext,
  id: string,
  adjust: number,
  reason: string,
  by: StockActor,
): Promise<StockItem> {
  const product = single(await ctx.wholeCatalogue(), id);
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
  const { made } = await makeMoves([move], new Date(ctx.now()));
  const item = made[0];
  if (!item) {
    const left = await StockItemModel.findById(product.id).lean<StockItemDoc>();
    throw conflict(
      `Only ${left?.available ?? 0} of ${product.name} can be taken off: the rest on hand is held for orders.`,
      'STOCK_BELOW_RESERVED',
    );
  }
  await changed(ctx, [item], adjust > 0);
  const { switches } = await current(ctx);
  return itemView(await ctx.wholeCatalogue(), item, switches.get(product.id) ?? true);
}

/** The owner's low-stock level and "stop selling" switch of a single product. */
export async function stockSettings(
  ctx: StockContext,
  id: string,
  body: { lowStockAt?: number; selling?: boolean },
): Promise<StockItem> {
  const product = single(await ctx.wholeCatalogue(), id);
  await ensureCounts(ctx);
  if (body.selling !== undefined) await setSelling(ctx, product.id, body.selling);
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
  const { switches } = await current(ctx);
  return itemView(await ctx.wholeCatalogue(), item!, switches.get(product.id) ?? true);
}

/** GET /admin/stock: every single product's counts, and what each bundle's contents make up. */
export async function overview(ctx: StockContext): Promise<AdminStock> {
  ctx.state = undefined;
  const { switches, counts } = await current(ctx);
  const catalogue = await ctx.wholeCatalogue();
  const selling = (id: string) => switches.get(id) ?? true;
  return {
    items: stockedProductIds(catalogue).map((id) =>
      itemView(catalogue, counts.get(id)!, selling(id)),
    ),
    bundles: catalogue.products
      .filter((p) => p.contents.length > 0)
      .map((p) => ({
        productId: p.id,
        name: p.name,
        available: availableOf(p.id, (id) => counts.get(id)?.available ?? 0, catalogue),
        selling: selling(p.id),
        contents: p.contents.map((c) => ({ ...c })),
      })),
  };
}

/** Single products at or below their low-stock level, for the owner's dashboard. */
export async function lowStock(ctx: StockContext): Promise<LowStock[]> {
  const { items } = await overview(ctx);
  return items
    .filter((item) => item.low)
    .map((item) => ({ productId: item.productId, name: item.name, available: item.available }));
}

/** A page of a product's ledger, newest first. */
export async function ledgerPage(
  ctx: StockContext,
  id: string,
  page: StockMovesQuery = { page: 1, limit: STOCK_MOVES_PAGE_MAX },
): Promise<StockMove[]> {
  const product = single(await ctx.wholeCatalogue(), id);
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
}
