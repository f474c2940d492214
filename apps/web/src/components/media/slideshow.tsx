import { SHOP_MESSAGES } from '@vanya/contracts';
import { TIMINGS } from '@vanya/catalog';
import { useCallback, useId, useState, type ReactNode } from 'react';

import { useReducedMotion } from '../../hooks/use-reduced-motion';
import { ResponsiveImage } from './responsive-image';
import { useAutoplay, usePauseState } from './use-autoplay';
import { useSwipe } from './use-swipe';
import './slideshow.css';

/** A picture, with a caption drawn over its foot when it has one. */
export type Slide = { src: string; alt: string; caption?: string };

type SlideshowProps = {
  slides: readonly Slide[];
  /** Names the carousel for screen readers, e.g. 'Body Butter images'. */
  label: string;
  sizes: string;
  intervalMs?: number;
  /** Fetch the first image early: it is the page's main image. */
  priority?: boolean;
  /** Small pictures under the main one (product pages). */
  thumbnails?: boolean;
  className?: string;
  /** Drawn over the images, e.g. a badge. */
  overlay?: ReactNode;
};

/**
 * Fading image slideshow: advances every 3 s (TIMINGS.slideshowMs) and loops; arrows, dots and a
 * 50 px swipe on touch screens move it by hand. Images that fail to load drop out, and with none
 * left it says 'No images available'.
 */
export function Slideshow({
  slides,
  label,
  sizes,
  intervalMs = TIMINGS.slideshowMs,
  priority = false,
  thumbnails = false,
  className,
  overlay,
}: SlideshowProps) {
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  // The first picture loads alone; the others (and the thumbnails) follow once it has shown, so
  // they do not slow it down.
  const [warm, setWarm] = useState(false);
  const valid = slides.filter((slide) => slide.src.trim() !== '' && !failed.has(slide.src));
  const [rawIndex, setIndex] = useState(0);
  const count = valid.length;
  const index = count > 0 ? rawIndex % count : 0;
  const id = useId();
  const pause = usePauseState();

  const next = useCallback(() => setIndex((i) => (count > 0 ? (i + 1) % count : 0)), [count]);
  const previous = useCallback(
    () => setIndex((i) => (count > 0 ? (i - 1 + count) % count : 0)),
    [count],
  );
  const reducedMotion = useReducedMotion();
  useAutoplay(next, intervalMs, count > 1 && !pause.paused);
  const swipe = useSwipe(next, previous);

  if (count === 0) {
    return (
      <div className={`slideshow slideshow--empty ${className ?? ''}`}>
        <p className="slideshow__empty">{SHOP_MESSAGES.noImages}</p>
      </div>
    );
  }

  const markFailed = (src: string) =>
    setFailed((current) => {
      const nextSet = new Set(current);
      nextSet.add(src);
      return nextSet;
    });

  return (
    <section
      className={`slideshow ${className ?? ''}`}
      aria-roledescription="carousel"
      aria-label={label}
      {...pause.hoverProps}
    >
      <div className="slideshow__viewport" {...swipe}>
        {valid.map((slide, i) => (
          <div
            key={slide.src}
            className={i === index ? 'slideshow__slide is-active' : 'slideshow__slide'}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${count}`}
            aria-hidden={i !== index}
            id={`${id}-slide-${i}`}
          >
            {i === 0 || warm || i === index ? (
              <ResponsiveImage
                src={slide.src}
                alt={slide.alt}
                sizes={sizes}
                priority={priority && i === 0}
                pictureClassName="slideshow__picture"
                className="slideshow__image"
                draggable={false}
                onLoad={i === 0 ? () => setWarm(true) : undefined}
                onError={() => {
                  markFailed(slide.src);
                  setWarm(true);
                }}
              />
            ) : null}
            {slide.caption ? <p className="slideshow__caption">{slide.caption}</p> : null}
          </div>
        ))}
        {overlay}
        {count > 1 ? (
          <>
            <button
              type="button"
              className="slideshow__arrow slideshow__arrow--prev"
              aria-label="Previous image"
              onClick={previous}
            >
              <Chevron direction="left" />
            </button>
            <button
              type="button"
              className="slideshow__arrow slideshow__arrow--next"
              aria-label="Next image"
              onClick={next}
            >
              <Chevron direction="right" />
            </button>
          </>
        ) : null}
      </div>

      {count > 1 ? (
        <div className="slideshow__controls">
          {thumbnails ? (
            <div className="slideshow__thumbs">
              {valid.map((slide, i) => (
                <button
                  key={slide.src}
                  type="button"
                  className={i === index ? 'slideshow__thumb is-active' : 'slideshow__thumb'}
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-controls={`${id}-slide-${i}`}
                  onClick={() => setIndex(i)}
                >
                  {warm ? <ResponsiveImage src={slide.src} alt="" sizes="96px" /> : null}
                </button>
              ))}
            </div>
          ) : (
            <div className="slideshow__dots">
              {valid.map((slide, i) => (
                <button
                  key={slide.src}
                  type="button"
                  className={i === index ? 'slideshow__dot is-active' : 'slideshow__dot'}
                  aria-label={`Show image ${i + 1} of ${count}`}
                  aria-current={i === index ? 'true' : undefined}
                  aria-controls={`${id}-slide-${i}`}
                  onClick={() => setIndex(i)}
                />
              ))}
            </div>
          )}
          {reducedMotion ? null : (
            <PauseButton paused={pause.pausedByUser} onClick={pause.togglePaused} />
          )}
        </div>
      ) : null}
    </section>
  );
}

/** Stops and restarts automatic movement (with reduced motion nothing moves, so it is not shown). */
export function PauseButton({ paused, onClick }: { paused: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className="media-pause"
      aria-label={paused ? 'Play slideshow' : 'Pause slideshow'}
      onClick={onClick}
    >
      {paused ? (
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
        </svg>
      ) : (
        <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
          <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
        </svg>
      )}
    </button>
  );
}

export function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
