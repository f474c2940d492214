import { formatINR, formatINRCompact, LIMITS, savings, type Product } from '@vanya/catalog';
import { Link } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { QuantityStepper } from '../../../components/product/quantity-stepper';
import { PATHS } from '../../../config/paths';
import { useCartActions } from '../../../hooks/use-cart';
import { CART_TEXTS as T } from '../texts';

/**
 * One cart line: picture, name, category, price with the MRP struck and the saving, quantity
 * (typed or stepped; 0 removes the line), line total and Remove.
 */
export function CartLineItem({
  product,
  quantity,
  outOfStock = false,
}: {
  product: Product;
  quantity: number;
  outOfStock?: boolean;
}) {
  const { setQuantity, remove } = useCartActions();
  const href = PATHS.product(product.id);
  const saving = savings(product.mrp, product.price);

  return (
    <article
      className={outOfStock ? 'cart-line cart-line--out' : 'cart-line'}
      aria-label={product.name}
    >
      <Link to={href} className="cart-line__media" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage
          src={product.image}
          alt=""
          sizes="120px"
          width={480}
          height={480}
          className="cart-line__image"
        />
      </Link>
      <div className="cart-line__info">
        <p className="eyebrow">{product.category}</p>
        <h3 className="cart-line__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="cart-line__prices">
          <span className="cart-line__price">{formatINR(product.price)}</span>
          {product.mrp > product.price ? (
            <>
              <s className="cart-line__mrp">
                <span className="visually-hidden">MRP </span>
                {formatINR(product.mrp)}
              </s>
              <span className="cart-line__save">
                {T.save} {formatINRCompact(saving)}
              </span>
            </>
          ) : null}
        </p>
        {outOfStock ? <p className="cart-line__stock">{T.outOfStockLine}</p> : null}
      </div>
      <div className="cart-line__controls">
        <QuantityStepper
          value={quantity}
          min={0}
          max={LIMITS.maxLineQuantity}
          size="sm"
          label={`Quantity of ${product.name}`}
          onChange={(next) => setQuantity(product.id, next)}
        />
        <p className="cart-line__total">
          <span className="visually-hidden">Line total </span>
          {formatINR(product.price * quantity)}
        </p>
        <button
          type="button"
          className="btn btn--text cart-line__remove"
          onClick={() => remove(product.id)}
          aria-label={`${T.remove} ${product.name}`}
        >
          {T.remove}
        </button>
      </div>
    </article>
  );
}

/** A stored line whose product the shop no longer sells: it can only be removed. */
export function UnknownCartLine({ productId }: { productId: string }) {
  const { remove } = useCartActions();
  return (
    <article className="cart-line cart-line--unknown" aria-label={T.noLongerSold}>
      <div className="cart-line__media cart-line__media--empty" aria-hidden="true" />
      <div className="cart-line__info">
        <p className="cart-line__name">{T.noLongerSold}</p>
        <p className="cart-line__stock">{T.noLongerSoldLine}</p>
      </div>
      <div className="cart-line__controls">
        <button
          type="button"
          className="btn btn--text cart-line__remove"
          onClick={() => remove(productId)}
        >
          {T.remove}
        </button>
      </div>
    </article>
  );
}
