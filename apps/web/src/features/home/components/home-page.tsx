import { lazy, type ReactNode } from 'react';

import { PageTitle } from '../../../components/ui/page-title';
import { HOME_TEXTS } from '../texts';
import { Deferred } from '../../../components/ui/deferred';
import { HashtagStrip } from './hashtag-strip';
import { HeroSlider } from './hero-slider';
import './home-page.css';

// Below the first screen: their code loads after it, while the visitor looks at the hero.
const BenefitVideo = lazy(() =>
  import('./benefit-video').then((module) => ({ default: module.BenefitVideo })),
);
const ProductVideos = lazy(() =>
  import('./product-videos').then((module) => ({ default: module.ProductVideos })),
);
const FeatureBlock = lazy(() =>
  import('./feature-block').then((module) => ({ default: module.FeatureBlock })),
);
const SubscribeBanner = lazy(() =>
  import('./subscribe-banner').then((module) => ({ default: module.SubscribeBanner })),
);

/** The home page; the community section comes from its own feature (see app/routes/home.tsx). */
export function HomePage({ community }: { community?: ReactNode }) {
  return (
    <div className="home">
      <PageTitle />
      <h1 className="visually-hidden">{HOME_TEXTS.heading}</h1>
      <HeroSlider />
      <HashtagStrip />
      <Deferred minHeight="100svh">
        <BenefitVideo />
      </Deferred>
      <Deferred minHeight="60rem">
        <ProductVideos />
      </Deferred>
      <Deferred minHeight="120rem">
        <FeatureBlock />
      </Deferred>
      <Deferred minHeight="100rem">{community}</Deferred>
      <Deferred minHeight="24rem">
        <SubscribeBanner />
      </Deferred>
    </div>
  );
}
