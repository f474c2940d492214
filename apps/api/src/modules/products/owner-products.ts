import type { AdminProduct, ProductEdit } from '@vanya/contracts';
import { withDbRetry } from '../../platform/db/retry';
import { forgetCatalogue, productOf, seedCatalogue } from './catalogue';
import type { CatalogueContext, ProductDoc } from './catalogue';
import { productNotFound } from '../stock/stock-answers';
import { ProductModel } from './product.model';

/** A product as the owner sees it at `at`: as sold now, with its regular price, sale and status. */
export function ownerView(doc: ProductDoc, at: number): AdminProduct {
  const { inStock: _inStock, ...sold } = productOf(doc, at);
  return {
    ...sold,
    images: [...sold.images],
    ingredients: [...sold.ingredients],
    benefits: [...sold.benefits],
    relatedProductIds: [...sold.relatedProductIds],
    howToUseDescription: [...sold.howToUseDescription],
    contents: sold.contents.map((item) => ({ ...item })),
    regularPrice: doc.price,
    sale: doc.sale
      ? {
          price: doc.sale.price,
          startsAt: doc.sale.startsAt.toISOString(),
          endsAt: doc.sale.endsAt.toISOString(),
        }
      : null,
    status: doc.status,
    updatedAt: (doc.updatedAt ?? new Date(at)).toISOString(),
  };
}

/** GET /admin/products: every product, hidden ones too, in the shop's order. */
export async function ownerProducts(ctx: CatalogueContext): Promise<AdminProduct[]> {
  await seedCatalogue(ctx);
  const docs = await withDbRetry(() =>
    ProductModel.find({}).sort({ position: 1, _id: 1 }).lean<ProductDoc[]>(),
  );
  const at = ctx.now();
  return docs.map((doc) => ownerView(doc, at));
}

/**
 * PUT /admin/products/{id}: the owner's change, in one write; this process sells it at once,
 * the others once their copy expires. 404 PRODUCT_NOT_FOUND for an unknown id.
 */
export async function editProduct(
  ctx: CatalogueContext,
  id: string,
  edit: ProductEdit,
): Promise<AdminProduct> {
  await seedCatalogue(ctx);
  const sale = edit.sale
    ? {
        price: edit.sale.price,
        startsAt: new Date(edit.sale.startsAt),
        endsAt: new Date(edit.sale.endsAt),
      }
    : null;
  const doc = await withDbRetry(() =>
    ProductModel.findOneAndUpdate(
      { _id: id },
      { $set: { ...edit, sale } },
      { returnDocument: 'after' },
    ).lean<ProductDoc>(),
  );
  if (!doc) throw productNotFound(id);
  forgetCatalogue(ctx);
  return ownerView(doc, ctx.now());
}
