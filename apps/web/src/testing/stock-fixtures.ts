import { products } from '@vanya/catalog';
import type { ProductListResponse } from '@vanya/contracts';

/**
 * GET /products as the API answers it, with the given ids out of stock and, in `left`, how many
 * are left of those nearly gone.
 */
export function productsWithStock(
  outOfStock: string[],
  left: Record<string, number> = {},
): ProductListResponse {
  return products.map((product) => ({
    ...product,
    images: [...product.images],
    ingredients: [...product.ingredients],
    benefits: [...product.benefits],
    relatedProductIds: [...product.relatedProductIds],
    howToUseDescription: [...product.howToUseDescription],
    contents: product.contents.map((item) => ({ ...item })),
    inStock: !outOfStock.includes(product.id),
    available: outOfStock.includes(product.id) ? 0 : (left[product.id] ?? null),
  }));
}
