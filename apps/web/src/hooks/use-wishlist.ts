import { WISHLIST_MESSAGES } from '@vanya/contracts';
import { useCallback, useSyncExternalStore } from 'react';

import { useToast } from '../components/ui/toast';
import {
  getWishlist,
  subscribeToWishlist,
  toggleWishlist,
  type WishlistSnapshot,
} from '../lib/wishlist-store';

const GUEST_EMPTY: WishlistSnapshot = { ids: [], status: 'guest' };
const serverSnapshot = () => GUEST_EMPTY;

/** The wishlist's ids and whether a signed-in user's list is still loading. */
export function useWishlist(): WishlistSnapshot {
  return useSyncExternalStore(subscribeToWishlist, getWishlist, serverSnapshot);
}

/** Toggles a product on the wishlist and says what happened. */
export function useToggleWishlist(): (productId: string) => void {
  const toast = useToast();
  return useCallback(
    (productId: string) => {
      const added = toggleWishlist(productId);
      toast.success(added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed);
    },
    [toast],
  );
}
