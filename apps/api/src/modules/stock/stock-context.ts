import { stockedProductIds } from '@vanya/catalog';
import type { Catalogue } from '@vanya/catalog';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import type { PreparedAnswer } from '../../platform/http/prepared-answer';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../mail/mailer';
import { copyToLedger } from './stock-moves';
import { StockItemModel } from './stock.model';
import type { StockItemDoc } from './stock.model';

/** The low-stock level a product starts with. */
export const DEFAULT_LOW_STOCK_AT = 10;

/** The catalogue's answers: the list, and each product (404 PRODUCT_NOT_FOUND for an unknown id). */
export interface CatalogueAnswers {
  list: PreparedAnswer;
  product(id: string): PreparedAnswer;
}

/** Who changed a count: the owner (by email), the shopper placing an order, or the shop itself. */
export type StockActor = string;

export interface StockServiceDeps {
  now?: () => number;
  /** The published products of the moment, as the database holds them (products/catalogue.ts). */
  catalogue: () => Promise<Catalogue>;
  /** Hidden ones too: a hidden product keeps its count and its name on the owner's pages. */
  wholeCatalogue: () => Promise<Catalogue>;
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
    textLow?: (productId: string, name: string, available: number) => void;
  };
}

export type StockMail = NonNullable<StockServiceDeps['mail']>;

/** The catalogue, switches and counts as last read, and the answers serialised from them. */
export interface StockState {
  at: number;
  key: string;
  catalogue: Catalogue;
  switches: Map<string, boolean>;
  counts: Map<string, StockItemDoc>;
  answers: CatalogueAnswers;
}

/**
 * What the stock module's functions share, one per service: the clock, the units a count starts
 * with, the mail, and what every seam must see alike: the cached state (set to undefined after
 * every change, so the catalogue is read again) and the counts' first making (once per process).
 */
export interface StockContext {
  now: () => number;
  catalogue: () => Promise<Catalogue>;
  wholeCatalogue: () => Promise<Catalogue>;
  initial: number;
  mail?: StockMail;
  state?: StockState;
  ready?: Promise<void>;
}

export const stockContext = (deps: StockServiceDeps): StockContext => ({
  now: deps.now ?? Date.now,
  catalogue: deps.catalogue,
  wholeCatalogue: deps.wholeCatalogue,
  initial: deps.initial ?? 100,
  mail: deps.mail,
});

export const background = (ctx: StockContext, task: () => Promise<unknown>) =>
  ctx.mail?.runInBackground(task);

/**
 * Gives each single product its count once: an upsert that only inserts, so a database from
 * before counts starts at `initial`, and two processes starting at once make one document each.
 */
export function ensureCounts(ctx: StockContext): Promise<void> {
  return (ctx.ready ??= (async () => {
    for (const id of stockedProductIds(await ctx.wholeCatalogue()))
      await openCount(ctx, id, ctx.initial, 'system');
  })().catch((err: unknown) => {
    ctx.ready = undefined;
    throw err;
  }));
}

/**
 * Starts a single product's count at `units` with its first ledger line, unless it has one (an
 * upsert that only inserts). The owner's new products start here, at the units she states.
 */
export async function openCount(
  ctx: StockContext,
  id: string,
  units: number,
  by: StockActor,
): Promise<void> {
  const first = {
    _id: `initial:${id}`,
    kind: 'initial' as const,
    change: units,
    reservedChange: 0,
    reason: 'Counting starts',
    orderId: null,
    by,
    at: new Date(ctx.now()),
  };
  try {
    const made = await withDbRetry(() =>
      StockItemModel.updateOne(
        { _id: id },
        {
          $setOnInsert: {
            onHand: units,
            reserved: 0,
            available: units,
            lowStockAt: DEFAULT_LOW_STOCK_AT,
            lowStockNotified: false,
            recent: [first],
            moveIds: [first._id],
          },
        },
        { upsert: true },
      ),
    );
    if (made.upsertedCount === 1) await copyToLedger([{ ...first, productId: id }]);
  } catch (err) {
    // The other process inserted it first: the count is there.
    if (!isDuplicateKey(err)) throw err;
  }
}
