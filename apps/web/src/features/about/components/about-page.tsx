import { TIMINGS } from '@vanya/catalog';
import { Link } from 'react-router-dom';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { Slideshow } from '../../../components/media/slideshow';
import { PageTitle } from '../../../components/ui/page-title';
import { PATHS } from '../../../config/paths';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { ABOUT_TEXTS as T } from '../texts';
import './about-page.css';

const VALUE_ICONS = [
  // A leaf, a heart and a globe, drawn in one stroke style.
  'M24 8c-9 0-16 6-16 15 0 2 .5 4 1.5 5.5C12 22 17 17 24 14c-6 4-10 10-12 16 2 1 4 1.5 6 1.5 9 0 12-9 6-23.5Z',
  'M24 38s-13-8-15.5-16C6.5 15.5 10.5 10 16 10c3.4 0 6 1.8 8 4.6 2-2.8 4.6-4.6 8-4.6 5.5 0 9.5 5.5 7.5 12C37 30 24 38 24 38Z',
  'M24 8a16 16 0 1 0 0 32 16 16 0 0 0 0-32Zm-16 16h32M24 8c5 4 7 10 7 16s-2 12-7 16c-5-4-7-10-7-16s2-12 7-16Z',
];

export function AboutPage() {
  useMetaDescription(T.lead);
  return (
    <>
      <PageTitle title={T.heading} />
      <section className="about-hero">
        <div className="container about-hero__inner">
          <h1 className="about-hero__title">{T.heading}</h1>
          <p className="about-hero__tagline">{T.tagline}</p>
          <p className="about-hero__lead">{T.lead}</p>
        </div>
      </section>

      <section className="container about-story" aria-labelledby="story-heading">
        <div className="about-story__text">
          <p className="eyebrow">Since our first batch</p>
          <h2 id="story-heading">{T.storyHeading}</h2>
          {T.story.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
        <ResponsiveImage
          src="/media/scenes/about-story.webp"
          alt="Jars of whipped body butter and bars of soap on a wooden table with kokum fruit and turmeric"
          sizes="(min-width: 900px) 560px, 92vw"
          width={1280}
          height={960}
          pictureClassName="about-story__picture"
          className="about-story__image"
        />
      </section>

      <section className="about-founder" aria-labelledby="founder-heading">
        <div className="container about-founder__inner">
          <ResponsiveImage
            src="/media/scenes/about-founder.webp"
            alt={`Illustrated portrait of ${T.founderName}`}
            sizes="(min-width: 900px) 360px, 70vw"
            width={1280}
            height={1280}
            pictureClassName="about-founder__picture"
            className="about-founder__image"
          />
          <figure className="about-founder__quote">
            <h2 id="founder-heading" className="eyebrow about-founder__kicker">
              {T.founderHeading}
            </h2>
            <blockquote>
              <p>{T.founderQuote}</p>
            </blockquote>
            <figcaption>
              <span className="about-founder__name">{T.founderName}</span>
              <span className="about-founder__role">{T.founderRole}</span>
            </figcaption>
          </figure>
        </div>
      </section>

      <section className="container about-values" aria-labelledby="values-heading">
        <h2 id="values-heading">{T.valuesHeading}</h2>
        <ul className="about-values__grid">
          {T.values.map((value, index) => (
            <li key={value.title} className="value-card">
              <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
                <path
                  d={VALUE_ICONS[index]}
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                />
              </svg>
              <h3>{value.title}</h3>
              <p>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container about-gallery" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading">{T.galleryHeading}</h2>
        {/* Three slides, 3000 ms apart, looping, with dots to click; it goes on after a click. */}
        <Slideshow
          slides={T.gallery.map((slide) => ({ ...slide, alt: slide.caption }))}
          label={T.galleryHeading}
          sizes="(min-width: 1200px) 1200px, 100vw"
          intervalMs={TIMINGS.aboutCarouselMs}
          className="about-carousel"
        />
      </section>

      <section className="about-cta">
        <div className="container about-cta__inner">
          <p className="about-cta__hashtag">{T.ctaHeading}</p>
          <p className="about-cta__text">{T.ctaText}</p>
          <Link className="btn btn--light btn--lg" to={PATHS.community}>
            {T.joinUs}
          </Link>
        </div>
      </section>
    </>
  );
}
