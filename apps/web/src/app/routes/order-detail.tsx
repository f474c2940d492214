export { OrderDetailPage as Component } from '../../features/orders/components/order-detail-page';
