import { WISHLIST_MESSAGES } from '@vanya/contracts';

// Texts of the wishlist page.
export const WISHLIST_TEXTS = {
  heading: 'My Wishlist',
  count: (count: number) => `${count} ${count === 1 ? 'item' : 'items'}`,
  clearAll: 'Clear All',
  moveToCart: 'Move to Cart',
  remove: 'Remove',
  emptyTitle: 'Your wishlist is empty',
  emptyMessage: 'Tap the heart on any product to keep it here for later.',
  browseProducts: 'Browse Products',
  loading: 'Loading your wishlist…',
  removed: WISHLIST_MESSAGES.removed,
  movedToCart: WISHLIST_MESSAGES.movedToCart,
  cleared: WISHLIST_MESSAGES.cleared,
} as const;
