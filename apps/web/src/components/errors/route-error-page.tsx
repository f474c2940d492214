import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';

import { PATHS } from '../../config/paths';
import { PageTitle } from '../ui/page-title';
import { ERROR_TEXTS } from './error-texts';
import './error-pages.css';

/** The router's errorElement: a loader, lazy module or page component threw. */
export function RouteErrorPage() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : import.meta.env.DEV && error instanceof Error
      ? error.message
      : null;

  return (
    <section className="error-page" aria-labelledby="route-error-title">
      <PageTitle title={ERROR_TEXTS.unexpectedTitle} />
      <div className="error-page__card">
        <h1 className="error-page__title" id="route-error-title">
          {ERROR_TEXTS.unexpectedTitle}
        </h1>
        <p className="error-page__lead">{ERROR_TEXTS.unexpectedLead}</p>
        {detail ? <pre className="error-page__detail">{detail}</pre> : null}
        <div className="error-page__actions">
          <Link className="btn btn--primary" to={PATHS.home}>
            {ERROR_TEXTS.returnHome}
          </Link>
        </div>
      </div>
    </section>
  );
}
