export { CartPage as Component } from '../../features/cart/components/cart-page';
