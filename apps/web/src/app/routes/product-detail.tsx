export { ProductDetailPage as Component } from '../../features/catalog/components/product-detail-page';
