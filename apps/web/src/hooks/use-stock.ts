import type { Product } from '@vanya/catalog';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';
import { PRODUCTS_QUERY_KEY } from './use-catalogue';

// GET /products: every product the shop sells with what can be bought (the owner's "stop selling"
// switch and the counts). The products themselves go to the page's catalogue (use-catalogue.tsx),
// which follows this answer; the stock is read here. Shared by the catalogue, the cart and the
// checkout, so it lives outside the features.

export interface StockView {
  /** Ids that cannot be bought now. */
  out: string[];
  /** How many are left, for products with 5 or fewer (the API says nothing more exact). */
  left: Record<string, number>;
  /** The products as the API serves them; null if the answer carried no whole products. */
  products: readonly Product[] | null;
}

/**
 * Whether an item of the answer looks like a whole product (the fields every page draws), not
 * only its stock: a test double may answer the stock alone, and a page keeps its catalogue then.
 */
function isWholeProduct(item: Record<string, unknown>): boolean {
  return (
    typeof item.name === 'string' &&
    Number.isSafeInteger(item.price) &&
    Number.isSafeInteger(item.mrp) &&
    Array.isArray(item.images) &&
    Array.isArray(item.contents)
  );
}

/**
 * GET /products: what cannot be bought, what is nearly gone, and the products. Checked by hand,
 * not with the contracts' zod schema: this runs on every first page, and zod would be a third of
 * its JavaScript. Only the stock fields are required; an answer without them is an error
 * (everything then counts as in stock, as while loading).
 */
export async function getStock(): Promise<StockView> {
  const { data } = await api.get<unknown>('/products');
  if (!Array.isArray(data)) throw new Error('GET /products did not answer a list');
  const view: StockView = { out: [], left: {}, products: null };
  for (const product of data as unknown[]) {
    const { id, inStock, available } = (product ?? {}) as {
      id?: unknown;
      inStock?: unknown;
      available?: unknown;
    };
    if (typeof id !== 'string' || typeof inStock !== 'boolean')
      throw new Error('GET /products answered a product without id or inStock');
    if (!inStock) view.out.push(id);
    else if (typeof available === 'number') view.left[id] = available;
  }
  // An empty list says only that nothing is out of stock, not that the catalogue is empty: a page
  // without products would have nothing left to show (and the test doubles answer [] for stock).
  const whole = data.length > 0 && (data as Record<string, unknown>[]).every(isWholeProduct);
  if (whole) view.products = data as Product[];
  return view;
}

export function stockQueryOptions() {
  return queryOptions({
    queryKey: PRODUCTS_QUERY_KEY,
    queryFn: getStock,
    staleTime: 60_000,
  });
}

/**
 * Whether a product can be bought, and how many are left when only a few are. Until the answer
 * arrives (or when it cannot be had) everything counts as in stock: the server refuses an order
 * it cannot fill anyway.
 */
export function useStock() {
  const { data } = useQuery(stockQueryOptions());
  const out = new Set(data?.out ?? []);
  return {
    isOutOfStock: (productId: string) => out.has(productId),
    /** The number left when it is 5 or fewer (and some are), else null. */
    leftOf: (productId: string): number | null => data?.left[productId] ?? null,
  };
}
