import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import { getProduct, products } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import mongoose, { Schema } from 'mongoose';
import { withDbRetry } from '../../platform/db/retry';
import { conflict, notFound } from '../../platform/errors/app-error';

/** The owner's in-stock switch per product: one small document per product switched off or on. */
const stockSchema = new Schema(
  { _id: { type: String, required: true }, inStock: { type: Boolean, required: true } },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true }, collection: 'stock' },
);
export const StockModel = mongoose.model('Stock', stockSchema);

/** How long another API process may show a switch that changed elsewhere. */
const STOCK_CACHE_MS = 5000;

export const outOfStockMessage = (name: string) =>
  `Sorry, ${name} is out of stock. Please remove it from your cart to place the order.`;

/**
 * Stock as the owner set it, read once per few seconds (the collection holds a document per
 * product at most), with the catalogue's own flag for products never switched.
 */
/** One form of a JSON answer: its bytes and a strong ETag of them. */
export interface JsonVariant {
  body: Buffer;
  etag: string;
}

/** A JSON answer serialised once, with brotli and gzip forms when it is 1 KB or more. */
export interface JsonAnswer {
  identity: JsonVariant;
  br?: JsonVariant;
  gzip?: JsonVariant;
}

/** The catalogue's answers: the list, and each product (404 PRODUCT_NOT_FOUND for an unknown id). */
export interface CatalogueAnswers {
  list: JsonAnswer;
  product(id: string): JsonAnswer;
}

/** Below this, compressing costs more than it saves (the same threshold as the API's). */
const COMPRESS_FROM_BYTES = 1024;

function jsonVariant(body: Buffer, encoding?: 'br' | 'gzip'): JsonVariant {
  const hash = createHash('sha1').update(body).digest('base64url');
  // Each form has its own ETag: a cache must never answer gzip bytes to a br request.
  return { body, etag: `"${hash}${encoding ? `-${encoding}` : ''}"` };
}

function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value));
  if (body.length < COMPRESS_FROM_BYTES) return { identity: jsonVariant(body) };
  return {
    identity: jsonVariant(body),
    br: jsonVariant(
      brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
      'br',
    ),
    gzip: jsonVariant(gzipSync(body, { level: 9 }), 'gzip'),
  };
}

export function createStockService(now: () => number = Date.now) {
  let cached: { at: number; switches: Map<string, boolean> } | undefined;
  // The catalogue's JSON for the switches it was built from: rebuilt (and compressed) only when
  // what they say changes, not each time they are read again.
  let answers: (CatalogueAnswers & { key: string; map: Map<string, boolean> }) | undefined;

  /** The catalogue and each product as JSON bytes, serialised once per state of the switches. */
  function answersFor(map: Map<string, boolean>): CatalogueAnswers {
    if (answers?.map === map) return answers;
    const key = JSON.stringify([...map].sort());
    if (answers?.key === key) {
      answers.map = map; // read again, unchanged: the same bytes
      return answers;
    }
    const list = products.map((p) => withStock(p, map));
    const byId = new Map<string, JsonAnswer>(list.map((p) => [p.id, jsonAnswer(p)]));
    answers = {
      key,
      map,
      list: jsonAnswer(list),
      product(id: string) {
        const answer = byId.get(id);
        if (!answer) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
        return answer;
      },
    };
    return answers;
  }

  let refreshing: Promise<Map<string, boolean>> | undefined;
  // Bumped by every switch changed here: a read begun before the change must not store its result.
  let generation = 0;

  async function readSwitches(): Promise<Map<string, boolean>> {
    const startedIn = generation;
    const rows = await withDbRetry(() =>
      StockModel.find({}).lean<{ _id: string; inStock: boolean }[]>(),
    );
    const read = new Map(rows.map((r) => [r._id, r.inStock]));
    if (startedIn === generation) cached = { at: now(), switches: read };
    return read;
  }

  /**
   * The switches, read again once they are a few seconds old. A read that finds them old answers
   * with them and refreshes them behind (one refresh at a time): the catalogue never waits for the
   * database, which may be busy (a burst of logins writing their history). Only the first read, and
   * the first after the owner changes a switch here, waits.
   */
  function switchesNow(): Map<string, boolean> | undefined {
    if (!cached) return undefined;
    if (now() - cached.at >= STOCK_CACHE_MS) {
      refresh().catch(() => {
        // The next read tries again; until then the switches as last read stand.
      });
    }
    return cached.switches;
  }

  function refresh(): Promise<Map<string, boolean>> {
    const reading = (refreshing ??= readSwitches().finally(() => {
      if (refreshing === reading) refreshing = undefined;
    }));
    return reading;
  }

  async function switches(): Promise<Map<string, boolean>> {
    return switchesNow() ?? refresh();
  }

  const withStock = (product: Product, map: Map<string, boolean>): Product => ({
    ...product,
    inStock: map.get(product.id) ?? product.inStock,
  });

  return {
    async list(): Promise<Product[]> {
      const map = await switches();
      return products.map((p) => withStock(p, map));
    },
    async get(id: string): Promise<Product> {
      const product = getProduct(id);
      if (!product) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      return withStock(product, await switches());
    },
    /**
     * GET /products and /products/:id as JSON bytes, the same as `list()` and `get(id)` give,
     * serialised once: at once when the switches have been read (the hot path), else after the
     * first read.
     */
    answersNow(): CatalogueAnswers | undefined {
      const map = switchesNow();
      return map && answersFor(map);
    },
    async answers(): Promise<CatalogueAnswers> {
      return answersFor(await switches());
    },
    async set(id: string, inStock: boolean): Promise<{ productId: string; inStock: boolean }> {
      if (!getProduct(id)) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      await withDbRetry(() =>
        StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
      );
      generation += 1;
      cached = undefined;
      refreshing = undefined;
      return { productId: id, inStock };
    },
    /** Refuses (409 OUT_OF_STOCK) an order with any item switched out of stock. */
    async assertInStock(items: readonly { productId: string }[]): Promise<void> {
      const map = await switches();
      for (const item of items) {
        const product = getProduct(item.productId);
        if (product && !withStock(product, map).inStock)
          throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
            productId: product.id,
          });
      }
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
