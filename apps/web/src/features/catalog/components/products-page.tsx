import {
  CATEGORY_OPTIONS,
  filterProducts,
  isSortOption,
  SORT_OPTIONS,
  sortProducts,
} from '@vanya/catalog';
import { useId } from 'react';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Deferred } from '../../../components/ui/deferred';
import { PageTitle } from '../../../components/ui/page-title';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { prefersReducedMotion } from '../../../hooks/use-reduced-motion';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { useCatalogQuery } from '../catalog-query';
import { CATALOG_BANNER_IMAGE, CATALOG_BANNER_SIZES } from '../page-images';
import { CATALOG_TEXTS as T } from '../texts';
import { ProductCard } from './product-card';
import './products-page.css';

const COLLECTION_ID = 'collection';

export function ProductsPage() {
  const { category, sort, setCategory, setSort } = useCatalogQuery();
  const sortId = useId();
  const { products } = useCatalogue();
  useMetaDescription(T.productsLead);

  const shown = category === null ? [] : sortProducts(filterProducts(products, category), sort);

  const exploreCollection = () => {
    setCategory('all');
    const list = document.getElementById(COLLECTION_ID);
    list?.scrollIntoView?.({
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
      block: 'start',
    });
  };

  return (
    <>
      <PageTitle title={T.productsHeading} />
      <section className="catalog-banner" aria-label="Featured">
        <ResponsiveImage
          src={CATALOG_BANNER_IMAGE}
          alt=""
          sizes={CATALOG_BANNER_SIZES}
          priority
          pictureClassName="catalog-banner__picture"
          className="catalog-banner__image"
        />
        <div className="container catalog-banner__inner">
          <p className="eyebrow catalog-banner__eyebrow">{T.bannerEyebrow}</p>
          <p className="catalog-banner__title">{T.bannerTitle}</p>
          <p className="catalog-banner__text">{T.bannerText}</p>
          <button type="button" className="btn btn--light btn--lg" onClick={exploreCollection}>
            {T.exploreCollection}
          </button>
        </div>
      </section>

      <section className="container catalog" id={COLLECTION_ID} aria-labelledby="catalog-heading">
        <header className="catalog__head">
          <p className="eyebrow">{T.productsEyebrow}</p>
          <h1 id="catalog-heading">{T.productsHeading}</h1>
          <p className="catalog__lead">{T.productsLead}</p>
        </header>

        {/* On a phone the toolbar first shows at the bottom of the screen, under the chat's
            launcher: the launcher keeps clear of the last chips and the sort's arrow. */}
        <div className="catalog__toolbar" {...KEEP_CLEAR}>
          <div className="catalog__filters" role="group" aria-label={T.categoryFilterLabel}>
            {CATEGORY_OPTIONS.map((option) => (
              <button
                key={option.value}
                type="button"
                className={category === option.value ? 'chip is-active' : 'chip'}
                aria-pressed={category === option.value}
                onClick={() => setCategory(option.value)}
              >
                {option.label}
              </button>
            ))}
          </div>
          <div className="catalog__sort">
            <label htmlFor={sortId}>{T.sortLabel}</label>
            <select
              id={sortId}
              className="select select--pill"
              value={sort}
              onChange={(event) => {
                if (isSortOption(event.target.value)) setSort(event.target.value);
              }}
            >
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        </div>

        <p className="catalog__count" aria-live="polite">
          {T.productCount(shown.length)}
        </p>

        {shown.length > 0 ? (
          // The grid starts below the banner: it renders right after the first paint.
          <Deferred minHeight="40rem">
            <ul className="catalog__grid" aria-labelledby="catalog-heading">
              {shown.map((product) => (
                <li key={product.id}>
                  <ProductCard product={product} headingLevel={2} />
                </li>
              ))}
            </ul>
          </Deferred>
        ) : (
          <div className="empty-state">
            <p className="empty-state__title">{T.noProducts}</p>
            <button type="button" className="btn btn--primary" onClick={() => setCategory('all')}>
              {T.viewAllProducts}
            </button>
          </div>
        )}
      </section>
    </>
  );
}
