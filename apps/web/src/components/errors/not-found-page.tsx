import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';

import { PATHS } from '../../config/paths';
import { LeafMark } from '../ui/icons';
import { PageTitle } from '../ui/page-title';
import { ERROR_TEXTS } from './error-texts';
import './error-pages.css';

/** Catch-all page for unknown paths. */
export function NotFoundPage() {
  const { pathname, search } = useLocation();

  useEffect(() => {
    console.warn(`404: no page at ${pathname}${search}`);
  }, [pathname, search]);

  return (
    <section className="not-found" aria-labelledby="not-found-code">
      <PageTitle title="Page not found" />
      <div className="not-found__inner">
        <LeafMark className="not-found__leaf" size={56} />
        <h1 className="not-found__code" id="not-found-code">
          {ERROR_TEXTS.notFoundCode}
        </h1>
        <p className="not-found__message">{ERROR_TEXTS.notFoundMessage}</p>
        <Link className="btn btn--primary" to={PATHS.home}>
          {ERROR_TEXTS.returnHome}
        </Link>
      </div>
    </section>
  );
}
