import { featureBlockProducts, type Product } from '@vanya/catalog';
import { Link, useNavigate } from 'react-router-dom';

import { Slideshow } from '../../../components/media/slideshow';
import { StarRating } from '../../../components/product/star-rating';
import { PATHS } from '../../../config/paths';
import { useCartActions } from '../../../hooks/use-cart';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { HOME_TEXTS as T } from '../texts';
import { PriceToggleButton, usePriceToggle } from './price-toggle-button';

/**
 * The first three products, each with a slideshow, the long description and the alternating price
 * button, which adds one to the cart and opens the cart.
 */
export function FeatureBlock() {
  const showPrice = usePriceToggle();
  const catalogue = useCatalogue();
  const { add } = useCartActions();
  const navigate = useNavigate();

  const buy = (product: Product) => {
    add(product.id, 1);
    navigate(PATHS.cart);
  };

  return (
    <section className="container feature" aria-labelledby="featured-heading">
      <div className="section-head">
        <h2 id="featured-heading">{T.featuredHeading}</h2>
        <p className="section-head__lead">{T.featuredLead}</p>
      </div>
      <ul className="feature__list">
        {featureBlockProducts(catalogue).map((product) => (
          <li key={product.id} className="feature__item">
            <Slideshow
              className="feature__slideshow"
              slides={product.images.map((src, i) => ({
                src,
                alt: `${product.name}, picture ${i + 1}`,
              }))}
              label={`${product.name} pictures`}
              sizes="(min-width: 960px) 540px, 92vw"
            />
            <div className="feature__copy">
              <p className="eyebrow">{product.category}</p>
              <h3 className="feature__name">
                <Link to={PATHS.product(product.id)}>{product.name}</Link>
              </h3>
              <StarRating rating={product.rating} />
              <p className="feature__description">{product.longdescription}</p>
              <div className="feature__actions">
                <PriceToggleButton
                  name={product.name}
                  price={product.price}
                  mrp={product.mrp}
                  showPrice={showPrice}
                  onClick={() => buy(product)}
                />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
