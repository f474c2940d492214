export { WishlistPage as Component } from '../../features/wishlist/components/wishlist-page';
