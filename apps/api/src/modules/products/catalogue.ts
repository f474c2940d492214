import { catalogueOf, STARTER_CATALOGUE } from '@vanya/catalog';
import type { Catalogue, GstRate, Product, ProductCategory, ProductId } from '@vanya/catalog';
import type { ProductStatus } from '@vanya/contracts';
import { isDuplicateKey } from '../../platform/db/duplicate-key';
import { withDbRetry } from '../../platform/db/retry';
import { ProductModel } from './product.model';

/**
 * How long a process may sell from a catalogue another process changed. Every process reads the
 * published products again once its copy is older than this (one small query), and at once after
 * its own change, so several API processes agree within seconds without telling one another.
 */
export const CATALOGUE_CACHE_MS = 5000;

/** A product as the database keeps it. */
export interface ProductDoc extends Omit<Product, 'id' | 'image' | 'discountedPrice' | 'inStock'> {
  _id: string;
  position: number;
  status: ProductStatus;
  sale?: { price: number; startsAt: Date; endsAt: Date } | null;
  updatedAt?: Date;
}

/** Whether the product's sale runs at `at`: from its start (included) until its end. */
export function saleRuns(doc: Pick<ProductDoc, 'sale'>, at: number): boolean {
  return Boolean(doc.sale && doc.sale.startsAt.getTime() <= at && at < doc.sale.endsAt.getTime());
}

/** The catalogue as last read, and when. */
export interface CatalogueContext {
  now: () => number;
  state?: { at: number; json: string; catalogue: Catalogue; whole: Catalogue };
  seeded?: Promise<void>;
}

export const catalogueContext = (now: () => number = Date.now): CatalogueContext => ({ now });

/** The product the shop sells at `at`, from its document: at the sale's price while it runs. */
export function productOf(doc: ProductDoc, at: number): Product {
  const price = saleRuns(doc, at) ? doc.sale!.price : doc.price;
  return {
    id: doc._id as ProductId,
    name: doc.name,
    description: doc.description,
    longdescription: doc.longdescription,
    mrp: doc.mrp,
    price,
    discountedPrice: price,
    image: doc.images[0] ?? '',
    images: doc.images,
    category: doc.category as ProductCategory,
    ingredients: doc.ingredients,
    benefits: doc.benefits,
    size: doc.size,
    inStock: true,
    featured: doc.featured,
    isNew: doc.isNew,
    rating: doc.rating,
    relatedProductIds: doc.relatedProductIds as ProductId[],
    howToUseDescription: doc.howToUseDescription,
    howToUseVideo: doc.howToUseVideo,
    hsn: doc.hsn,
    gstRate: doc.gstRate as GstRate,
    contents: doc.contents.map(({ productId, quantity }) => ({
      productId: productId as ProductId,
      quantity,
    })),
  };
}

/** A product's document, as the starter catalogue gives it (published, in the shop's order). */
function starterDoc(product: Product, position: number): ProductDoc {
  const { id, image: _image, discountedPrice: _price, inStock: _inStock, ...fields } = product;
  return { ...fields, _id: id, position, status: 'published', sale: null };
}

/**
 * Puts the nine starter products in the database once: inserted where missing, so a product the
 * owner changed is never written back, and two processes starting at once make one each (the
 * other's insert is refused by the id, which is all a duplicate key means here).
 */
export function seedCatalogue(ctx: CatalogueContext): Promise<void> {
  const docs = STARTER_CATALOGUE.products.map(starterDoc);
  return (ctx.seeded ??= withDbRetry(async () => {
    const known = await ProductModel.find({}, { _id: 1 }).lean<{ _id: string }[]>();
    const missing = docs.filter((doc) => !known.some((k) => k._id === doc._id));
    if (missing.length === 0) return;
    await ProductModel.insertMany(missing, { ordered: false }).catch((err: unknown) => {
      if (!isDuplicateKey(err)) throw err;
    });
  }).catch((err: unknown) => {
    ctx.seeded = undefined;
    throw err;
  }));
}

/**
 * Every product in the shop's order, as sold now, read again once the copy is CATALOGUE_CACHE_MS
 * old. A read that finds what the copy holds keeps the copy, so a catalogue that did not change is
 * the same object (what is cached by it, such as the rendered pages, stays).
 */
async function read(ctx: CatalogueContext): Promise<NonNullable<CatalogueContext['state']>> {
  const at = ctx.now();
  if (ctx.state && at - ctx.state.at < CATALOGUE_CACHE_MS) return ctx.state;
  await seedCatalogue(ctx);
  const docs = await withDbRetry(() =>
    ProductModel.find({}).sort({ position: 1, _id: 1 }).lean<ProductDoc[]>(),
  );
  const json = JSON.stringify(docs.map((doc) => [doc.status, productOf(doc, at)]));
  if (ctx.state?.json === json) {
    ctx.state.at = at;
    return ctx.state;
  }
  const published = docs.filter((doc) => doc.status === 'published');
  ctx.state = {
    at,
    json,
    catalogue: catalogueOf(published.map((doc) => productOf(doc, at))),
    whole: catalogueOf(docs.map((doc) => productOf(doc, at))),
  };
  return ctx.state;
}

/** The published products as sold now: what shoppers see, buy and are priced by. */
export async function currentCatalogue(ctx: CatalogueContext): Promise<Catalogue> {
  return (await read(ctx)).catalogue;
}

/** Hidden products too: what the owner's stock counts and names. */
export async function wholeCatalogue(ctx: CatalogueContext): Promise<Catalogue> {
  return (await read(ctx)).whole;
}

/** After a change in this process: the next read goes to the database. */
export function forgetCatalogue(ctx: CatalogueContext): void {
  if (ctx.state) ctx.state.at = -Infinity;
}
