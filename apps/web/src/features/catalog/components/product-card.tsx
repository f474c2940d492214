import { productBadge, type Product } from '@vanya/catalog';
import { Link } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PriceTag } from '../../../components/product/price-tag';
import { StarRating } from '../../../components/product/star-rating';
import { WishlistButton } from '../../../components/product/wishlist-button';
import { PATHS } from '../../../config/paths';
import { useCartActions } from '../../../hooks/use-cart';
import { useStock } from '../../../hooks/use-stock';
import { CATALOG_TEXTS } from '../texts';
import './product-card.css';

export const CARD_IMAGE_SIZES = '(min-width: 1200px) 370px, (min-width: 640px) 45vw, 92vw';

/** A product in the grid: badge, picture, category, name, rating, price with savings, actions. */
export function ProductCard({
  product,
  headingLevel = 3,
}: {
  product: Product;
  headingLevel?: 2 | 3;
}) {
  const { add } = useCartActions();
  const stock = useStock();
  const soldOut = stock.isOutOfStock(product.id);
  const left = stock.leftOf(product.id);
  const badge = productBadge(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const href = PATHS.product(product.id);

  return (
    <article className="product-card">
      <div className="product-card__media">
        <ResponsiveImage
          src={product.image}
          alt=""
          sizes={CARD_IMAGE_SIZES}
          width={960}
          height={960}
          pictureClassName="product-card__picture"
          className="product-card__image"
        />
        {soldOut ? (
          <span className="product-badge product-badge--out">{CATALOG_TEXTS.outOfStock}</span>
        ) : badge ? (
          <span className={`product-badge product-badge--${badge.toLowerCase()}`}>{badge}</span>
        ) : null}
        <WishlistButton
          className="product-card__wishlist"
          productId={product.id}
          productName={product.name}
        />
      </div>
      <div className="product-card__body">
        <p className="eyebrow">{product.category}</p>
        <Heading className="product-card__name">
          <Link className="product-card__link" to={href}>
            {product.name}
          </Link>
        </Heading>
        <div className="product-card__meta">
          <StarRating rating={product.rating} />
          <span className="product-card__size">{product.size}</span>
        </div>
        <p className="product-card__description">{product.description}</p>
        <PriceTag price={product.price} mrp={product.mrp} percentDecimals={1} />
        {left !== null && !soldOut ? (
          <p className="product-card__left">{CATALOG_TEXTS.onlyLeft(left)}</p>
        ) : null}
        <button
          type="button"
          className="btn btn--primary product-card__add"
          onClick={() => add(product.id, 1)}
          disabled={soldOut}
          aria-label={`${soldOut ? CATALOG_TEXTS.outOfStock : CATALOG_TEXTS.addToCart}: ${product.name}`}
        >
          {soldOut ? CATALOG_TEXTS.outOfStock : CATALOG_TEXTS.addToCart}
        </button>
      </div>
    </article>
  );
}
