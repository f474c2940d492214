export { ProductsPage as Component } from '../../features/catalog/components/products-page';
