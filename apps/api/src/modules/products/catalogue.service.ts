import type { ProductEdit } from '@vanya/contracts';
import { catalogueContext, currentCatalogue, wholeCatalogue } from './catalogue';
import { editProduct, ownerProducts } from './owner-products';

/**
 * The catalogue of this process: the published products as sold now (kept 5 s, catalogue.ts), and
 * the owner's list and edits (owner-products.ts).
 */
export function createCatalogue(now: () => number = Date.now) {
  const ctx = catalogueContext(now);
  return {
    current: () => currentCatalogue(ctx),
    whole: () => wholeCatalogue(ctx),
    ownerList: () => ownerProducts(ctx),
    edit: (id: string, edit: ProductEdit) => editProduct(ctx, id, edit),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogue>;
