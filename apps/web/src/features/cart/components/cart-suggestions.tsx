import { LIMITS, type Product } from '@vanya/catalog';
import { useState } from 'react';
import { Link } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PriceTag } from '../../../components/product/price-tag';
import { PATHS } from '../../../config/paths';
import { useCartActions } from '../../../hooks/use-cart';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { CART_TEXTS as T } from '../texts';

function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

/**
 * 'You May Also Like': up to 3 random catalogue products that are not in the cart. The random order
 * is drawn once per visit of the page, so the list does not reshuffle while the shopper adds; it is
 * an order of ids, so a product the owner changes meanwhile shows as it is now (and one added
 * meanwhile comes last).
 */
export function CartSuggestions({ inCart }: { inCart: readonly string[] }) {
  const catalogue = useCatalogue();
  const [order] = useState(() => shuffled(catalogue.products.map((product) => product.id)));
  const suggestions = [
    ...order.map((id) => catalogue.get(id)),
    ...catalogue.products.filter((product) => !order.includes(product.id)),
  ]
    .filter((product): product is Product => product !== undefined)
    .filter((product) => !inCart.includes(product.id))
    .slice(0, LIMITS.cartSuggestions);
  if (suggestions.length === 0) return null;

  return (
    <section className="suggestions" aria-labelledby="suggestions-heading">
      <h2 id="suggestions-heading" className="suggestions__heading">
        {T.youMayAlsoLike}
      </h2>
      <ul className="suggestions__grid">
        {suggestions.map((product) => (
          <li key={product.id}>
            <Suggestion product={product} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function Suggestion({ product }: { product: Product }) {
  const { add } = useCartActions();
  const href = PATHS.product(product.id);
  return (
    <article className="suggestion">
      <Link to={href} className="suggestion__media" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage
          src={product.images[0] ?? product.image}
          alt=""
          sizes="(min-width: 900px) 360px, 92vw"
          width={960}
          height={960}
          className="suggestion__image"
        />
      </Link>
      <div className="suggestion__body">
        <p className="eyebrow">{product.category}</p>
        <h3 className="suggestion__name">
          <Link to={href}>{product.name}</Link>
        </h3>
        <p className="suggestion__description">{product.description}</p>
        <PriceTag price={product.price} mrp={product.mrp} percentDecimals={0} taxNote size="sm" />
        <button
          type="button"
          className="btn btn--ghost suggestion__add"
          aria-label={`${T.add} ${product.name}`}
          onClick={() => add(product.id, 1)}
        >
          {T.add}
        </button>
      </div>
    </article>
  );
}
