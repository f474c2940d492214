import { createHash } from 'node:crypto';
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

/** A JSON answer serialised once, with an ETag of its bytes (weak: it stands for every encoding). */
export interface JsonAnswer {
  body: string;
  etag: string;
}

function jsonAnswer(value: unknown): JsonAnswer {
  const body = JSON.stringify(value);
  return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
}

/** The catalogue's answers: the list, and each product (404 PRODUCT_NOT_FOUND for an unknown id). */
export interface CatalogueAnswers {
  list: JsonAnswer;
  product(id: string): JsonAnswer;
}

interface State {
  at: number;
  key: string;
  switches: Map<string, boolean>;
  answers: CatalogueAnswers;
}

const withStock = (product: Product, switches: Map<string, boolean>): Product => ({
  ...product,
  inStock: switches.get(product.id) ?? product.inStock,
});

function catalogueAnswers(switches: Map<string, boolean>): CatalogueAnswers {
  const list = products.map((p) => withStock(p, switches));
  const byId = new Map<string, JsonAnswer>(list.map((p) => [p.id, jsonAnswer(p)]));
  return {
    list: jsonAnswer(list),
    product(id: string) {
      const answer = byId.get(id);
      if (!answer) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      return answer;
    },
  };
}

/**
 * The owner's switches, read at most every few seconds, and the catalogue's JSON serialised once
 * per state of them (the catalogue itself is code, in packages/catalog).
 */
export function createStockService(now: () => number = Date.now) {
  let state: State | undefined;

  async function current(): Promise<State> {
    if (state && now() - state.at < STOCK_CACHE_MS) return state;
    const rows = await withDbRetry(() =>
      StockModel.find({}).lean<{ _id: string; inStock: boolean }[]>(),
    );
    const switches = new Map(rows.map((r) => [r._id, r.inStock]));
    const key = JSON.stringify([...switches].sort());
    const answers = state?.key === key ? state.answers : catalogueAnswers(switches);
    state = { at: now(), key, switches, answers };
    return state;
  }

  return {
    async list(): Promise<Product[]> {
      const { switches } = await current();
      return products.map((p) => withStock(p, switches));
    },
    async get(id: string): Promise<Product> {
      const product = getProduct(id);
      if (!product) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      return withStock(product, (await current()).switches);
    },
    /** GET /products and /products/:id as JSON, serialised once per state of the switches. */
    async answers(): Promise<CatalogueAnswers> {
      return (await current()).answers;
    },
    async set(id: string, inStock: boolean): Promise<{ productId: string; inStock: boolean }> {
      if (!getProduct(id)) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
      await withDbRetry(() =>
        StockModel.updateOne({ _id: id }, { $set: { inStock } }, { upsert: true }),
      );
      state = undefined;
      return { productId: id, inStock };
    },
    /** Refuses (409 OUT_OF_STOCK) an order with any item switched out of stock. */
    async assertInStock(items: readonly { productId: string }[]): Promise<void> {
      const { switches } = await current();
      for (const item of items) {
        const product = getProduct(item.productId);
        if (product && !withStock(product, switches).inStock)
          throw conflict(outOfStockMessage(product.name), 'OUT_OF_STOCK', {
            productId: product.id,
          });
      }
    },
  };
}

export type StockService = ReturnType<typeof createStockService>;
