import { createHash } from 'node:crypto';
import { getProduct, products } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import mongoose, { Schema } from 'mongoose';
import { withDbRetry } from '../../shared/db/retry';
import { conflict, notFound } from '../../shared/errors/app-error';

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
/** A JSON answer serialised once: its bytes and a strong ETag of them. */
export interface JsonAnswer {
  body: Buffer;
  etag: string;
}

function jsonAnswer(value: unknown): JsonAnswer {
  const body = Buffer.from(JSON.stringify(value));
  return { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
}

export function createStockService(now: () => number = Date.now) {
  let cached: { at: number; switches: Map<string, boolean> } | undefined;
  // The catalogue's JSON for the switches it was built from: rebuilt only when they change.
  let answers:
    { switches: Map<string, boolean>; list: JsonAnswer; byId: Map<string, JsonAnswer> } | undefined;

  /** The catalogue and each product as JSON bytes, serialised once per state of the switches. */
  async function serialised() {
    const map = await switches();
    if (answers?.switches !== map) {
      const list = products.map((p) => withStock(p, map));
      answers = {
        switches: map,
        list: jsonAnswer(list),
        byId: new Map(list.map((p) => [p.id, jsonAnswer(p)])),
      };
    }
    return answers;
  }

  async function switches(): Promise<Map<string, boolean>> {
    if (cached && now() - cached.at < STOCK_CACHE_MS) return cached.switches;
    const rows = await withDbRetry(() =>
      StockModel.find({}).lean<{ _id: string; inStock: boolean }[]>(),
    );
    cached = { at: now(), switches: new Map(rows.map((r) => [r._id, r.inStock])) };
    return cached.switches;
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
    /** GET /products as JSON bytes, the same as `list()` gives, serialised once. */
    async listAnswer(): Promise<JsonAnswer> {
      return (await serialised()).list;
    },
    /** GET /products/:id as JSON bytes, the same as `get(id)` gives, serialised once. */
    async productAnswer(id: string): Promise<JsonAnswer> {
      const answer = (await serialised()).byId.get(id);
      if (!answer) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      return answer;
    },
    async set(id: string, inStock: boolean): Promise<{ productId: string; inStock: boolean }> {
      if (!getProduct(id)) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      await withDbRetry(() =>
        StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
      );
      cached = undefined;
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
