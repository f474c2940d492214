import {
  LIMITS,
  preOrderNotice,
  relatedProducts,
  showsProductDetails,
  showsYouMayAlsoLike,
  type Product,
} from '@vanya/catalog';
import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router-dom';

import { CheckDelivery } from '../../../components/delivery/check-delivery';
import { Slideshow } from '../../../components/media/slideshow';
import { PriceTag } from '../../../components/product/price-tag';
import { QuantityStepper } from '../../../components/product/quantity-stepper';
import { StarRating } from '../../../components/product/star-rating';
import { WishlistButton } from '../../../components/product/wishlist-button';
import { Deferred } from '../../../components/ui/deferred';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useCartActions } from '../../../hooks/use-cart';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { useReviews } from '../../../hooks/use-reviews';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { useStock } from '../../../hooks/use-stock';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { PRODUCT_GALLERY_SIZES } from '../page-images';
import { CATALOG_TEXTS as T } from '../texts';
import './product-detail-page.css';

// Below the main section: their code loads after the page's first screen.
const HowToUse = lazy(() =>
  import('./how-to-use').then((module) => ({ default: module.HowToUse })),
);
const NotifyMe = lazy(() => import('./notify-me').then((module) => ({ default: module.NotifyMe })));
const ProductReviews = lazy(() =>
  import('../../reviews').then((module) => ({ default: module.ProductReviews })),
);
const RelatedProducts = lazy(() =>
  import('./related-products').then((module) => ({ default: module.RelatedProducts })),
);

export function ProductDetailPage() {
  const { productId = '' } = useParams();
  const product = useCatalogue().get(productId);

  // An id that is not in the catalogue goes back to the list.
  if (!product) return <Navigate replace to={PATHS.products} />;
  // A fresh page (and quantity) for each product.
  return <ProductDetail key={product.id} product={product} />;
}

function ProductDetail({ product }: { product: Product }) {
  const [quantity, setQuantity] = useState(1);
  const catalogue = useCatalogue();
  const { add } = useCartActions();
  const stock = useStock();
  const reviews = useReviews(product.id);
  const soldOut = stock.isOutOfStock(product.id);
  const left = stock.leftOf(product.id);
  const shop = useShopSettings();
  const navigate = useNavigate();
  useMetaDescription(product.description);

  const slides = product.images.map((src, index) => ({
    src,
    alt: `${product.name}, picture ${index + 1} of ${product.images.length}`,
  }));
  const related = showsYouMayAlsoLike(product)
    ? relatedProducts(product.id, LIMITS.relatedProducts, catalogue)
    : [];

  return (
    <div className="product-page">
      <PageTitle title={product.name} />
      <div className="container">
        <nav className="breadcrumbs" aria-label="Breadcrumb">
          <ol>
            <li>
              <Link to={PATHS.home}>Home</Link>
            </li>
            <li>
              <Link to={PATHS.products}>Products</Link>
            </li>
            <li aria-current="page">{product.name}</li>
          </ol>
        </nav>

        <div className="product-main">
          <Slideshow
            className="product-main__gallery"
            slides={slides}
            label={`${product.name} pictures`}
            sizes={PRODUCT_GALLERY_SIZES}
            priority
            thumbnails
          />

          <div className="product-main__info">
            <p className="eyebrow">{product.category}</p>
            <div className="product-main__title-row">
              <h1 className="product-main__name">{product.name}</h1>
              <WishlistButton productId={product.id} productName={product.name} />
            </div>
            <div className="product-main__rating">
              {/* The published reviews' average once there is one; before, the catalogue's. */}
              <StarRating rating={reviews.data?.count ? reviews.data.average : product.rating} />
              {reviews.data?.count ? (
                <a className="text-link product-main__reviews" href="#reviews">
                  {T.reviewCount(reviews.data.count)}
                </a>
              ) : null}
              <span className="product-main__size">
                {T.size}: {product.size}
              </span>
            </div>
            <PriceTag price={product.price} mrp={product.mrp} size="lg" taxNote />
            <p className="product-main__description">{product.description}</p>

            <section className="product-main__block" aria-labelledby="benefits-heading">
              <h2 className="product-main__subheading" id="benefits-heading">
                {T.keyBenefits}
              </h2>
              <ul className="tick-list">
                {product.benefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </ul>
            </section>

            <section className="product-main__block" aria-labelledby="ingredients-heading">
              <h2 className="product-main__subheading" id="ingredients-heading">
                {T.ingredients}
              </h2>
              <ul className="ingredient-list">
                {product.ingredients.map((ingredient) => (
                  <li key={ingredient}>{ingredient}</li>
                ))}
              </ul>
            </section>

            {soldOut ? (
              <div className="product-main__stock">
                <p role="status">
                  <strong>{T.outOfStock}.</strong> {T.outOfStockNote}
                </p>
                <Suspense fallback={null}>
                  <NotifyMe productId={product.id} productName={product.name} />
                </Suspense>
              </div>
            ) : left !== null ? (
              <p className="product-main__left" role="status">
                {T.onlyLeft(left)}
              </p>
            ) : null}
            <div className="product-main__buy">
              <div className="product-main__quantity">
                <span className="field__label" aria-hidden="true">
                  {T.quantity}
                </span>
                <QuantityStepper
                  value={quantity}
                  min={1}
                  max={Math.min(left ?? LIMITS.maxLineQuantity, LIMITS.maxLineQuantity)}
                  label={`${T.quantity} of ${product.name}`}
                  onChange={setQuantity}
                />
              </div>
              <div className="product-main__actions">
                <button
                  type="button"
                  className="btn btn--ghost btn--lg"
                  onClick={() => add(product.id, quantity)}
                  disabled={soldOut}
                >
                  {T.addToCart}
                </button>
                <button
                  type="button"
                  className="btn btn--primary btn--lg"
                  onClick={() => {
                    add(product.id, quantity);
                    navigate(PATHS.cart);
                  }}
                  disabled={soldOut}
                >
                  {T.buyNow}
                </button>
              </div>
            </div>

            <ul className="product-main__notes">
              <li>{shop.freeShippingText}</li>
              {shop.preOrderOpen ? (
                <li data-testid="pre-order-note">
                  {T.preOrder}: {preOrderNotice(shop.preOrder)}
                </li>
              ) : null}
            </ul>
            <CheckDelivery />
          </div>
        </div>
      </div>

      {showsProductDetails(product) ? (
        <Deferred minHeight="40rem">
          <div className="product-details">
            <div className="container product-details__grid">
              <section aria-labelledby="description-heading">
                <h2 id="description-heading">{T.productDescription}</h2>
                <p className="product-details__text">{product.longdescription}</p>
              </section>
              <HowToUse product={product} />
            </div>
          </div>
        </Deferred>
      ) : null}

      <Deferred minHeight="16rem">
        <ProductReviews product={product} />
      </Deferred>

      {related.length > 0 ? (
        <Deferred minHeight="40rem">
          <RelatedProducts products={related} />
        </Deferred>
      ) : null}
    </div>
  );
}
