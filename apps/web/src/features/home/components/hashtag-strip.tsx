import { brand, LIMITS } from '@vanya/catalog';

import { HOME_TEXTS } from '../texts';

/**
 * The brand hashtag repeated 30 times, scrolling across the page (15 s on wide screens, 10 s on
 * small ones; still with reduced motion). Read once by screen readers.
 */
export function HashtagStrip() {
  return (
    <section className="hashtag-strip" aria-label={HOME_TEXTS.hashtagLabel}>
      <p className="visually-hidden">{HOME_TEXTS.hashtagLabel}</p>
      <div className="hashtag-strip__track" aria-hidden="true">
        {Array.from({ length: LIMITS.hashtagRepeats }, (_, i) => (
          <span key={i} className="hashtag-strip__item">
            {brand.hashtag}
            <svg viewBox="0 0 64 64" width="14" height="14">
              <path
                fill="currentColor"
                d="M50 12C30 12 15 22 15 39c0 4 1 7.5 3 10.5C22 36 31 27 43 21 33 29 25 39 21 52c3.5 1.5 7 2 10 2 16 0 23-15 19-42Z"
              />
            </svg>
          </span>
        ))}
      </div>
    </section>
  );
}
