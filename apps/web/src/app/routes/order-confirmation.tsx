export { OrderConfirmationPage as Component } from '../../features/orders/components/order-confirmation-page';
