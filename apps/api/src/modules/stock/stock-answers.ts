import { availableOf, LOW_STOCK_SHOWN } from '@vanya/catalog';
import type { Product } from '@vanya/catalog';
import type { ProductResponse } from '@vanya/contracts';
import { withDbRetry } from '../../platform/db/retry';
import { notFound } from '../../platform/errors/app-error';
import { preparedAnswer } from '../../platform/http/prepared-answer';
import type { PreparedAnswer } from '../../platform/http/prepared-answer';
import { ensureCounts } from './stock-context';
import type { CatalogueAnswers, StockContext, StockState } from './stock-context';
import { StockItemModel, StockModel } from './stock.model';
import type { StockItemDoc } from './stock.model';

/** How long another API process may show counts or a switch that changed elsewhere. */
const STOCK_CACHE_MS = 5000;

export const productNotFound = (id: string) =>
  notFound(`No product has the id '${id}'.`, 'PRODUCT_NOT_FOUND');

/**
 * A product as shoppers see it: in stock while the owner sells it and some is available; how many
 * only when few are left, so exact counts are not shown.
 */
function shopperView(
  product: Product,
  { catalogue, switches, counts }: Omit<StockState, 'at' | 'key' | 'answers'>,
): ProductResponse {
  const selling = switches.get(product.id) ?? true;
  const available = selling
    ? availableOf(product.id, (id) => counts.get(id)?.available ?? 0, catalogue)
    : 0;
  return {
    ...product,
    images: [...product.images],
    ingredients: [...product.ingredients],
    benefits: [...product.benefits],
    relatedProductIds: [...product.relatedProductIds],
    howToUseDescription: [...product.howToUseDescription],
    contents: product.contents.map((item) => ({ ...item })),
    inStock: available > 0,
    available: available <= LOW_STOCK_SHOWN ? available : null,
  };
}

function catalogueAnswers(list: ProductResponse[]): CatalogueAnswers {
  const byId = new Map<string, PreparedAnswer>(
    list.map((p) => [p.id, preparedAnswer(JSON.stringify(p))]),
  );
  return {
    list: preparedAnswer(JSON.stringify(list)),
    product(id: string) {
      const answer = byId.get(id);
      if (!answer) throw productNotFound(id);
      return answer;
    },
  };
}

/**
 * The catalogue, switches and counts, read again once the cached ones are older than
 * STOCK_CACHE_MS (the catalogue keeps its own copy as long).
 */
export async function current(ctx: StockContext): Promise<StockState> {
  const { now } = ctx;
  if (ctx.state && now() - ctx.state.at < STOCK_CACHE_MS) return ctx.state;
  await ensureCounts(ctx);
  const [catalogue, switchRows, countRows] = await Promise.all([
    ctx.catalogue(),
    withDbRetry(() => StockModel.find({}).lean<{ _id: string; inStock: boolean }[]>()),
    withDbRetry(() => StockItemModel.find({}).lean<StockItemDoc[]>()),
  ]);
  const switches = new Map(switchRows.map((r) => [r._id, r.inStock]));
  const counts = new Map(countRows.map((r) => [r._id, r]));
  const list = catalogue.products.map((p) => shopperView(p, { catalogue, switches, counts }));
  // The answers change only when what shoppers see changes, not with every count.
  const key = JSON.stringify(list);
  const answers = ctx.state?.key === key ? ctx.state.answers : catalogueAnswers(list);
  ctx.state = { at: now(), key, catalogue, switches, counts, answers };
  return ctx.state;
}

/** Every product as shoppers see it. */
export async function shopperList(ctx: StockContext): Promise<ProductResponse[]> {
  const state = await current(ctx);
  return state.catalogue.products.map((p) => shopperView(p, state));
}

/** One product as shoppers see it, or 404. */
export async function shopperProduct(ctx: StockContext, id: string): Promise<ProductResponse> {
  const state = await current(ctx);
  const product = state.catalogue.get(id);
  if (!product) throw productNotFound(id);
  return shopperView(product, state);
}

/** GET /products and /products/:id as JSON, serialised once per state shoppers can see. */
export async function shopperAnswers(ctx: StockContext): Promise<CatalogueAnswers> {
  return (await current(ctx)).answers;
}
