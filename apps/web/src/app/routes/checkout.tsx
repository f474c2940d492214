export { CheckoutPage as Component } from '../../features/checkout/components/checkout-page';
