import { wishlistResponseSchema } from '@vanya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** GET /wishlist: the signed-in user's wishlist as product ids. */
export async function getWishlist(): Promise<string[]> {
  const response = await api.get('/wishlist');
  return wishlistResponseSchema.parse(response.data);
}

/** Keyed by the session's token, so a new session never sees the previous one's list. */
export function wishlistQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: ['wishlist', token],
    queryFn: getWishlist,
    enabled: token !== null,
    // This tab's changes are saved as they happen; the list is fetched once per session.
    staleTime: Infinity,
  });
}

export function useWishlistQuery(token: string | null) {
  return useQuery(wishlistQueryOptions(token));
}
