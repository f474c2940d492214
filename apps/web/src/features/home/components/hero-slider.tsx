import { TIMINGS } from '@vanya/catalog';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';

import { useAutoplay, usePauseState } from '../../../components/media/use-autoplay';
import { PauseButton } from '../../../components/media/slideshow';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { HERO_MOBILE_MEDIA, heroSources } from '../hero-images';
import { HERO_SLIDES, HOME_TEXTS, type HeroSlide } from '../texts';

function HeroPicture({
  slide,
  priority,
  onLoad,
}: {
  slide: HeroSlide;
  priority: boolean;
  onLoad?: () => void;
}) {
  const sources = heroSources(slide);
  return (
    <picture className="hero__picture">
      <source media={HERO_MOBILE_MEDIA} type="image/avif" srcSet={sources.mobileAvif} />
      <source media={HERO_MOBILE_MEDIA} type="image/webp" srcSet={sources.mobileWebp} />
      <source type="image/avif" srcSet={sources.desktopAvif} sizes={sources.sizes} />
      <source type="image/webp" srcSet={sources.desktopWebp} sizes={sources.sizes} />
      <img
        className="hero__image"
        src={slide.imgDesktop}
        alt=""
        width={1600}
        height={900}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : 'low'}
        decoding="async"
        onLoad={onLoad}
        onError={onLoad}
      />
    </picture>
  );
}

/**
 * Full-height hero of five fading slides, 5 s each, looping. It
 * pauses while hovered or focused and has its own pause button; with reduced motion it stays put.
 */
export function HeroSlider() {
  const [index, setIndex] = useState(0);
  // Only the first picture loads with the page; the rest follow once it has shown.
  const [warm, setWarm] = useState(false);
  const pause = usePauseState();
  const reducedMotion = useReducedMotion();
  const count = HERO_SLIDES.length;
  const next = useCallback(() => setIndex((i) => (i + 1) % count), [count]);
  useAutoplay(next, TIMINGS.heroSlideMs, !pause.paused);

  return (
    <section
      className="hero"
      aria-roledescription="carousel"
      aria-label={HOME_TEXTS.heroLabel}
      {...pause.hoverProps}
    >
      {HERO_SLIDES.map((slide, i) => (
        <div
          key={slide.id}
          className={i === index ? 'hero__slide is-active' : 'hero__slide'}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${count}`}
          aria-hidden={i !== index}
          inert={i !== index}
        >
          {i === 0 || warm ? (
            <HeroPicture
              slide={slide}
              priority={i === 0}
              onLoad={i === 0 ? () => setWarm(true) : undefined}
            />
          ) : null}
          <div className="container hero__content">
            <p className="hero__eyebrow">{slide.eyebrow}</p>
            <h2 className="hero__title">{slide.title}</h2>
            <p className="hero__text">{slide.text}</p>
            <Link className="btn btn--light btn--lg hero__cta" to={slide.productLink}>
              {HOME_TEXTS.shopNow}
            </Link>
          </div>
        </div>
      ))}
      <div className="container hero__controls">
        <div className="hero__dots">
          {HERO_SLIDES.map((slide, i) => (
            <button
              key={slide.id}
              type="button"
              className={i === index ? 'hero__dot is-active' : 'hero__dot'}
              aria-label={`Show slide ${i + 1} of ${count}: ${slide.title}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
        {reducedMotion ? null : (
          <PauseButton paused={pause.pausedByUser} onClick={pause.togglePaused} />
        )}
      </div>
    </section>
  );
}
