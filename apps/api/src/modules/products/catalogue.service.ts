import type { ProductCreate, ProductEdit } from '@vanya/contracts';
import { catalogueContext, currentCatalogue, wholeCatalogue } from './catalogue';
import { createProduct, duplicateProduct, editProduct, ownerProducts } from './owner-products';

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
    create: (body: ProductCreate, openCount: (id: string, units: number) => Promise<void>) =>
      createProduct(ctx, body, openCount),
    duplicate: (id: string) => duplicateProduct(ctx, id),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogue>;
