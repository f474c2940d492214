import { getProduct, products } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import { notFound } from '../../shared/errors/app-error';

export function listProducts(): readonly Product[] {
  return products;
}

export function findProduct(id: string): Product {
  const product = getProduct(id);
  if (!product) throw notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');
  return product;
}
