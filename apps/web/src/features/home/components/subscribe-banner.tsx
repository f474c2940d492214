import { Link } from 'react-router-dom';

import { PATHS } from '../../../config/paths';
import { HOME_TEXTS as T } from '../texts';

/** The closing banner: join the community (/community). */
export function SubscribeBanner() {
  return (
    <section className="container subscribe" aria-labelledby="subscribe-heading">
      <div className="subscribe__card">
        <p className="eyebrow subscribe__eyebrow">{T.subscribeEyebrow}</p>
        <h2 id="subscribe-heading" className="subscribe__heading">
          {T.subscribeHeading}
        </h2>
        <p className="subscribe__text">{T.subscribeText}</p>
        <Link className="btn btn--light btn--lg" to={PATHS.community}>
          {T.subscribe}
        </Link>
      </div>
    </section>
  );
}
