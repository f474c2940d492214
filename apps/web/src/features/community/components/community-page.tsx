import { brand } from '@vanya/catalog';
import type { ReactNode } from 'react';

import { ResponsiveImage } from '../../../components/media/responsive-image';
import { PageTitle } from '../../../components/ui/page-title';
import { useMetaDescription } from '../../../hooks/use-meta-description';
import { COMMUNITY_TEXTS as T } from '../texts';
import { WaitlistForm } from './waitlist-form';
import './community-page.css';

/** Full-screen background with 'Join the Waitlist'; the community section follows below. */
export function CommunityPage({ children }: { children?: ReactNode }) {
  useMetaDescription(T.lead);
  return (
    <>
      <PageTitle title={T.heading} />
      <section className="community-hero">
        <ResponsiveImage
          src="/media/scenes/community-bg.webp"
          alt=""
          sizes="100vw"
          priority
          pictureClassName="community-hero__picture"
          className="community-hero__image"
        />
        <div className="container community-hero__inner">
          <p className="eyebrow community-hero__eyebrow">{brand.hashtag}</p>
          <h1 className="community-hero__title">{T.heading}</h1>
          <p className="community-hero__lead">{T.lead}</p>
          <WaitlistForm />
        </div>
      </section>
      {children}
    </>
  );
}
