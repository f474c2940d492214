import { formatINR, TIMINGS } from '@vanya/catalog';
import { useEffect, useState } from 'react';

import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { HOME_TEXTS } from '../texts';

/** Flips every 2 s (TIMINGS.priceToggleMs); stays on 'Buy Now' for visitors who want less motion. */
export function usePriceToggle(): boolean {
  const reducedMotion = useReducedMotion();
  const [showPrice, setShowPrice] = useState(false);
  useEffect(() => {
    if (reducedMotion) return;
    const timer = window.setInterval(() => setShowPrice((value) => !value), TIMINGS.priceToggleMs);
    return () => window.clearInterval(timer);
  }, [reducedMotion]);
  return showPrice && !reducedMotion;
}

/**
 * The feature block's button: 'Buy Now' and the price with the MRP struck through take turns every
 * 2 s. Both faces stay in its name (and the product's), so screen readers hear one steady label
 * that contains whatever is on show.
 */
export function PriceToggleButton({
  name,
  price,
  mrp,
  showPrice,
  onClick,
}: {
  name: string;
  price: number;
  mrp: number;
  showPrice: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="btn btn--primary btn--lg price-toggle"
      onClick={onClick}
      data-showing={showPrice ? 'price' : 'buy-now'}
    >
      <span className={showPrice ? 'price-toggle__face' : 'price-toggle__face is-visible'}>
        {HOME_TEXTS.buyNow}
      </span>
      <span className={showPrice ? 'price-toggle__face is-visible' : 'price-toggle__face'}>
        {formatINR(price)}
        {mrp > price ? (
          <s className="price-toggle__mrp">
            <span className="visually-hidden">MRP </span>
            {formatINR(mrp)}
          </s>
        ) : null}
      </span>
      <span className="visually-hidden">: {name}</span>
    </button>
  );
}
