import { featureBlockProducts, formatINR, type Product } from '@vanya/catalog';
import { Link } from 'react-router-dom';

import { LeafMark } from '../../../components/ui/icons';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { HOME_CATEGORIES, HOME_TEXTS } from '../texts';
import './home-page.css';

export function HomePage() {
  const featured = featureBlockProducts();

  return (
    <>
      <PageTitle />
      <section className="hero" aria-labelledby="hero-heading">
        <div className="container hero__inner">
          <div className="hero__copy">
            <h1 className="hero__title" id="hero-heading">
              {HOME_TEXTS.heading}
            </h1>
            <p className="hero__tagline">{HOME_TEXTS.tagline}</p>
            <p className="hero__intro">{HOME_TEXTS.intro}</p>
            <div className="hero__actions">
              <Link className="btn btn--primary btn--lg" to={PATHS.products}>
                {HOME_TEXTS.shopNow}
              </Link>
              <Link className="btn btn--ghost btn--lg" to={PATHS.about}>
                {HOME_TEXTS.ourStory}
              </Link>
            </div>
          </div>
          <div className="hero__art" aria-hidden="true">
            <span className="hero__blob hero__blob--sand" />
            <span className="hero__blob hero__blob--sage" />
            <span className="hero__disc">
              <LeafMark size={96} />
            </span>
          </div>
        </div>
      </section>

      <section className="section container" aria-labelledby="categories-heading">
        <h2 className="section__title" id="categories-heading">
          {HOME_TEXTS.categoriesHeading}
        </h2>
        <ul className="category-grid">
          {HOME_CATEGORIES.map((category) => (
            <li key={category.name}>
              <Link className={`category-card category-card--${category.tone}`} to={PATHS.products}>
                <span className="category-card__name">{category.name}</span>
                <span className="category-card__text">{category.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {featured.length > 0 ? (
        <section className="section container" aria-labelledby="featured-heading">
          <div className="section__head">
            <h2 className="section__title" id="featured-heading">
              {HOME_TEXTS.featuredHeading}
            </h2>
            <Link className="text-link" to={PATHS.products}>
              {HOME_TEXTS.viewAll}
            </Link>
          </div>
          <ul className="product-grid">
            {featured.map((product) => (
              <li key={product.id}>
                <ProductCard product={product} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}

function ProductCard({ product }: { product: Product }) {
  return (
    <Link className="product-card" to={PATHS.product(product.id)}>
      <span className="product-card__media">
        <LeafMark className="product-card__mark" size={48} />
        <img
          className="product-card__image"
          src={product.image}
          alt=""
          loading="lazy"
          // Until the product photos are published the leaf placeholder shows instead.
          onError={(event) => {
            event.currentTarget.hidden = true;
          }}
        />
      </span>
      <span className="product-card__body">
        <span className="product-card__category">{product.category}</span>
        <span className="product-card__name">{product.name}</span>
        <span className="product-card__description">{product.description}</span>
        <span className="product-card__price">
          {formatINR(product.price)}
          {product.mrp > product.price ? (
            <s className="product-card__mrp">
              <span className="visually-hidden">MRP </span>
              {formatINR(product.mrp)}
            </s>
          ) : null}
        </span>
      </span>
    </Link>
  );
}
