import { brand } from '@vanya/catalog';
import type { ProductResponse } from '@vanya/contracts';
import type { PageHead } from '../../platform/http/web-app';
import type { Rating, Reviews } from '../reviews/reviews.service';
import type { StockService } from '../stock/stock.service';

/**
 * What a search engine reads of a product beyond its page: schema.org's Product with an offer in
 * rupees, its availability as the shop sells it now and, once there are published reviews, their
 * average and count (never the catalogue's own rating).
 */
export function productLd(
  product: ProductResponse,
  reviews: Rating,
  url: string,
): Record<string, unknown> {
  const origin = new URL(url).origin;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.id,
    image: product.images.map((image) => origin + image),
    brand: { '@type': 'Brand', name: brand.name },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'INR',
      price: (product.price / 100).toFixed(2),
      availability: `https://schema.org/${product.inStock ? 'InStock' : 'OutOfStock'}`,
      itemCondition: 'https://schema.org/NewCondition',
    },
    ...(reviews.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

/** For the web app's product pages: their JSON-LD, from the stock and the reviews' rating as kept. */
export function productPageHead(stock: StockService, reviews: Reviews): PageHead {
  return async (pagePath, canonical) => {
    const id = /^\/products\/([^/]+)$/.exec(pagePath)?.[1];
    const product = id ? (await stock.catalogue()).get(decodeURIComponent(id)) : undefined;
    if (!product || !canonical) return undefined;
    const [shown, rating] = await Promise.all([stock.get(product.id), reviews.rating(product.id)]);
    // Inside <script>, a '<' could end the element early: JSON allows it escaped.
    const json = JSON.stringify(productLd(shown, rating, canonical)).replace(/</g, '\\u003c');
    return `<script type="application/ld+json">${json}</script>`;
  };
}
