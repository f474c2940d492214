import { useId } from 'react';

import './star-rating.css';

const STAR = 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4-4.7-4.4 6.4-.8z';

/**
 * Five stars filled to the rating (4.7 fills four and most of the fifth), read as text. A product
 * not rated yet (0: one the owner just added) shows no stars rather than five empty ones.
 */
export function StarRating({ rating, showValue = true }: { rating: number; showValue?: boolean }) {
  const id = `stars${useId().replace(/[^\w-]/g, '')}`;
  const clamped = Math.max(0, Math.min(5, rating));
  if (clamped === 0) return null;
  return (
    <span className="star-rating">
      <span className="visually-hidden">{`Rated ${clamped} out of 5`}</span>
      <svg
        className="star-rating__stars"
        viewBox="0 0 120 24"
        width="96"
        height="19"
        aria-hidden="true"
      >
        <defs>
          <clipPath id={`${id}-stars`}>
            {[0, 1, 2, 3, 4].map((i) => (
              <path key={i} d={STAR} transform={`translate(${i * 24} 0)`} />
            ))}
          </clipPath>
        </defs>
        <g clipPath={`url(#${id}-stars)`}>
          <rect width="120" height="24" fill="var(--color-sand)" />
          <rect width={(clamped / 5) * 120} height="24" fill="currentColor" />
        </g>
      </svg>
      {showValue ? (
        <span className="star-rating__value" aria-hidden="true">
          {clamped.toFixed(1)}
        </span>
      ) : null}
    </span>
  );
}
