import { formatINR, TIMINGS } from '@vanya/catalog';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { VideoPlayer } from '../../../components/media/video-player';
import { PATHS } from '../../../config/paths';
import { useCatalogue } from '../../../hooks/use-catalogue';
import { HOME_TEXTS as T, PRODUCT_VIDEOS } from '../texts';

/**
 * The 'PRODUCTS' section: three muted, autoplaying videos. Clicking one unmutes it and, 200 ms
 * later, opens its product.
 */
export function ProductVideos() {
  return (
    <section className="container product-videos" aria-labelledby="product-videos-heading">
      <div className="section-head">
        <h2 id="product-videos-heading" className="product-videos__heading">
          {T.productsHeading}
        </h2>
        <p className="section-head__lead">{T.productsLead}</p>
      </div>
      <ul className="product-videos__grid">
        {PRODUCT_VIDEOS.map((video) => (
          <li key={video.productId}>
            <ProductVideo productId={video.productId} src={video.src} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function ProductVideo({ productId, src }: { productId: string; src: string }) {
  const product = useCatalogue().get(productId);
  const [muted, setMuted] = useState(true);
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  if (!product) return null;
  const href = PATHS.product(product.id);

  const open = (event: MouseEvent) => {
    // Modified clicks (new tab, new window) keep their usual meaning.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setMuted((value) => !value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => navigate(href), TIMINGS.clickToNavigateMs);
  };

  return (
    <Link to={href} className="product-video" onClick={open}>
      <VideoPlayer
        className="product-video__media"
        src={src}
        muted={muted}
        label={`${product.name} video`}
      />
      <span className="product-video__caption">
        <span className="product-video__name">{product.name}</span>
        <span className="product-video__price">{formatINR(product.price)}</span>
      </span>
    </Link>
  );
}
