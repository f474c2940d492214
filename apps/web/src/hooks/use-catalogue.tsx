import { catalogueOf, STARTER_CATALOGUE, type Catalogue, type Product } from '@vanya/catalog';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  use,
  useCallback,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { CATALOGUE_SCRIPT_ID } from '../lib/catalogue-script';

// The products the storefront shows, prices and links to. The owner edits them in the database,
// so no page reads them from the code: the server writes the catalogue it rendered with into the
// page (a <script type="application/json" id="catalogue">), the browser's first render uses that
// same catalogue (so it draws exactly the server's HTML), and once GET /products has answered
// (hooks/use-stock.ts) the page follows the API's products, as an open page should after the owner
// changes one. This module is the only one that may name the nine products of the code: for a page
// without the script (the Vite dev server, tests) and outside a provider.

/** The key of GET /products (hooks/use-stock.ts), here so this module need not load the API client. */
export const PRODUCTS_QUERY_KEY = ['products', 'stock'] as const;

const CatalogueContext = createContext<Catalogue>(STARTER_CATALOGUE);

/** The part of GET /products' answer this module reads (hooks/use-stock.ts's StockView). */
interface ProductsAnswer {
  /** Every product the API serves, or null when its answer did not carry whole products. */
  products: readonly Product[] | null;
}

/**
 * Gives its children `catalogue` (the page's) until GET /products has answered, then the API's.
 * It only watches the data cache for that answer, without asking for it: the pages that need stock
 * do, and the home page's first load does not load the API client for it.
 */
export function CatalogueProvider({
  catalogue = STARTER_CATALOGUE,
  children,
}: {
  catalogue?: Catalogue;
  children: ReactNode;
}) {
  const answer = useProductsAnswer();
  const list = answer?.products;
  const fetched = useMemo(() => (list ? catalogueOf(list) : undefined), [list]);
  return <CatalogueContext value={fetched ?? catalogue}>{children}</CatalogueContext>;
}

/** GET /products' answer in the data cache, once there; never during the server's render. */
function useProductsAnswer(): ProductsAnswer | undefined {
  const client = useQueryClient();
  const cache = client.getQueryCache();
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = () => client.getQueryData<ProductsAnswer>(PRODUCTS_QUERY_KEY);
  // The hydrating render draws the page's catalogue, as the server did.
  return useSyncExternalStore(subscribe, read, () => undefined);
}

/** The catalogue of the moment (the nine of the code outside a provider). */
export function useCatalogue(): Catalogue {
  return use(CatalogueContext);
}

/**
 * The catalogue the page carries in its script, or the nine of the code when it has none (the dev
 * server's index.html) or an unreadable one.
 */
export function pageCatalogue(doc: Document = document): Catalogue {
  const text = doc.getElementById(CATALOGUE_SCRIPT_ID)?.textContent;
  if (!text) return STARTER_CATALOGUE;
  try {
    const list = JSON.parse(text) as unknown;
    if (Array.isArray(list)) return catalogueOf(list as Product[]);
  } catch (error) {
    console.error('The page carries an unreadable catalogue.', error);
  }
  return STARTER_CATALOGUE;
}
