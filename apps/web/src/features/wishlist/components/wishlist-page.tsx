import { formatINR, type Product } from '@vanya/catalog';
import { Link } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PageTitle } from '../../../components/ui/page-title';
import { useToast } from '../../../components/ui/toast';
import { PATHS } from '../../../config/paths';
import { addToCart } from '../../../lib/cart-store';
import { clearWishlist, removeFromWishlist } from '../../../lib/wishlist-store';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { useWishlist } from '../../../hooks/use-wishlist';
import { WISHLIST_TEXTS as T } from '../texts';
import './wishlist-page.css';

/** The wishlist: count, Clear All, and per product Move to Cart and Remove. */
export function WishlistPage() {
  const { ids, status } = useWishlist();
  const toast = useToast();
  const catalogue = useCatalogue();
  const items = ids
    .map((id) => catalogue.get(id))
    .filter((product): product is Product => product !== undefined);

  const moveToCart = (product: Product) => {
    addToCart(product.id, 1);
    removeFromWishlist(product.id);
    toast.success(T.movedToCart);
  };

  const remove = (product: Product) => {
    removeFromWishlist(product.id);
    toast.success(T.removed);
  };

  const clearAll = () => {
    clearWishlist();
    toast.success(T.cleared);
  };

  return (
    <div className="page container wishlist-page">
      <PageTitle title={T.heading} />
      <header className="wishlist-page__head">
        <div>
          <h1>{T.heading}</h1>
          <p className="wishlist-page__count" aria-live="polite">
            {status === 'loading' ? T.loading : T.count(items.length)}
          </p>
        </div>
        {items.length > 0 ? (
          <button type="button" className="btn btn--ghost" onClick={clearAll}>
            {T.clearAll}
          </button>
        ) : null}
      </header>

      {items.length === 0 && status !== 'loading' ? (
        <div className="empty-state">
          <svg
            viewBox="0 0 24 24"
            width="48"
            height="48"
            aria-hidden="true"
            className="wishlist-page__empty-heart"
          >
            <path
              d="M12 20.5s-7.5-4.6-9.2-9.4C1.6 7.6 3.9 4.5 7.2 4.5c2 0 3.6 1.1 4.8 2.8 1.2-1.7 2.8-2.8 4.8-2.8 3.3 0 5.6 3.1 4.4 6.6-1.7 4.8-9.2 9.4-9.2 9.4Z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.4"
              strokeLinejoin="round"
            />
          </svg>
          <h2 className="empty-state__title">{T.emptyTitle}</h2>
          <p className="empty-state__text">{T.emptyMessage}</p>
          <Link className="btn btn--primary" to={PATHS.products}>
            {T.browseProducts}
          </Link>
        </div>
      ) : (
        <ul className="wishlist-grid">
          {items.map((product) => (
            <li key={product.id}>
              <article className="wish-card" aria-label={product.name}>
                <Link
                  to={PATHS.product(product.id)}
                  className="wish-card__media"
                  tabIndex={-1}
                  aria-hidden="true"
                >
                  <ResponsiveImage
                    src={product.images[0] ?? product.image}
                    alt=""
                    sizes="(min-width: 900px) 280px, 45vw"
                    width={960}
                    height={960}
                    className="wish-card__image"
                  />
                </Link>
                <div className="wish-card__body">
                  <p className="eyebrow">{product.category}</p>
                  <h2 className="wish-card__name">
                    <Link to={PATHS.product(product.id)}>{product.name}</Link>
                  </h2>
                  <p className="wish-card__price">{formatINR(product.price)}</p>
                  <div className="wish-card__actions">
                    <button
                      type="button"
                      className="btn btn--primary"
                      onClick={() => moveToCart(product)}
                      aria-label={`${T.moveToCart}: ${product.name}`}
                    >
                      {T.moveToCart}
                    </button>
                    <button
                      type="button"
                      className="btn btn--text"
                      onClick={() => remove(product)}
                      aria-label={`${T.remove} ${product.name}`}
                    >
                      {T.remove}
                    </button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
