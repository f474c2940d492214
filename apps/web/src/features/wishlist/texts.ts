export const WISHLIST_TEXTS = {
  heading: 'My Wishlist',
  emptyTitle: 'Your wishlist is empty',
  emptyMessage: 'Tap the heart on any product to keep it here for later.',
  browseProducts: 'Browse Products',
} as const;
