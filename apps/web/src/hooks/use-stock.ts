import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

// The catalogue itself comes from packages/catalog; only the owner's in-stock switch comes from the
// API. Shared by the catalogue, the cart and the checkout, so it lives outside the features.

/**
 * GET /products, reduced to the ids switched out of stock. Checked by hand, not with the contracts'
 * zod schema: this runs on every first page, and zod would be a third of its JavaScript. Only the
 * two fields read here are checked; an answer without them is an error (everything then counts as
 * in stock, as while loading).
 */
export async function getOutOfStock(): Promise<string[]> {
  const { data } = await api.get<unknown>('/products');
  if (!Array.isArray(data)) throw new Error('GET /products did not answer a list');
  return data
    .map((product: unknown) => {
      const { id, inStock } = (product ?? {}) as { id?: unknown; inStock?: unknown };
      if (typeof id !== 'string' || typeof inStock !== 'boolean')
        throw new Error('GET /products answered a product without id or inStock');
      return { id, inStock };
    })
    .filter((product) => !product.inStock)
    .map((product) => product.id);
}

export function stockQueryOptions() {
  return queryOptions({
    queryKey: ['products', 'stock'],
    queryFn: getOutOfStock,
    staleTime: 60_000,
  });
}

/**
 * Whether a product can be bought. Until the answer arrives (or when it cannot be had) everything
 * counts as in stock: the server refuses an order with an item out of stock anyway.
 */
export function useStock() {
  const { data } = useQuery(stockQueryOptions());
  const out = new Set(data ?? []);
  return { isOutOfStock: (productId: string) => out.has(productId) };
}
