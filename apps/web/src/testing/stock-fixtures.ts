import { products } from '@vanya/catalog';
import type { ProductListResponse } from '@vanya/contracts';

/** GET /products as the API answers it, with the given ids switched out of stock. */
export function productsWithStock(outOfStock: string[]): ProductListResponse {
  return products.map((product) => ({
    ...product,
    images: [...product.images],
    ingredients: [...product.ingredients],
    benefits: [...product.benefits],
    relatedProductIds: [...product.relatedProductIds],
    howToUseDescription: [...product.howToUseDescription],
    contents: product.contents.map((item) => ({ ...item })),
    inStock: !outOfStock.includes(product.id),
  }));
}
