import type { Product } from '@vanya/catalog';

import { CATALOG_TEXTS as T } from '../texts';
import { ProductCard } from './product-card';

/** 'You May Also Like' under a bundle or hamper: three other products. */
export function RelatedProducts({ products }: { products: readonly Product[] }) {
  return (
    <section className="container related" aria-labelledby="related-heading">
      <h2 id="related-heading" className="related__heading">
        {T.youMayAlsoLike}
      </h2>
      <ul className="related__grid">
        {products.map((item) => (
          <li key={item.id}>
            <ProductCard product={item} />
          </li>
        ))}
      </ul>
    </section>
  );
}
