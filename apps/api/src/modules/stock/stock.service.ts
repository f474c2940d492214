import {
  availableOf,
  getProduct,
  LOW_STOCK_SHOWN,
  products,
  productsUsing,
  STOCKED_PRODUCT_IDS,
  stockUnitsOf,
} from '@vanya/catalog';
import type { Product, ProductId, StockUnits } from '@vanya/catalog';
import type {
  AdminStock,
  LowStock,
  ProductResponse,
  StockItem,
  StockMove,
  StockMoveKind,
} from '@vanya/contracts';
import { trusted } from 'mongoose';
import type { Types } from 'mongoose';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { conflict, notFound } from '../../platform/errors/app-error';
import { preparedAnswer } from '../../platform/http/prepared-answer';
import type { PreparedAnswer } from '../../platform/http/prepared-answer';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import { OrderModel } from '../orders/order.model';
import { backInStockMail, lowStockMail } from './stock-mail';
import { StockItemModel, StockModel, StockMoveModel, StockWishModel } from './stock.model';
import type { StockItemDoc, StockMoveDoc } from './stock.model';

/** How long another API process may show counts or a switch that changed elsewhere. */
const STOCK_CACHE_MS = 5000;
/** The low-stock level a product starts with. */
export const DEFAULT_LOW_STOCK_AT = 10;
/** How many ledger lines the owner sees. */
const MOVES_LISTED = 100;

export const outOfStockMessage = (name: string) =>
  `Sorry, ${name} is out of stock. Please remove it from your cart to place the order.`;

/** The catalogue's answers: the list, and each product (404 PRODUCT_NOT_FOUND for an unknown id). */
export interface CatalogueAnswers {
  list: PreparedAnswer;
  product(id: string): PreparedAnswer;
}

/** Who changed a count: the owner (by email), the shopper placing an order, or the shop itself. */
export type StockActor = string;

/** The order a move of units is for. */
export interface OrderRef {
  _id: Types.ObjectId;
}

type Units = readonly { productId: string; quantity: number }[];

interface State {
  at: number;
  key: string;
  switches: Map<string, boolean>;
  counts: Map<string, StockItemDoc>;
  answers: CatalogueAnswers;
}

const productNotFound = (id: string) =>
  notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');

/** A single product (the only kind with counts), or 404. */
function single(id: string): Product {
  const product = getProduct(id);
  if (!product || product.contents.length > 0)
    throw notFound(`No single product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
  return product;
}

/**
 * A product as shoppers see it: in stock while the owner sells it and some is available; how many
 * only when few are left, so exact counts are not shown.
 */
function shopperView(
  product: Product,
  switches: Map<string, boolean>,
  counts: Map<string, StockItemDoc>,
): ProductResponse {
  const selling = switches.get(product.id) ?? true;
  const available = selling ? availableOf(product.id, (id) => counts.get(id)?.available ?? 0) : 0;
  return {
    ...product,
    images: [...product.images],
    ingredients: [...product.ingredients],
    benefits: [...product.benefits],
    relatedProductIds: [...product.relatedProductIds],
    howToUseDescription: [...product.howToUseDescription],
    contents: product.contents.map((item) => ({ ...item })),
    inStock: available > 0,
    available: available <= LOW_STOCK_SHOWN ? available : null,
  };
}

function catalogueAnswers(list: ProductResponse[]): CatalogueAnswers {
  const byId = new Map<string, PreparedAnswer>(
    list.map((p) => [p.id, preparedAnswer(JSON.stringify(p))]),
  );
  return {
    list: preparedAnswer(JSON.stringify(list)),
    product(id: string) {
      const answer = byId.get(id);
      if (!answer) throw productNotFound(id);
      return answer;
    },
  };
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

export interface StockServiceDeps {
  now?: () => number;
  /** The units each single product starts with when it has no count yet (STOCK_INITIAL). */
  initial?: number;
  /** Mails the owners when a product runs low, and shoppers when one is back. */
  mail?: {
    mailer: Mailer;
    ownerEmails: readonly string[];
    webOrigin: string;
    logger: Logger;
    runInBackground: (task: () => Promise<unknown>) => void;
    /** Whether the owners still want the low-stock mail (their settings page). */
    lowStockWanted?: () => Promise<boolean>;
    /** Also tells the owner by text (when they set it up), once per fall like the mail. */
    textLow?: (name: string, available: number) => void;
  };
}

/**
 * Stock: the three single products' counts (on hand, reserved for orders not yet paid, available),
 * the owner's "stop selling" switches, the ledger of every change, and the catalogue's JSON as
 * shoppers see it. Units move by one guarded `$inc` each, so no count goes negative and none is
 * lost under concurrency; an order's reservation is all or nothing.
 */
export function createStockService(deps: StockServiceDeps = {}) {
  const now = deps.now ?? Date.now;
  const initial = deps.initial ?? 100;
  let state: State | undefined;
  let ready: Promise<void> | undefined;

  /**
   * Gives each single product its count once: an upsert that only inserts, so a database from
   * before counts starts at `initial`, and two processes starting at once make one document each.
   */
  function ensureCounts(): Promise<void> {
    ready ??= (async () => {
      for (const id of STOCKED_PRODUCT_IDS) {
        try {
          const made = await withDbRetry(() =>
            StockItemModel.updateOne(
              { _id: id },
              {
                $setOnInsert: {
                  onHand: initial,
                  reserved: 0,
                  available: initial,
                  lowStockAt: DEFAULT_LOW_STOCK_AT,
                  lowStockNotified: false,
                },
              },
              { upsert: true },
            ),
          );
          if (made.upsertedCount === 1)
            await record(
              [{ productId: id, kind: 'initial', change: initial, reservedChange: 0 }],
              'Counting starts',
              'system',
            );
        } catch (err) {
          // The other process inserted it first: the count is there.
          if (!isDuplicateKey(err)) throw err;
        }
      }
    })().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  }

  async function current(): Promise<State> {
    if (state && now() - state.at < STOCK_CACHE_MS) return state;
    await ensureCounts();
    const [switchRows, countRows] = await Promise.all([
      withDbRetry(() => StockModel.find({}).lean<{ _id: string; inStock: boolean }[]>()),
      withDbRetry(() => StockItemModel.find({}).lean<StockItemDoc[]>()),
    ]);
    const switches = new Map(switchRows.map((r) => [r._id, r.inStock]));
    const counts = new Map(countRows.map((r) => [r._id, r]));
    const list = products.map((p) => shopperView(p, switches, counts));
    // The answers change only when what shoppers see changes, not with every count.
    const key = JSON.stringify(list.map((p) => [p.inStock, p.available]));
    const answers = state?.key === key ? state.answers : catalogueAnswers(list);
    state = { at: now(), key, switches, counts, answers };
    return state;
  }

  interface MoveLine {
    productId: string;
    kind: StockMoveKind;
    change: number;
    reservedChange: number;
  }

  async function record(
    lines: MoveLine[],
    reason: string,
    by: StockActor,
    order?: OrderRef,
  ): Promise<void> {
    if (lines.length === 0) return;
    const at = new Date(now());
    await withDbRetry(() =>
      StockMoveModel.insertMany(
        lines.map((line) => ({
          ...line,
          reason,
          by,
          at,
          orderId: order?._id ?? null,
        })),
      ),
    );
  }

  /**
   * Changes a product's units on hand and reserved by one `$inc` (available with them), if the
   * guard in the filter holds; null when it does not.
   */
  const change = (
    productId: string,
    onHand: number,
    reserved: number,
    guard: Record<string, unknown> = {},
  ) =>
    withDbRetry(() =>
      StockItemModel.findOneAndUpdate(
        { _id: productId, ...guard },
        { $inc: { onHand, reserved, available: onHand - reserved } },
        { returnDocument: 'after' },
      ).lean<StockItemDoc>(),
    );

  const background = (task: () => Promise<unknown>) => deps.mail?.runInBackground(task);

  /**
   * After counts changed: the catalogue is read again, the owners are mailed once when a product
   * fell to its low-stock level (a guarded flag, cleared when it rises above), and, when units came
   * back, whoever asked is told.
   */
  async function changed(items: StockItemDoc[], rose: boolean): Promise<void> {
    state = undefined;
    for (const item of items) {
      if (item.available <= item.lowStockAt) {
        if (item.lowStockNotified) continue;
        const claimed = await withDbRetry(() =>
          StockItemModel.updateOne(
            { _id: item._id, lowStockNotified: false },
            { $set: { lowStockNotified: true } },
          ),
        );
        if (claimed.modifiedCount === 1) background(() => mailLow(item));
      } else if (item.lowStockNotified) {
        await withDbRetry(() =>
          StockItemModel.updateOne(
            { _id: item._id, lowStockNotified: true },
            { $set: { lowStockNotified: false } },
          ),
        );
      }
    }
    if (rose) background(() => service.mailWishes());
  }

  async function mailLow(item: StockItemDoc): Promise<void> {
    const mail = deps.mail;
    if (!mail) return;
    const name = getProduct(item._id)?.name ?? item._id;
    mail.textLow?.(name, item.available);
    if (mail.ownerEmails.length === 0) {
      mail.logger.warn({ productId: item._id }, 'low stock: no OWNER_EMAILS to tell');
      return;
    }
    if (mail.lowStockWanted && !(await mail.lowStockWanted())) return;
    await mail.mailer.send({
      to: mail.ownerEmails.join(', '),
      ...lowStockMail(name, item.available, item.lowStockAt, `${mail.webOrigin}/admin?tab=stock`),
    });
  }

  /** The cart product to name when a single product ran short: the first line that holds it. */
  function lineHolding(items: readonly { productId: string }[], singleId: string): Product {
    const holders: readonly string[] = productsUsing(singleId);
    const line = items.find((item) => holders.includes(item.productId));
    return getProduct(line?.productId ?? singleId)!;
  }

  /** An order's held units stop being held: sold (they leave the shelf too) or released. */
  async function unhold(
    units: Units,
    order: OrderRef,
    kind: 'sold' | 'released',
    reason: string,
    by: StockActor,
  ): Promise<void> {
    const done: StockItemDoc[] = [];
    const lines: MoveLine[] = [];
    for (const unit of units) {
      const onHand = kind === 'sold' ? -unit.quantity : 0;
      const item = await change(unit.productId, onHand, -unit.quantity, {
        reserved: trusted({ $gte: unit.quantity }),
        ...(kind === 'sold' ? { onHand: trusted({ $gte: unit.quantity }) } : {}),
      });
      if (!item) continue;
      done.push(item);
      lines.push({
        productId: unit.productId,
        kind,
        change: onHand,
        reservedChange: -unit.quantity,
      });
    }
    await record(lines, reason, by, order);
    await changed(done, kind === 'released');
  }

  const service = {
    async list(): Promise<ProductResponse[]> {
      const { switches, counts } = await current();
      return products.map((p) => shopperView(p, switches, counts));
    },

    async get(id: string): Promise<ProductResponse> {
      const product = getProduct(id);
      if (!product) throw productNotFound(id);
      const { switches, counts } = await current();
      return shopperView(product, switches, counts);
    },

    /** GET /products and /products/:id as JSON, serialised once per state shoppers can see. */
    async answers(): Promise<CatalogueAnswers> {
      return (await current()).answers;
    },

    /** The owner's "stop selling" switch (any product, bundles too). */
    async set(id: string, inStock: boolean): Promise<{ productId: string; inStock: boolean }> {
      if (!getProduct(id)) throw productNotFound(id);
      await withDbRetry(() =>
        StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
      );
      state = undefined;
      if (inStock) background(() => service.mailWishes());
      return { productId: id, inStock };
    },

    /** Refuses (409 OUT_OF_STOCK) an order with any item the owner stopped selling. */
    async assertInStock(items: readonly { productId: string }[]): Promise<void> {
      const { switches } = await current();
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
      await ensureCounts();
      const units = stockUnitsOf(items);
      const taken: StockItemDoc[] = [];
      for (const unit of units) {
        const held = await change(unit.productId, 0, unit.quantity, {
          available: trusted({ $gte: unit.quantity }),
        });
        if (!held) {
          // Nothing was recorded for these yet, so they go back without a line in the ledger.
          for (const back of units.slice(0, taken.length))
            await change(back.productId, 0, -back.quantity, {
              reserved: trusted({ $gte: back.quantity }),
            });
          state = undefined;
          const product = lineHolding(items, unit.productId);
          throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
            productId: product.id,
          });
        }
        taken.push(held);
      }
      await record(
        units.map((u) => ({
          productId: u.productId,
          kind: 'reserved',
          change: 0,
          reservedChange: u.quantity,
        })),
        'Order placed',
        'shopper',
        order,
      );
      await changed(taken, false);
      return units;
    },

    /** Gives back the units held for an order that was never stored (a lost race, a failure). */
    unreserve: (units: Units, order: OrderRef) =>
      service.release(units, order, 'Order not placed', 'shopper'),

    /** The held units of a paid or confirmed order leave the shelf: on hand and reserved both fall. */
    sell: (units: Units, order: OrderRef) =>
      unhold(units, order, 'sold', 'Paid or confirmed', 'system'),

    /** Held units of an order that will not be paid or sent are free again. */
    release: (units: Units, order: OrderRef, reason: string, by: StockActor) =>
      unhold(units, order, 'released', reason, by),

    /** Sold units came back to the shelf (a cancelled, refused or returned order). */
    async restock(units: Units, order: OrderRef, reason: string, by: StockActor): Promise<void> {
      const back: StockItemDoc[] = [];
      for (const unit of units) {
        const item = await change(unit.productId, unit.quantity, 0);
        if (item) back.push(item);
      }
      await record(
        units.map((u) => ({
          productId: u.productId,
          kind: 'restocked',
          change: u.quantity,
          reservedChange: 0,
        })),
        reason,
        by,
        order,
      );
      await changed(back, true);
    },

    /**
     * The owner receives units (adjust > 0) or takes them off (adjust < 0), never leaving fewer on
     * hand than are held for orders (409 STOCK_BELOW_RESERVED).
     */
    async adjust(id: string, adjust: number, reason: string, by: StockActor): Promise<StockItem> {
      const product = single(id);
      await ensureCounts();
      const item = await change(
        product.id,
        adjust,
        0,
        adjust < 0 ? { available: trusted({ $gte: -adjust }) } : {},
      );
      if (!item) {
        const left = await StockItemModel.findById(product.id).lean<StockItemDoc>();
        throw conflict(
          `Only ${left?.available ?? 0} of ${product.name} can be taken off: the rest on hand is held for orders.`,
          'STOCK_BELOW_RESERVED',
        );
      }
      await record(
        [
          {
            productId: product.id,
            kind: adjust > 0 ? 'receipt' : 'adjustment',
            change: adjust,
            reservedChange: 0,
          },
        ],
        reason,
        by,
      );
      await changed([item], adjust > 0);
      return itemView(item, (await current()).switches.get(product.id) ?? true);
    },

    /** The owner's low-stock level and "stop selling" switch of a single product. */
    async settings(
      id: string,
      body: { lowStockAt?: number; selling?: boolean },
    ): Promise<StockItem> {
      const product = single(id);
      await ensureCounts();
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
        if (item) await changed([item], false);
      }
      return itemView(item!, (await current()).switches.get(product.id) ?? true);
    },

    /** GET /admin/stock: every single product's counts, and what each bundle's contents make up. */
    async overview(): Promise<AdminStock> {
      state = undefined;
      const { switches, counts } = await current();
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

    /** A product's ledger, newest first. */
    async moves(id: string): Promise<StockMove[]> {
      const product = single(id);
      const rows = await withDbRetry(() =>
        StockMoveModel.find({ productId: product.id })
          .sort({ at: -1, _id: -1 })
          .limit(MOVES_LISTED)
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

    /** "Notify me": one wish per (product, email); answers whether it is new. */
    async notify(id: string, email: string): Promise<{ created: boolean }> {
      const product = getProduct(id);
      if (!product) throw productNotFound(id);
      try {
        await withDbRetry(() => StockWishModel.create({ productId: product.id, email }));
      } catch (err) {
        if (isDuplicateKey(err)) return { created: false };
        throw err;
      }
      // It may have come back between the shopper's page and this request.
      background(() => service.mailWishes());
      return { created: true };
    },

    /**
     * Mails everyone waiting for a product that can be bought now, once each: a wish is deleted
     * as its mail is taken for sending (the one who deletes it sends it), and put back if the
     * mail could not go. Run after units come back, and by a job for what another process did.
     */
    async mailWishes(): Promise<number> {
      const mail = deps.mail;
      if (!mail) return 0;
      state = undefined;
      const buyable = (await service.list()).filter((p) => p.inStock).map((p) => p.id);
      if (buyable.length === 0) return 0;
      const wishes = await withDbRetry(() =>
        StockWishModel.find({ productId: trusted({ $in: buyable }) })
          .limit(500)
          .lean<{ _id: Types.ObjectId; productId: string; email: string; createdAt: Date }[]>(),
      );
      let sent = 0;
      for (const wish of wishes) {
        const taken = await withDbRetry(() =>
          StockWishModel.findOneAndDelete({ _id: wish._id }).lean(),
        );
        if (!taken) continue;
        const product = getProduct(wish.productId)!;
        try {
          await mail.mailer.send({
            to: wish.email,
            ...backInStockMail(product.name, `${mail.webOrigin}/products/${product.id}`),
          });
          sent += 1;
        } catch (err) {
          mail.logger.error({ err, productId: product.id }, 'back-in-stock mail not sent');
          await StockWishModel.create(wish).catch(() => undefined);
        }
      }
      return sent;
    },
  };
  return service;
}

export type StockService = ReturnType<typeof createStockService>;
