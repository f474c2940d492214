import { Link, useNavigate } from 'react-router-dom';

import { CheckDelivery } from '../../../components/delivery/check-delivery';
import { CouponField } from '../../../components/coupon/coupon-field';
import { PriceSummary } from '../../../components/product/price-summary';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useCartActions, useCartLines } from '../../../hooks/use-cart';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { useCoupon } from '../../../hooks/use-coupon';
import { useShopSettings } from '../../../hooks/use-shop-settings';
import { useStock } from '../../../hooks/use-stock';
import { cartQuantity } from '../../../lib/cart-store';
import { KEEP_CLEAR } from '../../../lib/keep-clear';
import { cartRows, knownLines, priceKnownLines } from '../cart-pricing';
import { CART_TEXTS as T } from '../texts';
import { CartLineItem, UnknownCartLine } from './cart-line';
import { CartSuggestions } from './cart-suggestions';
import './cart-page.css';

export function CartPage() {
  const lines = useCartLines();
  const { clear } = useCartActions();
  const navigate = useNavigate();
  const catalogue = useCatalogue();
  const rows = cartRows(lines, catalogue);
  const coupon = useCoupon(knownLines(lines, catalogue));
  const shop = useShopSettings();
  const discount = coupon.applied?.discount;
  const priced = priceKnownLines(lines, catalogue, undefined, discount, shop.shippingPolicy);
  const empty = lines.length === 0;
  const { isOutOfStock } = useStock();
  const soldOut = lines.some((line) => isOutOfStock(line.productId));

  return (
    <div className="page container cart-page">
      <PageTitle title={T.heading} />
      <h1 className="cart-page__heading">{T.heading}</h1>

      <div className="cart-layout">
        {empty ? (
          <div className="empty-state cart-empty">
            <EmptyBasket />
            <h2 className="empty-state__title">{T.emptyTitle}</h2>
            <p className="empty-state__text">{T.emptyMessage}</p>
            <Link className="btn btn--primary" to={PATHS.products}>
              {T.continueShopping}
            </Link>
          </div>
        ) : (
          <section className="cart-items" aria-labelledby="cart-items-heading">
            <div className="cart-items__head">
              <h2 id="cart-items-heading" className="cart-items__title">
                {T.items(cartQuantity(lines))}
              </h2>
              <button type="button" className="btn btn--text" onClick={clear}>
                {T.clearCart}
              </button>
            </div>
            <ul className="cart-items__list">
              {rows.map((row) => (
                <li key={row.line.productId}>
                  {row.kind === 'product' ? (
                    <CartLineItem
                      product={row.product}
                      quantity={row.line.quantity}
                      outOfStock={isOutOfStock(row.product.id)}
                    />
                  ) : (
                    <UnknownCartLine productId={row.line.productId} />
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}

        {/* The summary stays when the cart is empty, its checkout button disabled. */}
        <aside className="cart-summary panel" aria-labelledby="cart-summary-heading">
          <h2 id="cart-summary-heading" className="cart-summary__title">
            {T.summaryHeading}
          </h2>
          {empty ? (
            <p className="cart-summary__empty" id="cart-summary-empty">
              {T.summaryEmpty}
            </p>
          ) : (
            <>
              <PriceSummary
                priced={priced}
                couponCode={coupon.applied?.code}
                shippingNote={shop.freeShippingText}
              />
              <CouponField coupon={coupon} />
              <CheckDelivery headingLevel={3} />
            </>
          )}
          {soldOut ? (
            <p className="cart-summary__stock" id="cart-summary-stock" role="status">
              {T.outOfStockBlocked}
            </p>
          ) : null}
          <button
            type="button"
            className="btn btn--primary btn--lg btn--block"
            disabled={priced.lines.length === 0 || soldOut}
            aria-describedby={
              empty ? 'cart-summary-empty' : soldOut ? 'cart-summary-stock' : undefined
            }
            onClick={() => navigate(PATHS.checkout)}
            {...KEEP_CLEAR}
          >
            {T.proceedToCheckout}
          </button>
          <Link className="btn btn--ghost btn--block" to={PATHS.products}>
            {T.continueShopping}
          </Link>
          <p className="cart-summary__secure">{T.secureNote}</p>
        </aside>
      </div>

      <CartSuggestions inCart={lines.map((line) => line.productId)} />
    </div>
  );
}

function EmptyBasket() {
  return (
    <svg
      className="empty-state__art"
      viewBox="0 0 120 96"
      width="120"
      height="96"
      aria-hidden="true"
    >
      <ellipse cx="60" cy="86" rx="42" ry="6" fill="var(--color-sand)" />
      <path
        d="M22 38h76l-8 40a6 6 0 0 1-6 5H36a6 6 0 0 1-6-5z"
        fill="var(--color-beige-50)"
        stroke="var(--color-forest)"
        strokeWidth="2.5"
        strokeLinejoin="round"
      />
      <path
        d="M42 38c0-12 8-22 18-22s18 10 18 22"
        fill="none"
        stroke="var(--color-forest)"
        strokeWidth="2.5"
        strokeLinecap="round"
      />
      <path d="M60 52c-9 0-14 7-13 16 9 0 14-7 13-16Z" fill="var(--color-sage)" />
    </svg>
  );
}
