import { bundleFacts } from '@vanya/catalog';
import type { Catalogue, GstRate } from '@vanya/catalog';
import { slugOf } from '@vanya/contracts';
import type { AdminProduct, ProductCreate, ProductEdit } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { AppError, conflict } from '../../platform/errors/app-error';
import { forgetCatalogue, productOf, seedCatalogue, wholeCatalogue } from './catalogue';
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

/** GET /admin/products: every product, drafts, hidden and archived ones too, in the shop's order. */
export async function ownerProducts(ctx: CatalogueContext): Promise<AdminProduct[]> {
  await seedCatalogue(ctx);
  const docs = await withDbRetry(() =>
    ProductModel.find({}).sort({ position: 1, _id: 1 }).lean<ProductDoc[]>(),
  );
  const at = ctx.now();
  return docs.map((doc) => ownerView(doc, at));
}

/**
 * A product id the catalogue does not have where one is needed, said beside its field (`issues`,
 * the shape of the schema's refusals). Its own code: which ids exist is the shop's state.
 */
const fieldRefused = (field: string, message: string) =>
  new AppError(400, 'UNKNOWN_PRODUCT', message, {
    issues: [{ path: [field], message, code: 'custom' }],
  });

/**
 * The fields as stored: the sale's times as dates, and a bundle's ingredients, HSN code and rate
 * taken from its contents, which must be single products of the catalogue; related products must
 * exist. `id` is the product's own id (it can neither hold nor name itself).
 */
function storedFields(edit: ProductEdit, id: string, whole: Catalogue) {
  const items = edit.contents.map(({ productId }) => {
    const item = productId === id ? undefined : whole.get(productId);
    if (!item || item.contents.length > 0)
      throw fieldRefused('contents', `A bundle holds single products; '${productId}' is not one`);
    return item;
  });
  const unknown = edit.relatedProductIds.find((other) => other === id || !whole.get(other));
  if (unknown !== undefined)
    throw fieldRefused('relatedProductIds', `'${unknown}' is not another product of the shop`);
  const sale = edit.sale
    ? {
        price: edit.sale.price,
        startsAt: new Date(edit.sale.startsAt),
        endsAt: new Date(edit.sale.endsAt),
      }
    : null;
  // The schema holds a single's HSN and rate to one of the shop's tax classes.
  const tax = { hsn: edit.hsn, gstRate: edit.gstRate as GstRate };
  return { ...edit, ...(items.length > 0 ? bundleFacts(items) : tax), sale };
}

/**
 * PUT /admin/products/{id}: the owner's change, in one write; this process sells it at once,
 * the others once their copy expires. 404 PRODUCT_NOT_FOUND for an unknown id. A single product
 * stays single and a bundle a bundle (a count's history belongs to one kind): 409
 * PRODUCT_KIND_FIXED; duplicate it as the other kind instead.
 */
export async function editProduct(
  ctx: CatalogueContext,
  id: string,
  edit: ProductEdit,
): Promise<AdminProduct> {
  const whole = await wholeCatalogue(ctx);
  const before = whole.get(id);
  if (!before) throw productNotFound(id);
  if (before.contents.length > 0 !== edit.contents.length > 0)
    throw conflict(
      'A single product cannot become a bundle, nor a bundle a single product: add a new product instead.',
      'PRODUCT_KIND_FIXED',
    );
  const fields = storedFields(edit, id, whole);
  const doc = await withDbRetry(() =>
    ProductModel.findOneAndUpdate(
      { _id: id },
      { $set: fields },
      { returnDocument: 'after' },
    ).lean<ProductDoc>(),
  );
  if (!doc) throw productNotFound(id);
  forgetCatalogue(ctx);
  return ownerView(doc, ctx.now());
}

/** The position after the last product: a new product comes last in the shop's order. */
async function nextPosition(): Promise<number> {
  const last = await ProductModel.findOne({}, { position: 1 })
    .sort({ position: -1 })
    .lean<{ position: number }>();
  return (last?.position ?? -1) + 1;
}

/** The first of `base`, `base-2`, `base-3`... no product has. */
function freeId(base: string, whole: Catalogue): string {
  let id = base;
  for (let n = 2; whole.get(id); n++) id = `${base}-${n}`;
  return id;
}

/** Inserts a new product's document; 409 PRODUCT_ID_TAKEN when its id is someone's. */
async function insertProduct(ctx: CatalogueContext, doc: ProductDoc): Promise<AdminProduct> {
  try {
    await withDbRetry(() => ProductModel.insertMany([doc]));
  } catch (err) {
    if (isDuplicateKey(err))
      throw conflict(`Another product has the id '${doc._id}'.`, 'PRODUCT_ID_TAKEN');
    throw err;
  }
  forgetCatalogue(ctx);
  const stored = await ProductModel.findById(doc._id).lean<ProductDoc>();
  return ownerView(stored!, ctx.now());
}

/**
 * POST /admin/products: a new product at the end of the shop's order, under the id given or one
 * made from its name. A single product's count is opened (`openCount`, the stock service's)
 * before the product exists, so no process ever sells it without one.
 */
export async function createProduct(
  ctx: CatalogueContext,
  body: ProductCreate,
  openCount: (id: string, units: number) => Promise<void>,
): Promise<AdminProduct> {
  const { id: asked, openingStock, ...edit } = body;
  const whole = await wholeCatalogue(ctx);
  if (asked && whole.get(asked))
    throw conflict(`Another product has the id '${asked}'.`, 'PRODUCT_ID_TAKEN');
  const id = asked ?? freeId(slugOf(edit.name), whole);
  const fields = storedFields(edit, id, whole);
  if (fields.contents.length === 0) await openCount(id, openingStock);
  return insertProduct(ctx, { ...fields, _id: id, position: await nextPosition(), rating: 0 });
}

/**
 * POST /admin/products/{id}/duplicate: a draft copy at the end, '<name> (copy)' under
 * '<id>-copy' (or -copy-2...), with the photos, words, prices and contents; no sale; a single
 * product's copy with a count of none.
 */
export async function duplicateProduct(
  ctx: CatalogueContext,
  id: string,
  openCount: (id: string, units: number) => Promise<void>,
): Promise<AdminProduct> {
  const whole = await wholeCatalogue(ctx);
  const source = await ProductModel.findById(id).lean<ProductDoc>();
  if (!source) throw productNotFound(id);
  const { createdAt: _c, updatedAt: _u, ...fields } = source as ProductDoc & { createdAt?: Date };
  const copyId = freeId(`${id.slice(0, 52)}-copy`, whole);
  // A copy of a single product is counted from none (its units are the owner's to receive).
  if (fields.contents.length === 0) await openCount(copyId, 0);
  return insertProduct(ctx, {
    ...fields,
    _id: copyId,
    name: `${source.name} (copy)`.slice(0, 80),
    status: 'draft',
    sale: null,
    position: await nextPosition(),
  });
}
