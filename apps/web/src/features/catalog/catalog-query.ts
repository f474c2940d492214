import {
  isCategoryFilter,
  isSortOption,
  type CategoryFilter,
  type SortOption,
} from '@vanya/catalog';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

import { useHydrated } from '../../hooks/use-hydrated';

// The product list's filter and sort live in the address (?category=scrub&sort=price-low), so a
// filtered view can be shared and survives a reload. Defaults are left out of the address.

export const CATEGORY_PARAM = 'category';
export const SORT_PARAM = 'sort';

export type CatalogQuery = {
  /** A known category, 'all', or null for a category the catalogue does not have. */
  category: CategoryFilter | null;
  sort: SortOption;
};

export function parseCatalogQuery(params: URLSearchParams): CatalogQuery {
  const rawCategory = params.get(CATEGORY_PARAM);
  const rawSort = params.get(SORT_PARAM);
  return {
    category:
      rawCategory === null || rawCategory === ''
        ? 'all'
        : isCategoryFilter(rawCategory)
          ? rawCategory
          : null,
    sort: isSortOption(rawSort) ? rawSort : 'default',
  };
}

export function catalogSearch(query: { category: CategoryFilter; sort: SortOption }): string {
  const params = new URLSearchParams();
  if (query.category !== 'all') params.set(CATEGORY_PARAM, query.category);
  if (query.sort !== 'default') params.set(SORT_PARAM, query.sort);
  const search = params.toString();
  return search ? `?${search}` : '';
}

/**
 * The current filter and sort, and setters that keep the rest of the address as it is. The
 * prerendered list is drawn without a query: the render that takes it over draws it the same, and
 * the next one the address's filter and sort.
 */
export function useCatalogQuery() {
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const query = parseCatalogQuery(hydrated ? params : new URLSearchParams());

  const update = useCallback(
    (name: string, value: string, defaultValue: string) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === defaultValue) next.delete(name);
          else next.set(name, value);
          return next;
        },
        // Filtering is not a new page: Back leaves the list instead of undoing each click.
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams],
  );

  const setCategory = useCallback(
    (category: CategoryFilter) => update(CATEGORY_PARAM, category, 'all'),
    [update],
  );
  const setSort = useCallback((sort: SortOption) => update(SORT_PARAM, sort, 'default'), [update]);

  return { ...query, setCategory, setSort };
}
