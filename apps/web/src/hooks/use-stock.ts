import { queryOptions, useQuery } from '@tanstack/react-query';
import { productListResponseSchema } from '@vanya/contracts';

import { api } from '../lib/api-client';

// The catalogue itself comes from packages/catalog; only the owner's in-stock switch comes from the
// API. Shared by the catalogue, the cart and the checkout, so it lives outside the features.

/** GET /products, reduced to the ids switched out of stock. */
export async function getOutOfStock(): Promise<string[]> {
  const { data } = await api.get('/products');
  return productListResponseSchema
    .parse(data)
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
