import { Link, useLocation } from 'react-router-dom';

import { Slideshow } from '../../../components/media/slideshow';
import { PATHS } from '../../../config/paths';
import { prefersReducedMotion } from '../../../hooks/use-reduced-motion';
import { COMMUNITY_TEXTS as T } from '../texts';
import { CommunityReels } from './community-reels';
import './community-section.css';

/**
 * The community block of the home page (and of /community): a slideshow, 'Join', the four reels
 * and the about, vision, ingredients and community texts. On /community itself 'Join' scrolls
 * back up to the waitlist instead of linking to the page it is on.
 */
export function CommunitySection() {
  const { pathname } = useLocation();
  const onCommunityPage = pathname === PATHS.community;

  return (
    <section className="community" aria-labelledby="community-heading">
      <div className="container community__intro">
        <div className="community__copy">
          <p className="eyebrow">{T.sectionEyebrow}</p>
          <h2 id="community-heading">{T.sectionHeading}</h2>
          <dl className="community__blocks">
            {T.blocks.map((block) => (
              <div key={block.title}>
                <dt>{block.title}</dt>
                <dd>{block.text}</dd>
              </div>
            ))}
          </dl>
          {onCommunityPage ? (
            <button
              type="button"
              className="btn btn--primary btn--lg"
              onClick={() =>
                window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' })
              }
            >
              {T.join}
            </button>
          ) : (
            <Link className="btn btn--primary btn--lg" to={PATHS.community}>
              {T.join}
            </Link>
          )}
        </div>
        <Slideshow
          className="community__slideshow"
          slides={T.slides}
          label="Community pictures"
          sizes="(min-width: 960px) 520px, 92vw"
        />
      </div>

      <div className="container community__reels">
        <h3 className="community__reels-heading">{T.reelsHeading}</h3>
        <CommunityReels />
      </div>
    </section>
  );
}
