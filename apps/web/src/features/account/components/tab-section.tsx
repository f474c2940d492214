import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { Spinner } from '../../../components/ui/spinner';
import { getErrorMessage } from '../../../lib/api-client';

const LOAD_FAILED = 'We could not load this list.';
const RETRY = 'Try again';

/** A titled block inside a tab. */
export function TabSection({
  title,
  lead,
  children,
  aside,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
  /** Shown beside the title (a link or button). */
  aside?: ReactNode;
}) {
  return (
    <section className="tab-section">
      <header className="tab-section__head">
        <div>
          <h2 className="tab-section__title">{title}</h2>
          {lead ? <p className="tab-section__lead">{lead}</p> : null}
        </div>
        {aside ? <div className="tab-section__aside">{aside}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** A list from the API with its loading, failure and empty states. */
export function QueryList<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** The tab's empty text ('No orders found.' ...). */
  empty: string;
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <p className="list-state" role="status">
        <Spinner /> Loading…
      </p>
    );
  }
  if (query.isError) {
    return (
      <div className="list-state list-state--error" role="alert">
        <p>{getErrorMessage(query.error, LOAD_FAILED)}</p>
        <button
          type="button"
          className="btn btn--ghost btn--sm"
          onClick={() => void query.refetch()}
        >
          {RETRY}
        </button>
      </div>
    );
  }
  if (query.data.length === 0) return <p className="list-state list-state--empty">{empty}</p>;
  return <>{children(query.data)}</>;
}
