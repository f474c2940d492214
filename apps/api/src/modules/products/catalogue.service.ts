import type { ProductCreate, ProductEdit } from '@vanya/contracts';
import { catalogueContext, currentCatalogue, wholeCatalogue } from './catalogue';
import { createProduct, duplicateProduct, editProduct, ownerProducts } from './owner-products';
import { addPhoto } from './product-photos';

/**
 * The catalogue of this process: the published products as sold now (kept 5 s, catalogue.ts), the
 * owner's list and edits (owner-products.ts), and the photos the owner adds, stored below
 * `uploadDir` (product-photos.ts).
 */
export function createCatalogue(uploadDir: string, now: () => number = Date.now) {
  const ctx = catalogueContext(now);
  return {
    current: () => currentCatalogue(ctx),
    whole: () => wholeCatalogue(ctx),
    ownerList: () => ownerProducts(ctx),
    edit: (id: string, edit: ProductEdit) => editProduct(ctx, id, edit),
    create: (body: ProductCreate, openCount: (id: string, units: number) => Promise<void>) =>
      createProduct(ctx, body, openCount),
    duplicate: (id: string, openCount: (id: string, units: number) => Promise<void>) =>
      duplicateProduct(ctx, id, openCount),
    addPhoto: (id: string, photo: Buffer) => addPhoto(ctx, uploadDir, id, photo),
  };
}

export type CatalogueService = ReturnType<typeof createCatalogue>;
