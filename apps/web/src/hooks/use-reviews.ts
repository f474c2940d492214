import type { ReviewList } from '@vanya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../lib/api-client';

// GET /products/:id/reviews: the product page's stars and its reviews section read it. Checked by
// hand rather than with the contracts' zod schema, which would load zod with the product page.

function readList(data: unknown): ReviewList {
  const list = (data ?? {}) as Partial<ReviewList>;
  if (
    !Array.isArray(list.items) ||
    typeof list.average !== 'number' ||
    typeof list.count !== 'number'
  )
    throw new Error('GET /products/:id/reviews answered in an unexpected shape');
  return list as ReviewList;
}

export function reviewsQueryOptions(productId: string) {
  return queryOptions({
    queryKey: ['reviews', productId],
    queryFn: async () =>
      readList((await api.get<unknown>(`/products/${encodeURIComponent(productId)}/reviews`)).data),
    staleTime: 60_000,
  });
}

export function useReviews(productId: string) {
  return useQuery(reviewsQueryOptions(productId));
}
